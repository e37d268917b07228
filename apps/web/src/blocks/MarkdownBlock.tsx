import { useEffect, useMemo, useRef } from 'react';
import type { BlockRenderer } from './types';
import { useMarkdown } from './markdownLoad';
import { useKatex } from './katex';
import { showNotFound } from './notFoundImage';

/**
 * mdtext, mdlist, mdtable, mdhtml and mdtextlink: markdown-it, then DOMPurify. Until they are
 * loaded (boards wait for them; a block typed since may not), the text shows as written.
 */
export const MarkdownBlock: BlockRenderer = ({ block }) => {
  // Drawn again when KaTeX arrives, for a formula in the text, and when markdown-it does.
  const katex = useKatex();
  const render = useMarkdown();
  const html = useMemo(
    () => (render ? render(block.text, katex) : null),
    [render, block.text, katex],
  );
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
  if (html === null)
    return (
      <div ref={ref} className="block block-md block-md-pending">
        {block.text}
      </div>
    );
  return <div ref={ref} className="block block-md" dangerouslySetInnerHTML={{ __html: html }} />;
};
