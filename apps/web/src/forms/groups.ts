/** Reader groups: create, join, select, assign, add a member. */
import { counted, groupFormMsg, groupMsg } from '@listboard/core';
import { messageOr } from '../api/client';
import type { FormContext, FormDef } from './registry';
import { str, required, fail, openBoard } from './helpers';

/** The caller's groups; none when the call fails (the forms then say there are none). */
async function myGroups(ctx: FormContext) {
  const mine = await ctx.api('/api/forms/my_groups', {});
  return mine.ok ? mine.value : [];
}

export const GROUPS_FORMS: FormDef[] = [
  {
    id: 'createGroup',
    label: 'New reader group',
    fields: [
      { name: 'name', label: 'Group name', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea' },
      { name: 'isPrivate', label: 'Private (members are added by name)', type: 'checkbox' },
    ],
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
      return null;
    },
  },
  {
    id: 'joinGroup',
    label: 'Join a group of this board',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const groups = await ctx.api('/api/forms/joinable_groups', {
        multilistId: openBoard(ctx)._id,
      });
      if (!groups.ok) return { error: messageOr(groups.error, groupMsg.boardReferencesNoGroups) };
      // Those the reader is in already are not offered again.
      const names = groups.value.filter((g) => !g.member).map((g) => g.name);
      const [first] = names;
      if (first === undefined) return { error: 'You are in every group of this board already.' };
      return { options: { groupName: names }, values: { groupName: first } };
    },
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/join_group',
        { multilistId: openBoard(ctx)._id, groupName: str(v, 'groupName') },
        'join group',
      );
      if (!res.ok) return fail('join group', res.error);
      ctx.alert(`You joined ${str(v, 'groupName')}.`);
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
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/assign_group',
        { multilistId: openBoard(ctx)._id, groupName: str(v, 'groupName') },
        'assign group',
      );
      if (!res.ok) return fail('assign group', res.error);
      ctx.alert(`Group ${str(v, 'groupName')} assigned to this board.`);
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
