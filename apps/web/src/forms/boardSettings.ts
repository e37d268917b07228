/**
 * A board as a whole: its settings (title, description, listing, password), whom it is shared
 * with and as what, a copy of it, and deleting it.
 */
import {
  boardTagsOf,
  boardTitleProblem,
  coauthorMsg,
  counted,
  formatAddress,
  parseAddress,
  pathTitle,
  roleFor,
  typedTags,
  writtenTags,
  type Multilist,
} from '@listboard/core';
import type { CallError } from '../api/client';
import { BLANK_DESCRIPTION } from '@listboard/core/api/contracts/boards';
import type { FormContext, FormDef, Values } from './registry';
import {
  LINK_HOME_FIELD,
  LISTED_FIELD,
  fail,
  openBoard,
  ownAnnotations,
  required,
  str,
  text,
} from './helpers';
import { linkFromHome } from '../board/addToHome';
import { NEW_BOARD_FORM } from './newBoard';
import { boardHref } from '../board/itemLink';
import { showDeleted } from '../state/info';
import { fromLocalInput, localInput } from '../board/DueLine';

export const SHARE_ROLES = ['coauthor', 'contributor', 'editor'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];

/** One person a board is shared with, and as what. */
export interface Share {
  username: string;
  role: ShareRole;
  /** An editor's privileges (edit, delete). */
  privileges: string[];
}

/**
 * Whom a board is shared with, by name, each with the role the policy gives them: a coauthor
 * marked contributor-only is a contributor; an editor is a member with privileges. The board's
 * editors are sent only to its owner, who alone shares it.
 */
export function sharesOf(board: Multilist): Share[] {
  const members = board.members ?? [];
  const policy = {
    owner: board.owner,
    authors: board.authors,
    contributors: board.contributors,
    members,
  };
  const names = new Set([
    ...board.authors,
    ...board.contributors,
    ...members.map((m) => m.username),
  ]);
  return [...names]
    .filter((username) => username !== board.owner)
    .sort((a, b) => a.localeCompare(b))
    .map((username) => {
      const role = roleFor({ username, roles: [] }, policy);
      const privileges = members.find((m) => m.username === username)?.privileges ?? [];
      return {
        username,
        role: role === 'author' ? 'coauthor' : role === 'editor' ? 'editor' : 'contributor',
        privileges: role === 'editor' ? privileges : [],
      };
    });
}

/** "sam (editor, may edit and delete)", as the Share form lists people. */
export function describeShare(s: Share): string {
  if (s.role !== 'editor') return `${s.username} (${s.role})`;
  const may = ['edit', 'delete'].filter((p) => s.privileges.includes(p));
  return `${s.username} (editor, ${may.length ? `may ${may.join(' and ')}` : 'may not edit or delete'})`;
}

/** The board named as people see it: its title and its address. */
const named = (b: Multilist) => `“${b.title}” (/${b.owner}/${b.ptitle})`;

/** How many annotations the caller wrote on the open board (a copy of it may bring them). */
const ownOnBoard = (ctx: FormContext) =>
  ownAnnotations(
    ctx,
    openBoard(ctx).lists.flatMap((l) => l.items),
  );

/**
 * The address on screen with the board's segment moved to its new path title: a renamed board
 * stays open where it was, beside the same boards.
 */
export function renamedAddress(current: string, board: Multilist, ptitle: string): string {
  const address = parseAddress(current);
  address.segments = address.segments.map((s) =>
    s.owner === board.owner && pathTitle(s.title) === board.ptitle ? { ...s, title: ptitle } : s,
  );
  return formatAddress(address);
}

const hereNow = () => `${location.pathname}${location.search}${location.hash}`;

/** What the settings form sends: only what was changed. */
/** A board's tags as its settings show them: `#question #confused`. */
const tagsShown = (board: Multilist) => writtenTags(board.noteTags ?? []);

/** What is wrong with the tags typed into Board settings, or null. */
const tagsProblem = (v: Values): string | null => {
  const read = boardTagsOf(typedTags(str(v, 'noteTags')));
  return 'problem' in read ? read.problem : null;
};

function settingsChanges(v: Values, board: Multilist) {
  const change: {
    titleText?: string;
    descText?: string;
    listed?: boolean;
    password?: string | null;
    notesDue?: string | null;
    remindDue?: boolean;
    noteTags?: string[];
  } = {};
  const title = str(v, 'titleText');
  if (title !== board.title) change.titleText = title;
  const description = str(v, 'descText');
  const was = board.description === BLANK_DESCRIPTION ? '' : board.description;
  if (description !== was) change.descText = description;
  if (Boolean(v.listed) !== board.listed) change.listed = Boolean(v.listed);
  const due = str(v, 'notesDue');
  if (due !== localInput(board.notesDue)) change.notesDue = fromLocalInput(due);
  if (Boolean(v.remindDue) !== Boolean(board.remindDue)) change.remindDue = Boolean(v.remindDue);
  const tags = str(v, 'noteTags');
  if (tags !== tagsShown(board)) change.noteTags = typedTags(tags);
  if (v.clearPassword) change.password = null;
  else if (text(v, 'password')) change.password = text(v, 'password');
  return change;
}

