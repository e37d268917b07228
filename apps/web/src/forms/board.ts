/** Boards, lists and items: insert, edit, delete, labels. */
import { parseLabelsText, formatLabelsText } from '@listboard/core';
import type { FormDef } from './registry';
import { str, findItem, findList, required, fail } from './helpers';

export const BOARD_FORMS: FormDef[] = [
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
];
