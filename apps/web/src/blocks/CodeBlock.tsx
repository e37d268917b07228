import { useEffect, useState } from 'react';
import type { BlockRenderer } from './types';

type Hljs = (typeof import('highlight.js/lib/common'))['default'];
type Purify = (typeof import('dompurify'))['default'];

/** highlight.js (and DOMPurify) are loaded the first time a code block is on screen. */
let hljsLoading: Promise<[Hljs, Purify]> | null = null;

/** The code between the fences; the fence lines themselves are markup, not content. */
export function fencedBody(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n?/, '').replace(/\n?(```|~~~)\s*$/, '');
}

export const CodeBlock: BlockRenderer = ({ block }) => {
  const body = fencedBody(block.text);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    hljsLoading ??= Promise.all([import('highlight.js/lib/common'), import('dompurify')]).then(
      ([h, p]) => [h.default, p.default],
    );
    void hljsLoading.then(([hljs, DOMPurify]) => {
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
