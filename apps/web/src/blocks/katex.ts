/**
 * KaTeX, loaded when a formula is first needed rather than with the app: it is about a fifth of
 * the app's JavaScript and most boards have no math. Boards that do wait for it before they are
 * shown (preloadMathFor), so their formulas are set from the first paint and the text notes are
 * anchored in never changes under them. A formula met before KaTeX is there (one typed into a
 * new item, say) shows its TeX until KaTeX arrives, and its block is drawn again then
 * (useKatex).
 */
import { useSyncExternalStore } from 'react';
import { hasInlineMath, type Multilist } from '@listboard/core';

export type Katex = (typeof import('katex'))['default'];

let katex: Katex | null = null;
let loading: Promise<Katex> | null = null;
const waiting = new Set<() => void>();

export function loadKatex(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => {
    katex = m.default;
    waiting.forEach((wake) => wake());
    return m.default;
  });
  return loading;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** KaTeX if it is here yet. */
export const currentKatex = (): Katex | null => katex;

/**
 * A formula as HTML (what is shown, and a MathML copy for screen readers) with the KaTeX given,
 * or its TeX until KaTeX is here (asking for it).
 */
export function texToHtml(tex: string, display: boolean, with_: Katex | null = katex): string {
  if (!with_) {
    void loadKatex();
    return `<code class="math-pending">${escapeHtml(tex)}</code>`;
  }
  // throwOnError off: a typo in a formula shows in red instead of blanking the item.
  return with_.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
  });
}

/** KaTeX once it is here; a component that reads it is drawn again when it arrives. */
export function useKatex(): Katex | null {
  return useSyncExternalStore((wake) => {
    waiting.add(wake);
    return () => waiting.delete(wake);
  }, currentKatex);
}

const TEX_DELIMITERS = /\\\(|\\\[/;
/** Whether a text may show a formula: one inside a paragraph, or a formula block's delimiters. */
const mathInText = (text: string) => TEX_DELIMITERS.test(text) || hasInlineMath(text);

/** Loads KaTeX before boards with a formula anywhere in their items or notes are shown. */
export async function preloadMathFor(boards: readonly Multilist[]): Promise<void> {
  if (katex) return;
  const hasMath = boards.some((b) =>
    b.lists.some((l) =>
      l.items.some((i) =>
        [i, ...i.notes].some(
          (x) => mathInText(x.text) || x.blocks.some((bl) => bl.type.startsWith('math')),
        ),
      ),
    ),
  );
  if (hasMath) await loadKatex();
}
