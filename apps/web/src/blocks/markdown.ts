import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';

const md = new MarkdownIt({ html: true, linkify: true, breaks: false, typographer: true });

/** Markdown to safe HTML: authors may write HTML, but nothing that runs script survives. */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(md.render(text), {
    ADD_ATTR: ['target'],
    FORBID_TAGS: ['style', 'form'],
  });
}
