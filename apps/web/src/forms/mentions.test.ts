import { describe, expect, it } from 'vitest';
import { makeBoard } from '../test/fixtures';
import { peopleOn, suggestions, SUGGESTED } from './mentions';

describe('whom a note can mention', () => {
  const board = makeBoard('author', 'Course', [{ title: 'Week 1', items: ['Read this.'] }]);
  board.authors = ['tara'];
  const item = board.lists[0]!.items[0]!;
  item.notes = [
    { ...item, _id: 'n1', author: 'reader', hint: 'Sam Lee' },
    { ...item, _id: 'n2', author: 'demo', hint: 'Demo Reader' },
    { ...item, _id: 'n3', author: 'guest', hint: 'Guest' },
  ];

  it('is whoever the board shows: its owner, its coauthors, the writers of its items and notes; not oneself or a guest', () => {
    expect(peopleOn(board, 'demo')).toEqual([
      { username: 'author', name: '' },
      { username: 'tara', name: '' },
      { username: 'reader', name: 'Sam Lee' },
    ]);
    expect(peopleOn(null, 'demo')).toEqual([]);
  });

  it('matches the start of a user name or of a word of a name, user names first, at most a few', () => {
    const people = peopleOn(board, null);
    expect(suggestions(people, 'SA').map((p) => p.username)).toEqual(['reader']);
    expect(suggestions(people, 're').map((p) => p.username)).toEqual(['reader', 'demo']);
    expect(suggestions(people, '').map((p) => p.username)).toEqual([
      'author',
      'demo',
      'reader',
      'tara',
    ]);
    const many = Array.from({ length: 9 }, (_, i) => ({ username: `s${i}`, name: '' }));
    expect(suggestions(many, 's')).toHaveLength(SUGGESTED);
  });
});