async function saveSettings(v: Values, ctx: FormContext): Promise<string | null> {
  const board = openBoard(ctx);
  // What the user changed in the form, from what it showed: a field left as it was is not sent,
  // so it does not undo what someone else saved meanwhile (a rename, say).
  const change = settingsChanges(v, ctx.opened ?? board);
  if (Object.keys(change).length === 0) return null;
  const res = await ctx.api('/api/dbedit/edit_multilist', { multilistId: board._id, ...change });
  if (!res.ok) return fail('edit board', res.error);
  const here = hereNow();
  const moved = renamedAddress(here, board, res.value.ptitle);
  if (moved !== here) ctx.navigate(moved);
  else ctx.reload?.();
  return null;
}

/**
 * A share or unshare that got no answer about the person (no connection, a fault on the
 * server): 'Error locating user: {user}'. A refusal the server explains keeps its own words.
 */
const notLocated = (error: CallError, username: string): string | null =>
  error.status === 0 || error.status >= 500 ? coauthorMsg.errorLocatingUser(username) : null;

const forEditor = (v: Values) => v.role === 'editor';

async function share(v: Values, ctx: FormContext): Promise<string | null> {
  const board = openBoard(ctx);
  const username = str(v, 'username');
  const role = text(v, 'role') as ShareRole;
  if (role === 'editor') {
    const privileges = [
      ...(v.mayEdit ? (['edit'] as const) : []),
      ...(v.mayDelete ? (['delete'] as const) : []),
    ];
    const res = await ctx.call(
      '/api/forms/set_member',
      { multilistId: board._id, username, privileges },
      'share board',
    );
    if (!res.ok) return notLocated(res.error, username) ?? fail('share board', res.error);
    ctx.alert(`Board shared with user ${username}`);
    return null;
  }
  const res = await ctx.call(
    '/api/forms/add_coauthor',
    { title: board.title, owner: board.owner, username, contributorOnly: role === 'contributor' },
    'share board',
  );
  if (!res.ok) return notLocated(res.error, username) ?? fail('share board', res.error);
  ctx.alert(res.value.message);
  return null;
}

