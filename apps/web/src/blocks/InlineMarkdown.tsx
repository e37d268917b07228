import { useMemo } from 'react';
import { useKatex } from './katex';
import { useInlineMarkdown } from './markdownLoad';

/**
 * A description written in light markup, as one line of rendered text: emphasis, links (which
 * the board's link handling opens as any link on the board), code and formulas. `plain`: its
 * words only, for a place where a link may not be (inside a button). As written until the
 * renderer is here.
 */
export function InlineMarkdown({ text, plain = false }: { text: string; plain?: boolean }) {
  const katex = useKatex();
  const render = useInlineMarkdown();
  const html = useMemo(() => (render ? render(text, katex) : null), [render, text, katex]);
  if (html === null) return <>{text}</>;
  if (plain) {
    const words = new DOMParser().parseFromString(html, 'text/html').body.textContent;
    return <>{words}</>;
  }
  return <span className="inline-md" dangerouslySetInnerHTML={{ __html: html }} />;
}
