import { describe, expect, it } from 'vitest';
import { boardOfParam, boardParam, listingHref, sameBoards } from './search';

describe('a listing’s address', () => {
  it('narrows the notes on one’s boards to one board, one reader group and one page', () => {
    expect(listingHref('ann', 'pending')).toBe('/ann/home?code=pending&username=ann');
    expect(
      listingHref('ann', 'answered', { board: 'cora/plants', group: 'Section A & B', page: 2 }),
    ).toBe(
      '/ann/home?code=answered&username=ann&board=cora%2Fplants&group=Section%20A%20%26%20B&page=2',
    );
    const back = new URLSearchParams(
      listingHref('ann', 'myNotes', { group: 'Section A & B' }).split('?')[1],
    );
    expect(back.get('group')).toBe('Section A & B');
  });

  it('keeps the order asked, most helpful first, from page to page', () => {
    expect(listingHref('ann', 'pending', { group: 'Tuesday', order: 'helpful', page: 1 })).toBe(
      '/ann/home?code=pending&username=ann&group=Tuesday&order=helpful&page=1',
    );
    expect(listingHref('ann', 'annos', { order: 'helpful' })).toBe(
      '/ann/home?code=annos&username=ann',
    );
  });

  it('keeps neither for a listing of another kind, which neither narrows', () => {
    expect(listingHref('ann', 'annos', { board: 'plants', group: 'Tuesday', page: 1 })).toBe(
      '/ann/home?code=annos&username=ann&page=1',
    );
  });

  it('narrows one’s own Notes to a board, a list of it and a tag, and no further', () => {
    expect(
      listingHref('sam', 'notes', {
        tag: 'evidence',
        board: 'ann/plants',
        list: 'week-2',
        group: 'Monday',
        writer: 'cora',
        page: 1,
      }),
    ).toBe('/sam/home?code=notes&username=sam&board=ann%2Fplants&list=week-2&tag=evidence&page=1');
    expect(listingHref('sam', 'mentions', { tag: 'evidence' })).toBe(
      '/sam/home?code=mentions&username=sam',
    );
  });

  it('names a board of one’s own by its path title, another’s with its owner', () => {
    expect(boardParam('ann', { owner: 'ann', ptitle: 'plants' })).toBe('plants');
    expect(boardParam('ann', { owner: 'cora', ptitle: 'plants' })).toBe('cora/plants');
    expect(boardOfParam('ann', 'cora/plants')).toEqual({ owner: 'cora', ptitle: 'plants' });
    expect(boardOfParam('ann', 'plants')).toEqual({ owner: 'ann', ptitle: 'plants' });
  });

  it('keeps a board from one listing to another only where it narrows both alike', () => {
    expect(sameBoards('pending', 'myNotes')).toBe(true);
    expect(sameBoards('notes', 'notes')).toBe(true);
    expect(sameBoards('notes', 'myNotes')).toBe(false);
    expect(sameBoards('answered', 'notes')).toBe(false);
  });
});
