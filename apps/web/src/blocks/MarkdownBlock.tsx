import { useEffect, useMemo, useRef } from 'react';
import type { BlockRenderer } from './types';
import { renderMarkdown } from './markdown';
import { useKatex } from './katex';
import { showNotFound } from './notFoundImage';

/** mdtext, mdlist, mdtable, mdhtml and mdtextlink: markdown-it, then DOMPurify. */
export const MarkdownBlock: BlockRenderer = ({ block }) => {
  // Drawn again when KaTeX arrives, for a formula in the text.
  const katex = useKatex();
  const html = useMemo(() => renderMarkdown(block.text, katex), [block.text, katex]);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Image errors do not bubble, but they do pass the container on the way down.
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) showNotFound(e.target);
    };
    el.addEventListener('error', onError, true);
    return () => el.removeEventListener('error', onError, true);
  }, []);
  return <div ref={ref} className="block block-md" dangerouslySetInnerHTML={{ __html: html }} />;
};