export const BOARD_SETTINGS_FORMS: FormDef[] = [
  NEW_BOARD_FORM,
  {
    id: 'boardSettings',
    label: 'Board settings',
    description: (ctx) =>
      `${named(openBoard(ctx))}. ${openBoard(ctx).hasPassword ? 'It has a password.' : 'It has no password.'}`,
    fields: [
      { name: 'titleText', label: 'Title', type: 'text', required: true },
      { name: 'descText', label: 'Description', type: 'textarea' },
      LISTED_FIELD,
      {
        name: 'notesDue',
        label: 'Notes due',
        type: 'datetime-local',
        hint: 'Readers see it under the board’s title, in their own time zone. Leave it blank for none. A list may have a date of its own: Notes due on this list… (Edit menu).',
      },
      {
        name: 'remindDue',
        label: 'Remind readers a day before',
        type: 'checkbox',
        hint: 'The members of the board’s groups you run who have written nothing yet get a mail, once, a day before notes are due (as Remind on Insight sends); a day before a list’s own date too, those yet to write on its items.',
        // A date here, or a list's own (Notes due on this list).
        shownWhen: (v) => str(v, 'notesDue') !== '' || v.listDates === true,
      },
      {
        name: 'noteTags',
        label: 'Tags for notes',
        type: 'text',
        autoComplete: 'off',
        placeholder: '#question #confused',
        hint: 'Tags you ask readers to put in their notes, such as #question #confused #evidence: their note form offers them first as # is typed, and Insight counts them.',
      },
      {
        name: 'password',
        label: 'New password',
        type: 'password',
        autoComplete: 'new-password',
        hint: 'Readers give it to open the board, once each time they sign in; you, its coauthors and editors never need to. Leave it blank to keep the password as it is.',
      },
      { name: 'clearPassword', label: 'Remove the password', type: 'checkbox' },
    ],
    initial: (ctx) => {
      const b = openBoard(ctx);
      return {
        titleText: b.title,
        descText: b.description === BLANK_DESCRIPTION ? '' : b.description,
        listed: b.listed,
        notesDue: localInput(b.notesDue),
        remindDue: b.remindDue ?? false,
        listDates: b.lists.some((l) => l.notesDue),
        noteTags: tagsShown(b),
        password: '',
        clearPassword: false,
      };
    },
    validate: (v) =>
      boardTitleProblem(str(v, 'titleText')) ??
      tagsProblem(v) ??
      (v.clearPassword && text(v, 'password')
        ? 'Type a new password or remove the password, not both.'
        : null),
    errorField: (message) =>
      /title|already a board/i.test(message)
        ? 'titleText'
        : /\btags?\b/i.test(message)
          ? 'noteTags'
          : /password/i.test(message)
            ? 'password'
            : /description/i.test(message)
              ? 'descText'
              : null,
    submitLabel: 'Save',
    submit: saveSettings,
  },
  {
    id: 'share',
    label: 'Share board',
    description: (ctx) => {
      const b = openBoard(ctx);
      const shares = sharesOf(b);
      return shares.length
        ? `${named(b)} is shared with ${shares.map(describeShare).join(', ')}. Share it with someone already on it to change their role.`
        : `${named(b)} is not shared with anyone yet.`;
    },
    fields: [
      { name: 'username', label: 'User name', type: 'text', required: true, autoComplete: 'off' },
      {
        name: 'role',
        label: 'As',
        type: 'select',
        options: SHARE_ROLES,
        hint: 'coauthor: writes and runs the board with you. contributor: a coauthor marked contributor-only, who notes and replies but changes nothing. editor: changes it as the boxes below allow, and answers notes.',
      },
      { name: 'mayEdit', label: 'An editor may edit', type: 'checkbox', shownWhen: forEditor },
      { name: 'mayDelete', label: 'An editor may delete', type: 'checkbox', shownWhen: forEditor },
    ],
    initial: () => ({ username: '', role: 'coauthor', mayEdit: true, mayDelete: false }),
    validate: (v) => required(v, 'username', 'user name'),
    errorField: (message) => (/user|owns this board/i.test(message) ? 'username' : null),
    submitLabel: 'Share',
    submit: share,
  },
  {
    id: 'unshare',
    label: 'Unshare board',
    description: (ctx) => `${named(openBoard(ctx))}: whom should it no longer be shared with?`,
    fields: [{ name: 'username', label: 'Person', type: 'select', options: [] }],
    prepare: (ctx) => {
      const shares = sharesOf(openBoard(ctx));
      const [first] = shares;
      if (!first) return Promise.resolve({ error: 'This board is not shared with anyone.' });
      return Promise.resolve({
        options: { username: shares.map((s) => s.username) },
        values: { username: first.username },
      });
    },
    submitLabel: 'Unshare',
    async submit(v, ctx) {
      const board = openBoard(ctx);
      const username = str(v, 'username');
      const res = await ctx.call(
        '/api/forms/remove_coauthor',
        { title: board.title, owner: board.owner, username },
        'unshare board',
      );
      if (!res.ok) return notLocated(res.error, username) ?? fail('unshare board', res.error);
      ctx.alert(res.value.message);
      return null;
    },
  },
  {
    id: 'duplicateBoard',
    label: 'Duplicate board',
    description: (ctx) => {
      const b = openBoard(ctx);
      const mine = ownOnBoard(ctx);
      const leftOut = mine
        ? `without readers’ notes, others’ annotations or its members. Your ${counted(mine, 'annotation')} on it may come too.`
        : 'without its notes, annotations or members.';
      return `Make a copy of ${named(b)} as your own unlisted board, “Copy of ${b.title}”: its lists, items, labels, formats and markers, ${leftOut}`;
    },
    fields: [
      LINK_HOME_FIELD,
      {
        name: 'annotations',
        label: 'With my annotations',
        type: 'checkbox',
        hint: 'Each on its item’s copy, as private as it is here; not the replies to it.',
        shownWhen: (v) => v.mine === true,
      },
    ],
    // A course's glosses are its teacher's to take to the next term: ticked when there are any.
    initial: (ctx) => {
      const mine = ownOnBoard(ctx) > 0;
      return { linkHome: true, mine, annotations: mine };
    },
    submitLabel: 'Duplicate',
    async submit(v, ctx) {
      const { _id, description } = openBoard(ctx);
      const res = await ctx.call(
        '/api/forms/duplicate_multilist',
        v.mine === true && v.annotations === true
          ? { multilistId: _id, annotations: true }
          : { multilistId: _id },
        'duplicate board',
      );
      if (!res.ok) return fail('duplicate board', res.error);
      // The copy is unlisted: its link on the home board is private.
      const copy = { ...res.value, description, listed: false, hasPassword: false };
      if (v.linkHome && ctx.user) await linkFromHome(copy, ctx.user.username, ctx.call);
      ctx.navigate(boardHref(copy));
      return null;
    },
  },
  {
    id: 'deleteBoard',
    label: 'Delete board',
    description: (ctx) =>
      `Delete ${named(openBoard(ctx))} with all its lists, items and notes? It goes to your Trash, from where you can restore it.`,
    fields: [],
    submitLabel: 'Delete board',
    confirm: true,
    async submit(_v, ctx) {
      const board = openBoard(ctx);
      const res = await ctx.call(
        '/api/forms/delete_multilist',
        { multilistId: board._id },
        'delete board',
      );
      if (!res.ok) return fail('delete board', res.error);
      ctx.alert(`Board deleted: ${board.title}`);
      showDeleted('board', res.value.trashId, board.abilities.trash);
      ctx.navigate('/');
      return null;
    },
  },
];
