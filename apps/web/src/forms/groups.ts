/** Reader groups: create, join (from the menu or a join link), select, assign, leave, add members. */
import {
  ROOT_BOARD,
  counted,
  groupFormMsg,
  groupMsg,
  joinLinkPath,
  pathTitle,
  type Multilist,
} from '@listboard/core';
import { messageOr } from '../api/client';
import { handoff } from '../account/session';
import { boardHref, toClipboard } from '../board/itemLink';
import { addToHome, linkedFrom } from '../board/addToHome';
import { loadHomeBoard } from '../board/useBoards';
import { useInfo } from '../state/info';
import type { FormContext, FormDef } from './registry';
import { str, required, fail, openBoard } from './helpers';

/** The caller's groups; none when the call fails (the forms then say there are none). */
async function myGroups(ctx: FormContext) {
  const mine = await ctx.api('/api/forms/my_groups', {});
  return mine.ok ? mine.value : [];
}

/** The remove form's entries, by what each says: a group one owns and one of its members. */
const removable = new Map<string, { group: string; username: string }>();

/** “Riley Reader (reader), Tuesday Seminar”: a member as the remove form offers them. */
const memberEntry = (group: string, m: { username: string; fullname: string }) =>
  `${m.fullname && m.fullname !== m.username ? `${m.fullname} (${m.username})` : m.username}, ${group}`;

/** Names that differ only in case are one group (the server finds a group so). */
const sameGroup = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * An open group's join link, put on the clipboard: a reader who opens it is offered the group
 * on this board (board/useJoinLink). Said with the link, so it can be copied by hand when the
 * browser gives no clipboard.
 */
async function copyJoinLink(board: Multilist, group: string): Promise<string> {
  const url = `${window.location.origin}${joinLinkPath(boardHref(board), group)}`;
  return groupFormMsg.joinLink(group, url, await toClipboard(url));
}

/**
 * Gives a board a group, says so, and shows the group's join link in the info bar (copied), or
 * that a private group has none. Null when done; the refusal otherwise.
 */
async function assignTo(ctx: FormContext, board: Multilist, group: string): Promise<string | null> {
  const res = await ctx.call(
    '/api/forms/assign_group',
    { multilistId: board._id, groupName: group },
    'assign group',
  );
  if (!res.ok) return fail('assign group', res.error);
  ctx.alert(`Group ${group} assigned to this board.`);
  const { name, isPrivate } = res.value;
  useInfo
    .getState()
    .show(isPrivate ? groupFormMsg.privateGroup(name) : await copyJoinLink(board, name));
  return null;
}

/** Whether the board on screen is one to add to the user's home board: not it, nor on it yet. */
async function notOnHome(ctx: FormContext): Promise<boolean> {
  const board = ctx.board;
  const me = ctx.user?.username;
  if (!board || !me || (board.owner === me && board.ptitle === pathTitle(ROOT_BOARD))) return false;
  const home = await loadHomeBoard(me);
  return home !== undefined && !linkedFrom(home, board);
}

