import { describe, expect, it } from 'vitest';
import { abilitiesFor, toolbarRoleFlags } from './abilities';
import { BOARD_ACTIONS, type BoardAction } from '../model';
import { can, denialMessage } from './rules';
import { isSiteAdmin, roleFor, type PolicyBoard, type PolicyUser } from './roles';

const user = (username: string, ...roles: string[]): PolicyUser => ({ username, roles });

const board: PolicyBoard = {
  owner: 'olive',
  authors: ['olive', 'cora', 'cody'],
  members: [
    { username: 'eddie', privileges: ['edit', 'delete'] },
    { username: 'elsa', privileges: ['edit'] },
    { username: 'dora', privileges: ['delete'] },
    { username: 'mona', privileges: [] },
  ],
  contributors: ['carl', 'cody'],
};

const people = {
  owner: user('olive', 'author'),
  coauthor: user('cora', 'author'),
  contributorOnlyCoauthor: user('cody', 'author'),
  editor: user('eddie', 'editor'),
  editorEditOnly: user('elsa', 'editor'),
  editorDeleteOnly: user('dora', 'editor'),
  memberNoPrivileges: user('mona', 'editor'),
  contributor: user('carl', 'contributor'),
  reader: user('rita', 'reader'),
  demo: user('dana', 'demo'),
  guest: user('guest', 'guest'),
  nobody: null,
  admin: user('adam', 'lbadmin'),
  adminOwner: user('olive', 'lbadmin'),
} satisfies Record<string, PolicyUser | null>;

const person = (who: string): PolicyUser | null =>
  (people as Record<string, PolicyUser | null>)[who] ?? null;

describe('roleFor', () => {
  it.each([
    ['owner', 'author'],
    ['coauthor', 'author'],
    ['contributorOnlyCoauthor', 'contributor'],
    ['editor', 'editor'],
    ['memberNoPrivileges', 'editor'],
    ['contributor', 'contributor'],
    ['reader', 'reader'],
    ['demo', 'reader'],
    ['guest', 'guest'],
    ['nobody', 'guest'],
    ['admin', 'reader'],
    ['adminOwner', 'author'],
  ])('%s is %s', (who, role) => {
    expect(roleFor(person(who), board)).toBe(role);
  });

  it('reads the guest from the name or the role', () => {
    expect(roleFor(user('guest'), board)).toBe('guest');
    expect(roleFor(user('visitor', 'guest'), board)).toBe('guest');
  });

  it('never makes the guest account an admin', () => {
    expect(isSiteAdmin(user('guest', 'lbadmin'))).toBe(false);
    expect(isSiteAdmin(people.admin)).toBe(true);
    expect(isSiteAdmin(null)).toBe(false);
  });

  it('works on a board with no member, contributor or author lists', () => {
    expect(roleFor(people.editor, { owner: 'olive' })).toBe('reader');
    expect(roleFor(people.owner, { owner: 'olive' })).toBe('author');
  });
});

const WRITE = ['edit', 'delete', 'label', 'insert', 'duplicate'] as const;
const OWNER_ONLY = ['addCoauthor', 'removeCoauthor', 'deleteBoard', 'assignGroup', 'tour'] as const;
/** Authors and editors annotate and moderate reader notes alike. */
const ANNOTATE = ['annotate', 'moderate'] as const;
const ADMIN_ONLY = ['admin', 'manageUsers', 'dump'] as const;
const BASE = ['read', 'select', 'note', 'reply', 'export'] as const;
/** The Trash and the Insight page: authors (not contributor-only ones) and site admins. */
const TRASH = ['trash', 'insight'] as const;

/** Allowed actions per person; every action not listed must be refused. */
const production: Record<string, readonly BoardAction[]> = {
  owner: [...BASE, ...WRITE, ...ANNOTATE, ...OWNER_ONLY, ...TRASH],
  coauthor: [...BASE, ...WRITE, ...ANNOTATE, ...TRASH],
  contributorOnlyCoauthor: [...BASE],
  editor: [...BASE, ...WRITE, ...ANNOTATE],
  editorEditOnly: [...BASE, 'edit', 'label', 'insert', 'duplicate', ...ANNOTATE],
  editorDeleteOnly: [...BASE, 'delete', 'insert', 'duplicate', ...ANNOTATE],
  memberNoPrivileges: [...BASE, 'insert', 'duplicate', ...ANNOTATE],
  contributor: [...BASE],
  reader: [...BASE],
  demo: [...BASE],
  guest: ['read'],
  nobody: ['read'],
  admin: [...BASE, ...WRITE, ...ANNOTATE, ...ADMIN_ONLY, ...TRASH],
  adminOwner: [...BASE, ...WRITE, ...ANNOTATE, ...OWNER_ONLY, ...ADMIN_ONLY, ...TRASH],
};

const development: Record<string, readonly BoardAction[]> = {
  ...production,
  contributorOnlyCoauthor: [...BASE, ...WRITE],
  editorEditOnly: [...BASE, ...WRITE, ...ANNOTATE],
  editorDeleteOnly: [...BASE, ...WRITE, ...ANNOTATE],
  memberNoPrivileges: [...BASE, ...WRITE, ...ANNOTATE],
  contributor: [...BASE, ...WRITE],
  reader: [...BASE, ...WRITE],
  demo: [...BASE, ...WRITE],
};

const cases = (table: Record<string, readonly BoardAction[]>) =>
  Object.keys(people).flatMap((who) =>
    BOARD_ACTIONS.map((action) => [who, action, table[who]!.includes(action)] as const),
  );

describe.each([
  ['PRODUCTION', production],
  ['DEVELOPMENT', development],
] as const)('can() in %s', (appVersion, table) => {
  it.each(cases(table))('%s may %s: %s', (who, action, allowed) => {
    expect(can(person(who), board, action, { appVersion })).toBe(allowed);
  });
});

