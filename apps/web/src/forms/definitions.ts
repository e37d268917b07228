import {
  describeSelection,
  fieldMsg,
  groupMsg,
  isValidEmail,
  loginMsg,
  parseLabelsText,
  formatLabelsText,
} from '@listboard/core';
import type { FormContext, FormDef, Values } from './registry';

const str = (v: Values, k: string) => String(v[k] ?? '').trim();

function findItem(ctx: FormContext) {
  for (const l of ctx.board?.lists ?? []) {
    const it = l.items.find((i) => i._id === ctx.target.itemId);
    if (it) return it;
  }
  return null;
}
/** The passage selected with the item, as a quote selector that survives later edits. */
function highlightOf(ctx: FormContext) {
  const item = findItem(ctx);
  const text = ctx.target.text?.trim();
  if (!item || !text) return null;
  const at = item.text.indexOf(text);
  return at < 0 ? null : describeSelection(item.text, at, at + text.length);
}

const findList = (ctx: FormContext) =>
  ctx.board?.lists.find((l) => l._id === ctx.target.listId) ?? null;
const required = (v: Values, field: string, label: string) =>
  str(v, field) ? null : fieldMsg.requiredField(label);
const fail = (ctx: FormContext, op: string) => ctx.lastError() ?? `ERROR: ${op}`;

