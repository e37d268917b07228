import { describe, expect, it } from 'vitest';
import { findMatches, useAccent } from './accent';
import type { FindPlace } from './boardFind';

function dom(html: string): HTMLElement {
  const root = document.createElement('main');
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

describe('findMatches', () => {
  it('finds every occurrence, ignoring case, as ranges over the rendered text', () => {
    const root = dom('<article><p>Fox and fox and FOX.</p></article><article><p>No.</p></article>');
    const found = findMatches(root, 'fox');
    expect(found.map((r) => r.toString())).toEqual(['Fox', 'fox', 'FOX']);
  });

  it('ignores accents, and keeps its place after a letter that lowercases to two (İ)', () => {
    const root = dom('<p>İstanbul ve Iğdır şehirleri, Café Müller, ΟΔΥΣΣΕΥΣ 🎉 ve</p>');
    expect(findMatches(root, 've').map((r) => r.toString())).toEqual(['ve', 've']);
    expect(findMatches(root, 'şehirleri').map((r) => r.toString())).toEqual(['şehirleri']);
    expect(findMatches(root, 'istanbul').map((r) => r.toString())).toEqual(['İstanbul']);
    expect(findMatches(root, 'cafe muller').map((r) => r.toString())).toEqual(['Café Müller']);
    expect(findMatches(root, 'οδυσσευς').map((r) => r.toString())).toEqual(['ΟΔΥΣΣΕΥΣ']);
    expect(findMatches(root, '🎉 ve').map((r) => r.toString())).toEqual(['🎉 ve']);
  });

  it('finds the letters the search spells out (ß as ss, ø as o, ł as l), as the server does', () => {
    const root = dom('<p>Straße 5, Ørsted in Łódź, and Iğdır</p>');
    expect(findMatches(root, 'strasse').map((r) => r.toString())).toEqual(['Straße']);
    expect(findMatches(root, 'orsted in lodz').map((r) => r.toString())).toEqual([
      'Ørsted in Łódź',
    ]);
    expect(findMatches(root, 'igdir').map((r) => r.toString())).toEqual(['Iğdır']);
    // Its place kept after a letter spelled as two.
    expect(findMatches(root, 'e 5').map((r) => r.toString())).toEqual(['e 5']);
  });

  it('matches across inline markup but never across two blocks', () => {
    const root = dom(
      '<article><p>the <em>quick</em> <strong>brown</strong> fox</p></article><article><p>quick</p><p>brown</p></article>',
    );
    const found = findMatches(root, 'quick brown');
    expect(found).toHaveLength(1);
    expect(found[0]!.toString()).toBe('quick brown');
    expect(found[0]!.startContainer.parentElement!.tagName).toBe('EM');
  });

  it('reads runs of spaces as one and leaves form fields and hidden text alone', () => {
    const root = dom(
      '<p>two   words</p><textarea>two words</textarea><span aria-hidden="true">two words</span>',
    );
    expect(findMatches(root, ' two  words ')).toHaveLength(1);
    expect(findMatches(root, '')).toEqual([]);
  });
});

describe('the match local search is at', () => {
  const place = (listId: string, itemId: string | null, matches: number): FindPlace => ({
    multilistId: 'b',
    listId,
    itemId,
    matches,
  });
  const a = place('l1', null, 1);
  const b = place('l2', 'i2', 2);
  const c = place('l3', 'i3', 1);

  it('starts at the first, goes round the board both ways, and says which place to show', () => {
    const accent = useAccent.getState();
    expect(accent.apply('cafe', null, [a, b, c])).toBe(4);
    expect(useAccent.getState().at).toBe(0);
    expect(useAccent.getState().step(1)).toBe(b);
    expect(useAccent.getState().step(1)).toBe(b);
    expect(useAccent.getState().at).toBe(2);
    expect(useAccent.getState().step(1)).toBe(c);
    expect(useAccent.getState().step(1)).toBe(a);
    expect(useAccent.getState().step(-1)).toBe(c);
    expect(useAccent.getState().at).toBe(3);
    useAccent.getState().clear();
    expect(useAccent.getState().step(1)).toBeNull();
  });

  it('keeps the reader at their match as the board changes around it', () => {
    const accent = useAccent.getState();
    accent.apply('cafe', null, [a, b, c]);
    accent.step(1);
    accent.step(1);
    // At b's second match; a goes: still b's second.
    useAccent.getState().setPlaces([b, c]);
    expect(useAccent.getState()).toMatchObject({ at: 1, count: 3 });
    // b now has one match: its last.
    useAccent.getState().setPlaces([place('l2', 'i2', 1), c]);
    expect(useAccent.getState()).toMatchObject({ at: 0, count: 2 });
    // b gone: the first match.
    useAccent.getState().step(1);
    useAccent.getState().setPlaces([a]);
    expect(useAccent.getState()).toMatchObject({ at: 0, count: 1 });
    useAccent.getState().clear();
  });
});
