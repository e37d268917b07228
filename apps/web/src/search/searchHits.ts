/**
 * A text search's words, marked where they show on its results board (as a search engine shows
 * them in bold): each word, or quoted phrase, at the start of a word, case and accents ignored,
 * painted as the `search-hit` highlight over the rendered text, as local search paints its own.
 * Words the search leaves out (-word), `or`, a tag (name:value) and a trailing * are not marked.
 */
import { useEffect } from 'react';
import type { Multilist } from '@listboard/core';
import { boardSection, findMatches, paint } from './accent';
import { isResultsBoard } from './results';

export const SEARCH_HIT_HIGHLIGHT = 'search-hit';

/** The words and phrases of a text search that its hits hold. */
export function hitWords(searchStr: string): string[] {
  const words: string[] = [];
  for (const [, phrase, word] of searchStr.matchAll(/"([^"]*)"|(\S+)/g)) {
    const w = (phrase ?? word ?? '').replace(/\*+$/, '').trim();
    if (!w || /^or$/i.test(w) || (word !== undefined && (w.startsWith('-') || w.includes(':'))))
      continue;
    words.push(w);
  }
  return words;
}

/** Scripts written without spaces between words: a match may start inside a run of them. */
const UNSPACED = /^[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/** Whether a match starts a word: nothing of a word just before it in its text. */
function startsWord(r: Range): boolean {
  const node = r.startContainer;
  if (!(node instanceof Text) || r.startOffset === 0) return true;
  return !/[\p{L}\p{N}]/u.test(node.data.charAt(r.startOffset - 1));
}

/** The ranges of `words` under root, each at a word's start (anywhere, in unspaced scripts). */
export function findHits(root: Node, words: string[]): Range[] {
  return words.flatMap((w) => {
    const found = findMatches(root, w);
    return UNSPACED.test(w) ? found : found.filter(startsWord);
  });
}

/** Keeps the search's words marked on its results board while it is on screen. */
export function useSearchHits(boards: Multilist[]): void {
  const results = boards.find(isResultsBoard);
  const args = results?.search.args;
  const words = args?.by === 'text' ? hitWords(args.searchStr).join('\n') : '';
  const at = results ? `${results.owner}/${results.ptitle}` : null;
  useEffect(() => {
    // The board's lists: its title, which says what was searched for, is left as it is.
    const board = at ? boardSection(at) : undefined;
    const root = board?.querySelector('.lists') ?? board;
    if (!words || !root) return;
    const mark = () => paint(findHits(root, words.split('\n')), SEARCH_HIT_HIGHLIGHT);
    mark();
    // Lists draw their items as they scroll into view: each change is marked again.
    let frame = 0;
    const observer = new MutationObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(mark);
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      paint([], SEARCH_HIT_HIGHLIGHT);
    };
  }, [at, words, boards]);
}
