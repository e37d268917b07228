import { describe, expect, it } from 'vitest';
import {
  boardListedFor,
  canSee,
  replyVisibility,
  viewerOf,
  type VisibleBoard,
  type VisibleItem,
} from './visibility';

const board: VisibleBoard = {
  id: 'b1',
  owner: 'author',
  authors: ['co'],
  members: [{ username: 'ed', privileges: ['edit'] }],
  hasPassword: false,
};
const locked: VisibleBoard = { ...board, id: 'b2', hasPassword: true };
const u = (username: string, roles: string[] = ['reader']) => ({ username, roles });
const item = (over: Partial<VisibleItem> = {}): VisibleItem => ({
  author: 'sam',
  isPrivate: false,
  groupName: null,
  noteStatus: null,
  annotationClass: 'none',
  ...over,
});
const sees = (
  viewer: ReturnType<typeof viewerOf>,
  i: VisibleItem,
  thread?: VisibleItem,
  b = board,
) => canSee(viewer, { kind: 'item', board: b, item: i, thread });

describe('canSee', () => {
  it('shows a board behind a password to its authors, editors and admins, and to a session that unlocked it', () => {
    expect(canSee(viewerOf(u('kim')), { kind: 'board', board: locked })).toBe(false);
    expect(canSee(viewerOf(null), { kind: 'board', board: locked })).toBe(false);
    expect(canSee(viewerOf(u('kim'), [], ['b2']), { kind: 'board', board: locked })).toBe(true);
    for (const who of [u('author'), u('co'), u('ed'), u('root', ['lbadmin'])]) {
      expect(canSee(viewerOf(who), { kind: 'board', board: locked })).toBe(true);
    }
    expect(canSee(viewerOf(null), { kind: 'board', board })).toBe(true);
  });

  it('lists an unlisted board only for its author, the people on it, admins and a session that unlocked it, yet opens it for anyone', () => {
    const unlisted = { ...board, listed: false, contributors: ['con'] };
    for (const who of [u('author'), u('co'), u('ed'), u('con'), u('root', ['lbadmin'])]) {
      expect(boardListedFor(viewerOf(who), unlisted)).toBe(true);
    }
    for (const who of [u('kim'), u('guest', ['guest']), null]) {
      expect(boardListedFor(viewerOf(who), unlisted)).toBe(false);
      expect(canSee(viewerOf(who), { kind: 'board', board: unlisted })).toBe(true);
    }
    expect(boardListedFor(viewerOf(u('kim'), [], ['b1']), unlisted)).toBe(true);
    expect(boardListedFor(viewerOf(null), { ...unlisted, listed: true })).toBe(true);
  });

  it('hides a note on a private item with that item, except from the note’s own writer', () => {
    const privateItem = item({ author: 'author', isPrivate: true });
    const anno = item({ author: 'author', annotationClass: 'anno' });
    const note = item({ author: 'kim', annotationClass: 'note', noteStatus: 'pending' });
    const on = (who: ReturnType<typeof viewerOf>, n: VisibleItem) =>
      canSee(who, { kind: 'item', board, item: n, on: privateItem });
    expect(on(viewerOf(u('kim')), anno)).toBe(false);
    expect(on(viewerOf(u('co')), anno)).toBe(false);
    expect(on(viewerOf(u('author')), anno)).toBe(true);
    expect(on(viewerOf(u('kim')), note)).toBe(true);
    expect(canSee(viewerOf(u('kim')), { kind: 'item', board, item: anno, on: item() })).toBe(true);
  });

  it('hides every item of a locked board, even a public one, until it is unlocked', () => {
    expect(sees(viewerOf(u('kim')), item(), undefined, locked)).toBe(false);
    expect(sees(viewerOf(u('kim'), [], new Set(['b2'])), item(), undefined, locked)).toBe(true);
  });

  it('shows a private item to its author only', () => {
    const p = item({ isPrivate: true });
    expect(sees(viewerOf(u('sam')), p)).toBe(true);
    for (const who of [u('kim'), u('author'), u('root', ['lbadmin']), null]) {
      expect(sees(viewerOf(who), p)).toBe(false);
    }
  });

  it('hides a reply wherever its thread is hidden', () => {
    const root = item({ annotationClass: 'note', noteStatus: 'dismissed', author: 'sam' });
    const reply = item({ annotationClass: 'reply', author: 'kim' });
    // The reply's writer keeps seeing it; others see it only with the thread.
    expect(sees(viewerOf(u('kim')), reply, root)).toBe(true);
    expect(sees(viewerOf(u('lee')), reply, root)).toBe(false);
    expect(sees(viewerOf(u('sam')), reply, root)).toBe(true);
    expect(sees(viewerOf(u('author')), reply, root)).toBe(true);
    const open = { ...root, noteStatus: 'pending' as const };
    expect(sees(viewerOf(u('lee')), reply, open)).toBe(true);
  });

  it('gives a reply its thread’s privacy and group', () => {
    expect(replyVisibility({ isPrivate: true, groupName: null }, { isPrivate: false })).toEqual({
      isPrivate: true,
      groupName: null,
    });
    expect(replyVisibility({ isPrivate: false, groupName: 'g' }, {})).toEqual({
      isPrivate: false,
      groupName: 'g',
    });
  });

  it('shows a private group to its members and admins only', () => {
    const group = { name: 'g', isPrivate: true };
    expect(canSee(viewerOf(u('kim')), { kind: 'group', group })).toBe(false);
    expect(canSee(viewerOf(u('kim'), ['g']), { kind: 'group', group })).toBe(true);
    expect(canSee(viewerOf(u('root', ['lbadmin'])), { kind: 'group', group })).toBe(true);
    expect(canSee(viewerOf(null), { kind: 'group', group: { name: 'o', isPrivate: false } })).toBe(
      true,
    );
  });
});