describe('can() rules in words', () => {
  const prod = { appVersion: 'PRODUCTION' } as const;
  const dev = { appVersion: 'DEVELOPMENT' } as const;

  it('lets no guest select or write, even outside production', () => {
    for (const action of BOARD_ACTIONS.filter((a) => a !== 'read')) {
      expect(can(people.guest, board, action, dev)).toBe(false);
      expect(can(null, board, action, dev)).toBe(false);
    }
  });

  it('lets readers note and reply but not edit in production', () => {
    expect(can(people.reader, board, 'note', prod)).toBe(true);
    expect(can(people.reader, board, 'reply', prod)).toBe(true);
    expect(can(people.reader, board, 'edit', prod)).toBe(false);
  });

  it('gives a member edit and delete only with the matching privilege in production', () => {
    expect(can(people.editorEditOnly, board, 'edit', prod)).toBe(true);
    expect(can(people.editorEditOnly, board, 'delete', prod)).toBe(false);
    expect(can(people.editorDeleteOnly, board, 'delete', prod)).toBe(true);
    expect(can(people.editorDeleteOnly, board, 'edit', prod)).toBe(false);
  });

  it('keeps owner-only actions from admins and coauthors', () => {
    for (const action of OWNER_ONLY) {
      expect(can(people.admin, board, action, dev)).toBe(false);
      expect(can(people.coauthor, board, action, dev)).toBe(false);
      expect(can(people.owner, board, action, prod)).toBe(true);
    }
  });
});

describe('abilitiesFor', () => {
  it.each(Object.keys(people))(
    'names every action the policy decides, as it decides it, for %s',
    (who) => {
      for (const appVersion of ['PRODUCTION', 'DEVELOPMENT'] as const) {
        const a = abilitiesFor(person(who), board, { appVersion });
        expect(Object.keys(a).sort()).toEqual(['role', ...BOARD_ACTIONS].sort());
        expect(a.role).toBe(roleFor(person(who), board));
        for (const action of BOARD_ACTIONS) {
          expect(a[action], action).toBe(can(person(who), board, action, { appVersion }));
        }
      }
    },
  );

  it('gives a contributor no edit command (no insert or duplicate either), and a privilege-less member no edit or delete', () => {
    const contributor = abilitiesFor(people.contributor, board, { appVersion: 'PRODUCTION' });
    expect(contributor).toMatchObject({
      role: 'contributor',
      insert: false,
      duplicate: false,
      edit: false,
      label: false,
      delete: false,
      note: true,
      reply: true,
    });
    const member = abilitiesFor(people.memberNoPrivileges, board, { appVersion: 'PRODUCTION' });
    expect(member).toMatchObject({ role: 'editor', edit: false, delete: false, moderate: true });
  });

  it('gives the guest nothing but reading', () => {
    const a = abilitiesFor(null, board, { appVersion: 'DEVELOPMENT' });
    expect(BOARD_ACTIONS.filter((action) => a[action])).toEqual(['read']);
  });
});

describe('toolbarRoleFlags', () => {
  const none = {
    editButtons: false,
    markButtons: false,
    activity: false,
    users: false,
    deregister: false,
    dump: false,
  };
  const personal = { editProfile: true, emailItem: true };

  it('gives admins edit, mark and admin groups but not the personal ones', () => {
    expect(toolbarRoleFlags(people.admin, board)).toEqual({
      editButtons: true,
      markButtons: true,
      activity: true,
      users: true,
      deregister: true,
      dump: true,
      editProfile: false,
      emailItem: false,
    });
  });

  it.each(['owner', 'coauthor', 'editor', 'memberNoPrivileges'])(
    'gives %s edit and mark buttons and the personal group',
    (who) => {
      expect(toolbarRoleFlags(person(who), board)).toEqual({
        ...none,
        editButtons: true,
        markButtons: true,
        ...personal,
      });
    },
  );

  it.each(['contributor', 'contributorOnlyCoauthor', 'reader', 'demo'])(
    'gives %s no edit buttons',
    (who) => {
      expect(toolbarRoleFlags(person(who), board)).toEqual({ ...none, ...personal });
    },
  );

  it('gives the guest nothing role-dependent', () => {
    const flags = toolbarRoleFlags(people.guest, board);
    expect(Object.values(flags).every((v) => v === false)).toBe(true);
    expect(toolbarRoleFlags(null, board)).toEqual(flags);
  });
});

describe('denialMessage', () => {
  it('gives the spec message where one exists', () => {
    expect(denialMessage('delete')).toBe('You do not have deletion privilege for this multilist.');
    expect(denialMessage('addCoauthor')).toBe('You must be the document owner to add a coauthor.');
  });

  it('names what was refused, in words, for every action; and asks the guest to sign in', () => {
    expect(denialMessage('edit')).toBe('You may not edit this board.');
    expect(denialMessage('select')).toBe('You may not select items on this board.');
    expect(denialMessage('insight')).toBe('You may not see every reader’s figures for this board.');
    expect(denialMessage('note', { guest: true })).toBe('Sign in to add notes on this board.');
    expect(denialMessage('delete', { guest: true })).toBe('Sign in to delete from this board.');
    expect(denialMessage('select', { guest: true, words: 'see your notes’ figures' })).toBe(
      'Sign in to see your notes’ figures.',
    );
    for (const action of BOARD_ACTIONS) {
      // A sentence, never the action's code name dropped into one ("You may not insight …").
      expect(denialMessage(action)).toMatch(/^You (may not|do not|must) [^.]+\.$/);
      expect(denialMessage(action)).not.toMatch(/[a-z][A-Z]/);
    }
  });
});
