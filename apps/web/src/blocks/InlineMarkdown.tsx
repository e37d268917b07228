import { useMemo } from 'react';
import { useKatex } from './katex';
import { noteHasMarkup, useInlineMarkdown, useNoteMarkdown } from './markdownLoad';
import type { TagHref } from './markdown';

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

/**
 * A note's words in light markup (emphasis, links, code, formulas, tags leading where `tagHref`
 * says), its lines as written. Words with no markup in them are shown as they are; others as
 * written until the renderer is here.
 */
export function NoteWords({ text, tagHref }: { text: string; tagHref?: TagHref }) {
  const marked = noteHasMarkup(text);
  const katex = useKatex();
  const render = useNoteMarkdown(marked);
  const html = useMemo(
    () => (render ? render(text, katex, tagHref) : null),
    [render, text, katex, tagHref],
  );
  if (html === null) return <>{text}</>;
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}
