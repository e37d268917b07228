/** Reader groups: create, join, select, assign, add a member. */
import { groupMsg } from '@listboard/core';
import type { FormDef } from './registry';
import { str, required, fail } from './helpers';

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
      const ok = await ctx.call(
        '/api/forms/create_group',
        {
          name: str(v, 'name'),
          description: str(v, 'description'),
          isPrivate: Boolean(v.isPrivate),
        },
        'create group',
      );
      return ok ? null : fail(ctx, 'create group');
    },
  },
  {
    id: 'joinGroup',
    label: 'Join a group of this board',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const groups = await ctx.create<{ name: string; member: boolean }[]>(
        '/api/forms/joinable_groups',
        { multilistId: ctx.board!._id },
      );
      if (!groups) return { error: ctx.lastError() ?? groupMsg.boardReferencesNoGroups };
      const names = groups.map((g) => g.name);
      return { options: { groupName: names }, values: { groupName: names[0] ?? '' } };
    },
    async submit(v, ctx) {
      const ok = await ctx.call(
        '/api/forms/join_group',
        { multilistId: ctx.board!._id, groupName: str(v, 'groupName') },
        'join group',
      );
      return ok ? null : fail(ctx, 'join group');
    },
  },
  {
    id: 'selectGroup',
    label: 'Post my notes to a group',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const mine = (await ctx.create<{ name: string }[]>('/api/forms/my_groups', {})) ?? [];
      if (mine.length === 0) return { error: groupMsg.noGroups };
      const names = ['(no group)', ...mine.map((g) => g.name)];
      return { options: { groupName: names }, values: { groupName: ctx.group ?? '(no group)' } };
    },
    async submit(v, ctx) {
      const name = str(v, 'groupName');
      ctx.setGroup(name === '(no group)' ? null : name);
      return null;
    },
  },
  {
    id: 'assignGroup',
    label: 'Assign a group to this board',
    fields: [{ name: 'groupName', label: 'Group', type: 'select' }],
    async prepare(ctx) {
      const mine = (await ctx.create<{ name: string }[]>('/api/forms/my_groups', {})) ?? [];
      if (mine.length === 0) return { error: groupMsg.noGroups };
      return {
        options: { groupName: mine.map((g) => g.name) },
        values: { groupName: mine[0]!.name },
      };
    },
    async submit(v, ctx) {
      const ok = await ctx.call(
        '/api/forms/assign_group',
        { multilistId: ctx.board!._id, groupName: str(v, 'groupName') },
        'assign group',
      );
      return ok ? null : fail(ctx, 'assign group');
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
      const mine =
        (await ctx.create<{ name: string; owner: string }[]>('/api/forms/my_groups', {})) ?? [];
      const owned = mine.filter((g) => g.owner === ctx.user?.username).map((g) => g.name);
      if (owned.length === 0) return { error: groupMsg.noGroups };
      return { options: { groupName: owned }, values: { groupName: owned[0]! } };
    },
    validate: (v) => required(v, 'username', 'username'),
    async submit(v, ctx) {
      const ok = await ctx.call(
        '/api/forms/add_group_member',
        { groupName: str(v, 'groupName'), username: str(v, 'username') },
        'add member',
      );
      return ok ? null : fail(ctx, 'add member');
    },
  },
];
