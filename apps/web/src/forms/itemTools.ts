/**
 * An item's caption, its styling (colour, font, size), its labels, an item imported from an
 * address, and moving an item or a list by the keyboard's forms.
 */
import {
  FONT_SIZE_NAMES,
  ITEM_COLORS,
  fieldMsg,
  formatLabelsText,
  moveMsg,
  parseLabelsText,
} from '@listboard/core';
import type { FormDef, Values } from './registry';
import {
  fail,
  findItem,
  findList,
  required,
  selectedItem,
  selectedItemId,
  selectedList,
  str,
  text,
} from './helpers';
import { useLoadProgress } from '../search/progressStore';
import { showMoved } from '../state/info';

/** Where the Move to list form (and a copy to another board) puts the item in the list chosen. */
export const MOVE_PLACES = ['At the end', 'At the top'] as const;

/** A list as a choice of the Move to list form: its place on the board and its title. */
const listChoice = (l: { index: number; title: string }) =>
  `${String(l.index + 1)}. ${l.title || 'Untitled list'}`;

/** The choice that leaves a format field unset (sent as '', which styles nothing). */
export const DEFAULT_STYLE = 'default';

/** The styling fields the form sets, and the format field each one is. */
const STYLE_FIELDS = { color: 'bgcolor', font: 'fontName', size: 'fontSizeName' } as const;

/** An item's format as the style form shows it. */
export function styleValues(format: Record<string, string | number>): Values {
  const named = (v: unknown, known: readonly string[]) =>
    typeof v === 'string' && known.includes(v) ? v : DEFAULT_STYLE;
  return {
    color: named(format.bgcolor ?? format.color, ITEM_COLORS),
    font: typeof format.fontName === 'string' ? format.fontName : '',
    size: named(format.fontSizeName, Object.keys(FONT_SIZE_NAMES)),
  };
}

/** The format fields that change from `before` to `after`: update_item's $set. */
export function styleChange(before: Values, after: Values): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [name, field] of Object.entries(STYLE_FIELDS)) {
    const value = str(after, name);
    if (value === str(before, name)) continue;
    set[field] = value === DEFAULT_STYLE ? '' : value;
  }
  return set;
}

