import { describe, expect, it } from 'vitest';
import { canSeeNote } from './notes';

const board = { owner: 'author', members: [{ username: 'ed', privileges: [] }] };
const u = (username: string, roles: string[] = ['reader']) => ({ username, roles });
const note = (over: Partial<Parameters<typeof canSeeNote>[2]> = {}) => ({
  author: 'sam',
  isPrivate: false,
  groupName: null,
  noteStatus: 'pending' as const,
  ...over,
});

describe('canSeeNote', () => {
  it('shows a public note to everyone who reads the board, guests included', () => {
    for (const who of [u('sam'), u('kim'), u('guest', ['guest']), u('author')]) {
      expect(canSeeNote(who, board, note(), [])).toBe(true);
    }
    expect(canSeeNote(null, board, note(), [])).toBe(true);
  });

  it('shows a private note to its author only, not even to the board owner or an admin', () => {
    const p = note({ isPrivate: true });
    expect(canSeeNote(u('sam'), board, p, [])).toBe(true);
    expect(canSeeNote(u('author'), board, p, [])).toBe(false);
    expect(canSeeNote(u('root', ['lbadmin']), board, p, [])).toBe(false);
    expect(canSeeNote(u('guest', ['guest']), board, { ...p, author: 'guest' }, [])).toBe(false);
  });

  it('shows a group note to the group, the author and the board’s moderators', () => {
    const g = note({ groupName: 'Alpha' });
    expect(canSeeNote(u('kim'), board, g, ['Alpha'])).toBe(true);
    expect(canSeeNote(u('kim'), board, g, ['Beta'])).toBe(false);
    expect(canSeeNote(u('ed'), board, g, [])).toBe(true);
    expect(canSeeNote(u('author'), board, g, [])).toBe(true);
  });

  it('hides a dismissed note from other readers but not from its author or moderators', () => {
    const d = note({ noteStatus: 'dismissed' });
    expect(canSeeNote(u('kim'), board, d, [])).toBe(false);
    expect(canSeeNote(u('sam'), board, d, [])).toBe(true);
    expect(canSeeNote(u('author'), board, d, [])).toBe(true);
  });
});
