/**
 * markdown-it and DOMPurify, loaded when a markdown block is first needed rather than with the
 * app: together they are about a sixth of the app's first download, and plain text, pictures
 * and media need neither. As with KaTeX, boards with a markdown block wait for them before they
 * are shown (preloadMarkdownFor), so their text is set from the first paint and the notes
 * anchored in it never move. A markdown block met before they are here (one typed into a new
 * item) shows its text as written until they arrive, and is drawn again then (useMarkdown).
 */
import { useSyncExternalStore } from 'react';
import type { Multilist } from '@listboard/core';

export type RenderMarkdown = (typeof import('./markdown'))['renderMarkdown'];
export type RenderInlineMarkdown = (typeof import('./markdown'))['renderInlineMarkdown'];
type Renderers = typeof import('./markdown');

let render: RenderMarkdown | null = null;
let renderInline: RenderInlineMarkdown | null = null;
let renderNote: Renderers['renderNoteMarkdown'] | null = null;
let loading: Promise<RenderMarkdown> | null = null;
const waiting = new Set<() => void>();

export function loadMarkdown(): Promise<RenderMarkdown> {
  loading ??= import('./markdown').then((m) => {
    render = m.renderMarkdown;
    renderInline = m.renderInlineMarkdown;
    renderNote = m.renderNoteMarkdown;
    waiting.forEach((wake) => wake());
    return m.renderMarkdown;
  });
  return loading;
}

/** The markdown renderer if it is here yet. */
export const currentMarkdown = (): RenderMarkdown | null => render;
const currentInline = (): RenderInlineMarkdown | null => renderInline;
const currentNote = () => renderNote;

const whenLoaded = (wake: () => void) => {
  waiting.add(wake);
  return () => waiting.delete(wake);
};

/**
 * A renderer once it is here (asking for it, when `wanted`); a component that reads it is drawn
 * again then.
 */
function useLoaded<T>(current: () => T | null, wanted = true): T | null {
  const loaded = useSyncExternalStore(whenLoaded, current);
  if (!loaded && wanted) void loadMarkdown();
  return loaded;
}

/** The markdown renderer of blocks. */
export const useMarkdown = (): RenderMarkdown | null => useLoaded(currentMarkdown);

/** The inline renderer, for a line of light markup (a description). */
export const useInlineMarkdown = (): RenderInlineMarkdown | null => useLoaded(currentInline);

/** The renderer of a note's words, asked for when `wanted` (words with markup in them). */
export const useNoteMarkdown = (wanted: boolean): Renderers['renderNoteMarkdown'] | null =>
  useLoaded(currentNote, wanted);

/**
 * Whether a note's words may hold light markup (emphasis, code, a link, a formula, an entity, a
 * mention, a tag): a note without any is shown as it is, with no renderer to wait for.
 */
export const noteHasMarkup = (text: string): boolean =>
  /[*_`[\]$\\<&~]|:\/\/|www\.|@|#\p{L}/u.test(text);

/** The block types markdown-it renders. */
export const MARKDOWN_BLOCKS: ReadonlySet<string> = new Set([
  'mdtext',
  'mdlist',
  'mdtable',
  'mdhtml',
  'mdtextlink',
]);

/** Loads the renderer before boards with a markdown block in their items or notes are shown. */
export async function preloadMarkdownFor(boards: readonly Multilist[]): Promise<void> {
  if (render) return;
  const inBlocks = (x: { blocks: readonly { type: string }[] }) =>
    x.blocks.some((bl) => MARKDOWN_BLOCKS.has(bl.type));
  // A note shown away from its item (on a results page) is anchored in that item's text.
  // A note's own words are light markup too.
  const hasMarkdown = boards.some((b) =>
    b.lists.some((l) =>
      l.items.some(
        (i) =>
          [i, ...i.notes].some((x) => inBlocks(x) || (x.onItem ? inBlocks(x.onItem) : false)) ||
          i.notes.some((n) => noteHasMarkup(n.text)),
      ),
    ),
  );
  if (hasMarkdown) await loadMarkdown();
}
