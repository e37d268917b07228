/**
 * The controls a caller gets on each kind of object follow from the board's abilities alone:
 * each role × each item, annotation, note and reply, against the action the server checks.
 */
import { describe, expect, it } from 'vitest';
import { ITEM_HANDLERS, type BoardAction, type Item, type ItemHandler } from '../model';
import {
  NOTE_ACTIONS,
  abilitiesFor,
  helpfulRefusal,
  itemActions,
  noteActions,
  visitTarget,
} from './abilities';
import type { NoteAction } from './abilities';
import type { PolicyBoard, PolicyUser } from './roles';

const board: PolicyBoard = {
  owner: 'olive',
  authors: ['olive', 'cora', 'carl'],
  members: [{ username: 'eddie', privileges: ['edit', 'delete'] }],
  contributors: ['carl'],
};
const ROLES: Record<string, PolicyUser | null> = {
  anonymous: null,
  guest: { username: 'guest', roles: ['guest'] },
  reader: { username: 'rita', roles: ['reader'] },
  contributor: { username: 'carl', roles: ['author'] },
  editor: { username: 'eddie', roles: ['editor'] },
  coauthor: { username: 'cora', roles: ['author'] },
  owner: { username: 'olive', roles: ['author'] },
  admin: { username: 'adam', roles: ['lbadmin'] },
};

const item = (over: Partial<Item>): Item =>
  ({
    _id: 'i',
    text: 'plain',
    annotationClass: 'none',
    noteStatus: null,
    flags: {},
    ...over,
  }) as Item;

const OBJECTS = {
  content: item({}),
  annotation: item({ annotationClass: 'anno' }),
  pendingNote: item({ annotationClass: 'note', noteStatus: 'pending' }),
  answeredNote: item({ annotationClass: 'note', noteStatus: 'answered' }),
  dismissedNote: item({ annotationClass: 'note', noteStatus: 'dismissed' }),
  reply: item({ annotationClass: 'reply' }),
};

/** The board action the server checks when the control is used (Earlier words: see WRITERS_OWN). */
const CHECKED_AS: Record<
  Exclude<ItemHandler, 'visit'> | Exclude<NoteAction, 'versions'>,
  BoardAction
> = {
  annotate: 'annotate',
  reply: 'reply',
  helpful: 'note',
  delete: 'delete',
  label: 'label',
  duplicate: 'duplicate',
  insert: 'insert',
  edit: 'edit',
  answer: 'moderate',
  dismiss: 'moderate',
};

/** What no board ability gives: a note's writer's own, whoever they are (see below). */
const WRITERS_OWN: readonly NoteAction[] = ['edit', 'versions'];

const cases = Object.keys(ROLES).flatMap((role) =>
  Object.keys(OBJECTS).map((kind) => ({ role, kind: kind as keyof typeof OBJECTS })),
);

