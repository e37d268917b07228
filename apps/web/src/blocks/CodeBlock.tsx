import { useEffect, useState } from 'react';
import DOMPurify from 'dompurify';
import type { BlockRenderer } from './types';

/** highlight.js is loaded the first time a code block is on screen, not with the app. */
let hljsLoading: Promise<typeof import('highlight.js/lib/common').default> | null = null;

/** The code between the fences; the fence lines themselves are markup, not content. */
export function fencedBody(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n?/, '').replace(/\n?(```|~~~)\s*$/, '');
}

export const CodeBlock: BlockRenderer = ({ block }) => {
  const body = fencedBody(block.text);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    hljsLoading ??= import('highlight.js/lib/common').then((m) => m.default);
    void hljsLoading.then((hljs) => {
      const lang =
        block.highlightLanguage && hljs.getLanguage(block.highlightLanguage)
          ? block.highlightLanguage
          : undefined;
      const out = lang
        ? hljs.highlight(body, { language: lang }).value
        : hljs.highlightAuto(body).value;
      if (live) setHtml(DOMPurify.sanitize(out));
    });
    return () => {
      live = false;
    };
  }, [body, block.highlightLanguage]);
  // A long line scrolls the block sideways; it takes focus so the keyboard can scroll it too.
  return (
    <pre className="block block-code" tabIndex={0}>
      {html === null ? (
        <code className="hljs">{body}</code>
      ) : (
        <code className="hljs" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </pre>
  );
};