export const ITEM_TOOL_FORMS: FormDef[] = [
  {
    id: 'caption',
    label: 'Caption',
    description: () =>
      'A caption for the selected item, shown with its annotations under a label you can show or hide.',
    fields: [
      { name: 'text', label: 'Caption text', type: 'textarea', required: true },
      { name: 'annoLabel', label: 'Label (leave empty for the next number)', type: 'text' },
    ],
    validate: (v) => required(v, 'text', 'caption'),
    async submit(v, ctx) {
      const item = selectedItem(ctx);
      const res = await ctx.call(
        '/api/forms/add_caption',
        {
          itemId: item._id,
          text: str(v, 'text'),
          ...(str(v, 'annoLabel') ? { annoLabel: str(v, 'annoLabel') } : {}),
        },
        'add caption',
      );
      return res.ok ? null : fail('add caption', res.error);
    },
  },
  {
    id: 'itemStyle',
    label: 'Item style',
    description: () => 'How the selected item looks, for everyone who reads the board.',
    fields: [
      { name: 'color', label: 'Colour', type: 'select', options: [DEFAULT_STYLE, ...ITEM_COLORS] },
      {
        name: 'font',
        label: 'Font',
        type: 'text',
        placeholder: 'Georgia',
        hint: 'A font name, such as Georgia or Courier New; left empty, the board’s own font.',
      },
      {
        name: 'size',
        label: 'Size',
        type: 'select',
        options: [DEFAULT_STYLE, ...Object.keys(FONT_SIZE_NAMES)],
      },
    ],
    initial: (ctx) => styleValues(findItem(ctx)?.format ?? {}),
    async submit(v, ctx) {
      const item = selectedItem(ctx);
      const set = styleChange(styleValues(item.format), v);
      if (Object.keys(set).length === 0) return null;
      const res = await ctx.call(
        '/api/display/update_item',
        { query: { _id: item._id }, doc: { $set: set } },
        'style item',
      );
      return res.ok ? null : fail('style item', res.error);
    },
  },
  {
    id: 'importItemUrl',
    label: 'Import item from a URL',
    description: (ctx) =>
      findItem(ctx)
        ? 'A web page, picture, recording or document, as a new item after the selected one.'
        : 'A web page, picture, recording or document, as a new item at the end of the list.',
    submitLabel: 'Import',
    fields: [
      { name: 'url', label: 'URL', type: 'url', required: true, placeholder: 'https://…' },
      {
        name: 'text',
        label: 'Your words before it (optional)',
        type: 'textarea',
        hint: 'A web page comes in as its title, linked, and its opening text; a txt, md, rtf or docx file as its text.',
      },
    ],
    validate: (v) => (str(v, 'url') ? null : fieldMsg.requiredField('url')),
    async submit(v, ctx) {
      const list = selectedList(ctx);
      const after = findItem(ctx);
      const url = str(v, 'url');
      const progress = useLoadProgress.getState();
      progress.set({ fraction: 0.3, label: `Fetching ${url}…` });
      try {
        const res = await ctx.call(
          '/api/forms/import_item_url',
          {
            listId: list._id,
            url,
            ...(after && after.listId === list._id ? { itemId: after._id } : {}),
            ...(str(v, 'text') ? { text: str(v, 'text') } : {}),
          },
          'import item',
        );
        return res.ok ? null : fail('import item', res.error);
      } finally {
        progress.set(null);
      }
    },
  },
  {
    id: 'moveItemToList',
    label: 'Move to list',
    description: () =>
      'The item goes to the top or the end of the list chosen, with its notes, markers and media. (With a mouse, an item drags by its grip to any place.)',
    fields: [
      { name: 'list', label: 'To list', type: 'select', options: [] },
      { name: 'where', label: 'Where', type: 'select', options: [...MOVE_PLACES] },
    ],
    submitLabel: 'Move',
    // The board's other lists, by place and title (two lists may share a title).
    prepare(ctx) {
      const item = findItem(ctx);
      const others = (ctx.board?.lists ?? []).filter((l) => l._id !== item?.listId);
      if (!item || others.length === 0)
        return Promise.resolve({ error: 'This board has no other list to move the item to.' });
      const options = others.map(listChoice);
      return Promise.resolve({
        options: { list: options },
        values: { list: options[0] ?? '', where: MOVE_PLACES[0] },
      });
    },
    async submit(v, ctx) {
      const item = findItem(ctx);
      const to = (ctx.board?.lists ?? []).find((l) => listChoice(l) === str(v, 'list'));
      if (!item || !to) return fail('move to list');
      const top = str(v, 'where') === MOVE_PLACES[1];
      const res = await ctx.call(
        '/api/forms/move_item_to_list',
        { itemId: item._id, listId: to._id, ...(top ? { index: 0 } : {}) },
        'move to list',
      );
      if (!res.ok) return fail('move to list', res.error);
      // As a drag says it: where it went, with an Undo that puts it back.
      showMoved(to.title || `List ${to.index + 1}`, {
        itemId: item._id,
        listId: item.listId,
        index: item.index,
      });
      return null;
    },
  },
  {
    id: 'labels',
    label: 'Labels',
    fields: [{ name: 'labels', label: 'Labels (name:value, separated by commas)', type: 'text' }],
    initial: (ctx) => ({ labels: formatLabelsText(findItem(ctx)?.labels ?? []) }),
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/edit_item_labels',
        { itemId: selectedItemId(ctx), labels: parseLabelsText(text(v, 'labels')) },
        'edit labels',
      );
      return res.ok ? null : fail('edit labels', res.error);
    },
  },
  {
    id: 'moveItem',
    label: 'Move item',
    fields: [{ name: 'direction', label: 'Direction', type: 'select', options: ['up', 'down'] }],
    submitLabel: 'Move',
    async submit(v, ctx) {
      const item = findItem(ctx);
      const list = findList(ctx);
      if (!item || !list) return fail('move item');
      const dir = text(v, 'direction') as 'up' | 'down';
      const at = list.items.findIndex((i) => i._id === item._id);
      if ((dir === 'up' && at === 0) || (dir === 'down' && at === list.items.length - 1))
        return moveMsg.itemAtEnd(dir);
      const res = await ctx.call(
        '/api/forms/move_item',
        { itemId: item._id, direction: dir },
        'move item',
      );
      return res.ok ? null : fail('move item', res.error);
    },
  },
  {
    id: 'moveList',
    label: 'Move list',
    fields: [{ name: 'direction', label: 'Direction', type: 'select', options: ['left', 'right'] }],
    submitLabel: 'Move',
    async submit(v, ctx) {
      const list = findList(ctx);
      const lists = ctx.board?.lists ?? [];
      if (!list) return fail('move list');
      const dir = text(v, 'direction') as 'left' | 'right';
      const at = lists.findIndex((l) => l._id === list._id);
      if ((dir === 'left' && at === 0) || (dir === 'right' && at === lists.length - 1))
        return moveMsg.listAtEnd(dir);
      const res = await ctx.call(
        '/api/forms/move_list',
        { listId: list._id, direction: dir },
        'move list',
      );
      return res.ok ? null : fail('move list', res.error);
    },
  },
];