export const FORMS: FormDef[] = [
  {
    id: 'login',
    label: 'Sign in',
    submitLabel: 'Sign in',
    fields: [
      {
        name: 'username',
        label: 'User name',
        type: 'text',
        required: true,
        autoComplete: 'username',
      },
      {
        name: 'password',
        label: 'Password',
        type: 'password',
        required: true,
        autoComplete: 'current-password',
      },
    ],
    validate: (v) =>
      !str(v, 'username') || !String(v.password ?? '') ? loginMsg.credentialsMissing : null,
    submit: (v, ctx) => ctx.signIn(str(v, 'username'), String(v.password)),
  },
  {
    id: 'insertMultilist',
    label: 'New board',
    fields: [
      { name: 'titleText', label: 'Title', type: 'text', required: true },
      { name: 'descText', label: 'Description', type: 'textarea' },
      { name: 'listed', label: 'Listed', type: 'checkbox' },
    ],
    initial: () => ({ titleText: '', descText: '', listed: true }),
    validate: (v) => required(v, 'titleText', 'title'),
    async submit(v, ctx) {
      const made = await ctx.create<{ owner: string; ptitle: string }>(
        '/api/forms/insert_multilist',
        { titleText: str(v, 'titleText'), descText: str(v, 'descText'), listed: Boolean(v.listed) },
      );
      if (!made) return fail(ctx, 'insert board');
      ctx.navigate(`/${made.owner}/${made.ptitle}`);
      return null;
    },
  },
  {
    id: 'insertList',
    label: 'Insert list',
    fields: [
      { name: 'titleText', label: 'Title', type: 'text', required: true },
      { name: 'itemText', label: 'Items (separate them with a blank line)', type: 'textarea' },
    ],
    validate: (v) => required(v, 'titleText', 'title'),
    async submit(v, ctx) {
      const after = findList(ctx);
      const ok = await ctx.call(
        '/api/forms/insert_list',
        {
          multilistId: ctx.board!._id,
          titleText: str(v, 'titleText'),
          itemText: String(v.itemText ?? ''),
          index: after ? after.index + 1 : undefined,
        },
        'insert list',
      );
      return ok ? null : fail(ctx, 'insert list');
    },
  },
  {
    id: 'editList',
    label: 'Edit list title',
    fields: [{ name: 'titleText', label: 'Title', type: 'text', required: true }],
    initial: (ctx) => ({ titleText: findList(ctx)?.title ?? '' }),
    validate: (v) => required(v, 'titleText', 'title'),
    async submit(v, ctx) {
      const list = findList(ctx)!;
      const ok = await ctx.call(
        '/api/forms/edit_list',
        { listId: list._id, titleText: str(v, 'titleText'), version: list.version },
        'edit list',
      );
      return ok ? null : fail(ctx, 'edit list');
    },
  },
  {
    id: 'editListDescription',
    label: 'Edit list description',
    fields: [{ name: 'descText', label: 'Description', type: 'textarea' }],
    initial: (ctx) => ({ descText: findList(ctx)?.description ?? '' }),
    async submit(v, ctx) {
      const list = findList(ctx)!;
      const ok = await ctx.call(
        '/api/forms/edit_list',
        { listId: list._id, descText: String(v.descText ?? ''), version: list.version },
        'edit list',
      );
      return ok ? null : fail(ctx, 'edit list');
    },
  },
  {
    id: 'deleteList',
    label: 'Delete this list and all its items?',
    submitLabel: 'Delete',
    fields: [],
    async submit(_v, ctx) {
      const ok = await ctx.call(
        '/api/forms/remove_list',
        { listId: ctx.target.listId },
        'delete list',
      );
      return ok ? null : fail(ctx, 'delete list');
    },
  },
  {
    id: 'insertItem',
    label: 'Insert item',
    fields: [{ name: 'text', label: 'Text', type: 'textarea', required: true }],
    validate: (v) => required(v, 'text', 'text'),
    async submit(v, ctx) {
      const item = findItem(ctx);
      const ok = await ctx.call(
        '/api/forms/insert_item',
        {
          listId: ctx.target.listId,
          text: String(v.text).trim(),
          index: item ? item.index + 1 : undefined,
        },
        'insert item',
      );
      return ok ? null : fail(ctx, 'insert item');
    },
  },
  {
    id: 'editItem',
    label: 'Edit item',
    fields: [{ name: 'text', label: 'Text', type: 'textarea', required: true }],
    initial: (ctx) => ({ text: findItem(ctx)?.text ?? '' }),
    validate: (v) => required(v, 'text', 'text'),
    async submit(v, ctx) {
      const item = findItem(ctx)!;
      const ok = await ctx.call(
        '/api/forms/edit_item',
        { itemId: item._id, text: String(v.text), version: item.version },
        'edit item',
      );
      return ok ? null : fail(ctx, 'edit item');
    },
  },
  {
    id: 'deleteItem',
    label: 'Delete this item and its notes?',
    submitLabel: 'Delete',
    fields: [],
    async submit(_v, ctx) {
      const ok = await ctx.call(
        '/api/forms/delete_item',
        { itemId: ctx.target.itemId },
        'delete item',
      );
      return ok ? null : fail(ctx, 'delete item');
    },
  },
  {
    id: 'labels',
    label: 'Labels',
    fields: [{ name: 'labels', label: 'Labels (name:value, separated by commas)', type: 'text' }],
    initial: (ctx) => ({ labels: formatLabelsText(findItem(ctx)?.labels ?? []) }),
    async submit(v, ctx) {
      const ok = await ctx.call(
        '/api/forms/edit_item_labels',
        { itemId: ctx.target.itemId, labels: parseLabelsText(String(v.labels ?? '')) },
        'edit labels',
      );
      return ok ? null : fail(ctx, 'edit labels');
    },
  },
  {
    id: 'note',
    label: 'Note',
    fields: [
      { name: 'text', label: 'Your note', type: 'textarea' },
      { name: 'isPrivate', label: 'Private (only you will see it)', type: 'checkbox' },
    ],
    async submit(v, ctx) {
      const item = findItem(ctx)!;
      const ok = await ctx.call(
        '/api/forms/insert_note',
        {
          listId: item.listId,
          itemId: item._id,
          // A private note goes to nobody else, so not to a group either.
          noteSpec: {
            text: String(v.text ?? ''),
            groupName: v.isPrivate ? null : ctx.group,
            highlight: highlightOf(ctx),
          },
          isPrivate: Boolean(v.isPrivate),
        },
        'insert note',
      );
      return ok ? null : fail(ctx, 'insert note');
    },
  },
  {
    id: 'reply',
    label: 'Reply',
    fields: [{ name: 'text', label: 'Your reply', type: 'textarea', required: true }],
    validate: (v) => required(v, 'text', 'text'),
    async submit(v, ctx) {
      const item = findItem(ctx)!;
      // On a results page the note carries where it lives; on a board it hangs off the item.
      const note = item.notes.find((n) => n._id === ctx.noteId);
      const where = note?.rootItem
        ? { listId: note.listId, itemId: note.rootItem }
        : { listId: item.listId, itemId: item._id };
      const ok = await ctx.call(
        '/api/forms/insert_note',
        { ...where, noteSpec: { text: String(v.text), parentId: ctx.noteId } },
        'reply',
      );
      return ok ? null : fail(ctx, 'reply');
    },
  },
  {
    id: 'annotation',
    label: 'Annotation',
    fields: [
      { name: 'text', label: 'Annotation', type: 'textarea', required: true },
      { name: 'label', label: 'Label (leave empty for the next number)', type: 'text' },
    ],
    validate: (v) => required(v, 'text', 'text'),
    async submit(v, ctx) {
      const item = findItem(ctx)!;
      const ok = await ctx.call(
        '/api/forms/insert_anno',
        {
          listId: item.listId,
          itemId: item._id,
          annoSpec: {
            text: String(v.text),
            label: str(v, 'label') || undefined,
            highlight: highlightOf(ctx),
          },
        },
        'insert annotation',
      );
      return ok ? null : fail(ctx, 'insert annotation');
    },
  },
];

const GROUP_FORMS: FormDef[] = [
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
];

FORMS.push(
  ...GROUP_FORMS,
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
  {
    id: 'emailItem',
    label: 'E-mail this item',
    fields: [
      {
        name: 'email',
        label: 'E-mail address',
        type: 'text',
        required: true,
        autoComplete: 'email',
      },
    ],
    validate: (v) => (isValidEmail(str(v, 'email')) ? null : fieldMsg.invalidEmail),
    async submit(v, ctx) {
      const item = findItem(ctx)!;
      const ok = await ctx.call(
        '/api/forms/email_an_item',
        {
          email: str(v, 'email'),
          multilistId: item.multilistId,
          listId: item.listId,
          itemId: item._id,
        },
        'email item',
      );
      if (ok) ctx.alert('The item is on its way.');
      return ok ? null : fail(ctx, 'email item');
    },
  },
);

export const FORM_BY_ID = new Map(FORMS.map((f) => [f.id, f]));
