import MarkdownIt from 'markdown-it';
import DOMPurify from 'dompurify';
import { must } from '@listboard/core';

const md = new MarkdownIt({ html: true, linkify: true, breaks: false, typographer: true });

// Long boards hold many pictures; only the ones scrolled to should cost a download.
const renderImage = must(md.renderer.rules.image, "markdown-it's image rule");
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx]?.attrSet('loading', 'lazy');
  return renderImage(tokens, idx, options, env, self);
};

/** Markdown to safe HTML: authors may write HTML, but nothing that runs script survives. */
export function renderMarkdown(text: string): string {
  return DOMPurify.sanitize(md.render(text), {
    ADD_ATTR: ['target', 'loading'],
    FORBID_TAGS: ['style', 'form'],
  });
}