describe('controls per role and object', () => {
  it.each(cases)('$role on $kind', ({ role, kind }) => {
    const a = abilitiesFor(ROLES[role]!, board, { appVersion: 'PRODUCTION' });
    const obj = OBJECTS[kind];
    const content = kind === 'content';
    const offered = itemActions(a, obj, { results: false });
    for (const h of ITEM_HANDLERS.filter((x) => x !== 'visit')) {
      // Content controls act on items; reply acts on notes, annotations and replies.
      const fits = h === 'reply' ? !content : content;
      expect(offered.includes(h), h).toBe(fits && a[CHECKED_AS[h]]);
    }
    if (content) return;
    const onNote = noteActions(a, obj);
    const checked = NOTE_ACTIONS.filter(
      (x): x is Exclude<NoteAction, 'versions'> => !WRITERS_OWN.includes(x),
    );
    for (const action of checked) {
      // Helpful is offered on another's note to one signed in: these objects name no caller.
      if (action === 'helpful') {
        expect(onNote.includes(action), action).toBe(false);
        continue;
      }
      const fits =
        action === 'reply' ||
        action === 'delete' ||
        (obj.annotationClass === 'note' &&
          (action === 'answer' ? obj.noteStatus === 'pending' : obj.noteStatus !== 'dismissed'));
      expect(onNote.includes(action), action).toBe(fits && a[CHECKED_AS[action]]);
    }
  });

  it('a contributor gets no edit, label, delete, insert or duplicate control on an item', () => {
    const a = abilitiesFor(ROLES.contributor!, board, { appVersion: 'PRODUCTION' });
    expect(itemActions(a, OBJECTS.content, { results: false })).toEqual([]);
  });

  it('only those who moderate the board answer or dismiss a note, those who may delete delete it; any reader replies', () => {
    const reader = abilitiesFor(ROLES.reader!, board, { appVersion: 'PRODUCTION' });
    const owner = abilitiesFor(ROLES.owner!, board, { appVersion: 'PRODUCTION' });
    expect(noteActions(reader, OBJECTS.pendingNote)).toEqual(['reply']);
    expect(noteActions(owner, OBJECTS.pendingNote)).toEqual([
      'reply',
      'answer',
      'dismiss',
      'delete',
    ]);
    expect(noteActions(owner, OBJECTS.answeredNote)).toEqual(['reply', 'dismiss', 'delete']);
    // A note with no status (one by those who answer the board's notes) waits for no one.
    const coauthors = item({ annotationClass: 'note', noteStatus: null, author: 'cora' });
    expect(noteActions(owner, coauthors, 'olive')).toEqual(['reply', 'helpful', 'delete']);
  });

  it('one who may note marks another’s shared note or reply helpful: not their own, not a private one, not an annotation, not as the guest', () => {
    const reader = abilitiesFor(ROLES.reader!, board, { appVersion: 'PRODUCTION' });
    const owner = abilitiesFor(ROLES.owner!, board, { appVersion: 'PRODUCTION' });
    const guest = abilitiesFor(ROLES.guest!, board, { appVersion: 'PRODUCTION' });
    const ritasNote = item({ annotationClass: 'note', noteStatus: 'pending', author: 'rita' });
    const ritasReply = item({ annotationClass: 'reply', author: 'rita' });
    expect(noteActions(reader, ritasNote, 'sam')).toEqual(['reply', 'helpful']);
    expect(noteActions(reader, ritasReply, 'sam')).toContain('helpful');
    expect(noteActions(owner, ritasNote, 'olive')).toContain('helpful');
    expect(noteActions(reader, ritasNote, 'rita')).not.toContain('helpful');
    expect(noteActions(reader, { ...ritasNote, isPrivate: true }, 'sam')).not.toContain('helpful');
    expect(noteActions(reader, { ...OBJECTS.annotation, author: 'olive' }, 'sam')).not.toContain(
      'helpful',
    );
    expect(noteActions(guest, ritasNote, 'guest')).not.toContain('helpful');
    expect(helpfulRefusal(ritasNote, 'rita')).toBe('Your own note is not yours to mark helpful.');
  });

  it('a note’s writer changes its words, and nobody else does, the board’s owner and an admin included', () => {
    const reader = abilitiesFor(ROLES.reader!, board, { appVersion: 'PRODUCTION' });
    const ritasNote = item({ annotationClass: 'note', noteStatus: 'pending', author: 'rita' });
    expect(noteActions(reader, ritasNote, 'rita')).toEqual(['reply', 'edit', 'delete']);
    expect(noteActions(reader, { ...ritasNote, annotationClass: 'reply' }, 'rita')).toContain(
      'edit',
    );
    for (const other of ['olive', 'adam', 'eddie']) {
      const role = Object.values(ROLES).find((u) => u?.username === other)!;
      const a = abilitiesFor(role, board, { appVersion: 'PRODUCTION' });
      expect(noteActions(a, ritasNote, other), other).not.toContain('edit');
    }
    // The shared guest account is nobody's: a note it wrote is not the next visitor's to change.
    const guest = abilitiesFor(ROLES.guest!, board, { appVersion: 'PRODUCTION' });
    expect(noteActions(guest, { ...ritasNote, author: 'guest' }, 'guest')).not.toContain('edit');
  });

  it('a note’s writer sees and puts back its earlier words once they have changed them; nobody else does', () => {
    const reader = abilitiesFor(ROLES.reader!, board, { appVersion: 'PRODUCTION' });
    const ritasNote = item({ annotationClass: 'note', noteStatus: 'pending', author: 'rita' });
    const edited = { ...ritasNote, flags: { edited: true } };
    expect(noteActions(reader, ritasNote, 'rita')).not.toContain('versions');
    expect(noteActions(reader, edited, 'rita')).toEqual(['reply', 'edit', 'versions', 'delete']);
    for (const other of ['olive', 'adam', 'eddie']) {
      const role = Object.values(ROLES).find((u) => u?.username === other)!;
      const a = abilitiesFor(role, board, { appVersion: 'PRODUCTION' });
      expect(noteActions(a, edited, other), other).not.toContain('versions');
    }
  });

  it('a results board offers visit for a linked board and nothing that changes content', () => {
    const owner = abilitiesFor(ROLES.owner!, board, { appVersion: 'PRODUCTION' });
    const linked = item({ text: '### [Course](/author/home;course)\n\nFour weeks.' });
    expect(visitTarget(linked)).toBe('/author/home;course');
    expect(itemActions(owner, linked, { results: true })).toEqual(['visit']);
    expect(itemActions(owner, { ...linked, handlers: ['reply'] }, { results: true })).toEqual([
      'reply',
    ]);
  });
});