export const GROUPS_FORMS: FormDef[] = [
  {
    id: 'createGroup',
    label: 'New reader group',
    fields: [
      { name: 'name', label: 'Group name', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'isPrivate', label: 'Private (members are added by name)', type: 'checkbox' },
      {
        name: 'assignHere',
        label: 'Assign it to this board',
        type: 'checkbox',
        hint: 'An open group’s join link is then copied, for you to send to its readers.',
        shownWhen: (v) => v.mayAssign === true,
      },
    ],
    // Made on a board one may give groups to, the group is for it, most likely; not on one's
    // home board, which is where one is more often than not.
    initial: (ctx) => {
      const mayAssign = ctx.board?.abilities.assignGroup === true;
      return { mayAssign, assignHere: mayAssign && ctx.board?.ptitle !== ROOT_BOARD };
    },
    validate: (v) => required(v, 'name', 'name'),
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/create_group',
        {
          name: str(v, 'name'),
          description: str(v, 'description'),
          isPrivate: Boolean(v.isPrivate),
        },
        'create group',
      );
      if (!res.ok) return fail('create group', res.error);
      ctx.alert(`Group ${res.value.name} created.`);
      // The group is made: a refusal to assign it is said, and the form closes all the same
      // (sent again, it would make the group twice).
      if (v.mayAssign && v.assignHere && ctx.board) {
        const refused = await assignTo(ctx, ctx.board, res.value.name);
        if (refused) ctx.alert(refused);
      }
      return null;
    },
  },
  {
    id: 'joinGroup',
    label: 'Join a group of this board',
    description: () =>
      'A group’s members and this board’s authors see the notes posted to it; other readers do not.',
    fields: [
      { name: 'groupName', label: 'Group', type: 'select' },
      { name: 'postHere', label: 'Post my notes on this board to it', type: 'checkbox' },
      {
        name: 'keepHome',
        label: 'Add this board to my home board',
        type: 'checkbox',
        hint: 'To find it there next time.',
        shownWhen: (v) => v.mayKeep === true,
      },
    ],
    async prepare(ctx) {
      // The group a join link named, offered once.
      const linked = handoff.joinGroup;
      handoff.joinGroup = null;
      const groups = await ctx.api('/api/forms/joinable_groups', {
        multilistId: openBoard(ctx)._id,
      });
      if (!groups.ok) {
        const why = messageOr(groups.error, groupMsg.boardReferencesNoGroups);
        return { error: linked ? groupFormMsg.cannotJoin(linked) : why };
      }
      // Those the reader is in already are not offered again.
      const names = groups.value.filter((g) => !g.member).map((g) => g.name);
      const named = linked ? groups.value.find((g) => sameGroup(g.name, linked)) : undefined;
      if (linked && !named) return { error: groupFormMsg.cannotJoin(linked) };
      if (named?.member) return { error: groupFormMsg.alreadyIn(named.name) };
      const chosen = named ? named.name : names[0];
      // One who gives the board its groups (the teacher) is told where their links are.
      if (chosen === undefined)
        return {
          error: ctx.board?.abilities.assignGroup
            ? groupFormMsg.inEveryOneAssigns
            : groupFormMsg.inEvery,
        };
      // A student who joins a class's group keeps its board on their home board, where they
      // find it next time (ticked, unless it is there already).
      const mayKeep = await notOnHome(ctx);
      return {
        options: { groupName: names },
        values: { groupName: chosen, postHere: true, mayKeep, keepHome: mayKeep },
      };
    },
    async submit(v, ctx) {
      const group = str(v, 'groupName');
      const board = openBoard(ctx);
      const res = await ctx.call(
        '/api/forms/join_group',
        { multilistId: board._id, groupName: group },
        'join group',
      );
      if (!res.ok) return fail('join group', res.error);
      if (v.postHere) ctx.setGroup(group);
      const kept =
        v.mayKeep && v.keepHome && ctx.user
          ? await addToHome(board, ctx.user.username, ctx.call)
          : null;
      ctx.alert(
        [groupFormMsg.joined(group, Boolean(v.postHere)), kept?.done ? kept.text : '']
          .filter(Boolean)
          .join(' '),
      );
      return null;
    },
  },
  {
    id: 'selectGroup',
    label: 'Post my notes to a group',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const mine = await myGroups(ctx);
      if (mine.length === 0) return { error: groupMsg.noGroups };
      // Only this board's groups: a note to another group is refused here.
      const here = mine.filter((g) => openBoard(ctx).groups.includes(g.name));
      if (here.length === 0) return { error: groupFormMsg.noneOfMineHere };
      const names = ['(no group)', ...here.map((g) => g.name)];
      return { options: { groupName: names }, values: { groupName: ctx.group ?? '(no group)' } };
    },
    submit(v, ctx) {
      const name = str(v, 'groupName');
      const group = name === '(no group)' ? null : name;
      ctx.setGroup(group);
      ctx.alert(group ? `Your notes go to ${group}.` : 'Your notes go to no group.');
      return Promise.resolve(null);
    },
  },
  {
    id: 'assignGroup',
    label: 'Assign a group to this board',
    description: () =>
      'Readers of this board join an open group from Annotate → Groups, or from its join link, which Assign copies (assign a group again for its link).',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const mine = await myGroups(ctx);
      const [first] = mine;
      if (!first) return { error: groupMsg.noGroups };
      return {
        options: { groupName: mine.map((g) => g.name) },
        values: { groupName: first.name },
      };
    },
    submit: (v, ctx) => assignTo(ctx, openBoard(ctx), str(v, 'groupName')),
  },
  {
    id: 'leaveGroup',
    label: 'Leave a group',
    description: () =>
      'You will no longer read the group’s notes, nor post to it; the notes you posted to it stay with the group.',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const mine = await myGroups(ctx);
      if (mine.length === 0) return { error: groupMsg.noGroups };
      // A group's owner stays in it.
      const names = mine.filter((g) => g.owner !== ctx.user?.username).map((g) => g.name);
      const [first] = names;
      if (first === undefined) return { error: groupFormMsg.noneToLeave };
      // The group this board's notes go to, when there is one, is the likeliest.
      const here = names.find((n) => n === ctx.group) ?? first;
      return { options: { groupName: names }, values: { groupName: here } };
    },
    submitLabel: 'Leave',
    async submit(v, ctx) {
      const group = str(v, 'groupName');
      const res = await ctx.call('/api/forms/leave_group', { groupName: group }, 'leave group');
      if (!res.ok) return fail('leave group', res.error);
      // This board's notes no longer go there.
      if (ctx.group === group) ctx.setGroup(null);
      ctx.alert(groupFormMsg.left(group));
      return null;
    },
  },
  {
    id: 'removeGroupMember',
    label: 'Remove a member from my group',
    description: () =>
      'They will no longer read the group’s notes, nor post to it; the notes they posted to it stay with the group.',
    fields: [{ name: 'member', label: 'Member', type: 'select' }],
    async prepare(ctx) {
      const owned = await ctx.api('/api/forms/group_members', {});
      if (!owned.ok) return { error: messageOr(owned.error, groupFormMsg.ownsNone) };
      if (owned.value.length === 0) return { error: groupFormMsg.ownsNone };
      // Each member of each group one owns, but oneself: one entry names both.
      const entries = owned.value.flatMap((g) =>
        g.members
          .filter((m) => m.username !== ctx.user?.username)
          .map((m) => ({ group: g.name, username: m.username, label: memberEntry(g.name, m) })),
      );
      removable.clear();
      for (const e of entries) removable.set(e.label, e);
      const [first] = entries;
      if (!first) return { error: groupFormMsg.noneToRemove };
      return { options: { member: entries.map((e) => e.label) }, values: { member: first.label } };
    },
    submitLabel: 'Remove',
    async submit(v, ctx) {
      const entry = removable.get(str(v, 'member'));
      if (!entry) return 'Choose a member to remove.';
      const res = await ctx.call(
        '/api/forms/remove_group_member',
        { groupName: entry.group, username: entry.username },
        'remove member',
      );
      if (!res.ok) return fail('remove member', res.error);
      const { name, members } = res.value;
      ctx.alert(groupFormMsg.removed(entry.username, name, counted(members, 'member')));
      return null;
    },
  },
  {
    id: 'addGroupMember',
    label: 'Add a member to a group',
    fields: [
      { name: 'groupName', label: 'Group', type: 'select' },
      { name: 'username', label: 'User name', type: 'text', required: true },
    ],
    async prepare(ctx) {
      const mine = await myGroups(ctx);
      const owned = mine.filter((g) => g.owner === ctx.user?.username).map((g) => g.name);
      const [first] = owned;
      if (first === undefined) return { error: groupMsg.noGroups };
      return { options: { groupName: owned }, values: { groupName: first } };
    },
    validate: (v) => required(v, 'username', 'username'),
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/add_group_member',
        { groupName: str(v, 'groupName'), username: str(v, 'username') },
        'add member',
      );
      if (!res.ok) return fail('add member', res.error);
      const { name, members } = res.value;
      ctx.alert(`${str(v, 'username')} is in ${name} now (${counted(members, 'member')}).`);
      return null;
    },
  },
];
