/** Boards, lists and items: insert, edit, delete. */
import type { FormContext, FormDef } from './registry';
import {
  str,
  text,
  findItem,
  findList,
  required,
  fail,
  openBoard,
  selectedItem,
  selectedItemId,
  selectedList,
  selectedListId,
  quotedItemItself,
  quotedList,
} from './helpers';
import { useUi } from '../state/ui';
import { showDeleted } from '../state/info';
import { listReadersNotesWarning, readersNotesWarning } from './readersNotes';

/** An item only its author sees (spec section 7: insert_item's isPrivate). */
const PRIVATE_ITEM = {
  name: 'isPrivate',
  label: 'Private (only you will see it)',
  type: 'checkbox',
} as const;

/** Whoever may use the board's Trash gets an Undo after a delete. */
const mayRestore = (ctx: FormContext) => ctx.board?.abilities.trash === true;

export const BOARD_FORMS: FormDef[] = [
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
      const res = await ctx.call(
        '/api/forms/insert_list',
        {
          multilistId: openBoard(ctx)._id,
          titleText: str(v, 'titleText'),
          itemText: text(v, 'itemText'),
          index: after ? after.index + 1 : undefined,
        },
        'insert list',
      );
      return res.ok ? null : fail('insert list', res.error);
    },
  },
  {
    id: 'editList',
    label: 'Edit list title',
    edits: true,
    fields: [{ name: 'titleText', label: 'Title', type: 'text', required: true }],
    initial: (ctx) => ({ titleText: findList(ctx)?.title ?? '' }),
    validate: (v) => required(v, 'titleText', 'title'),
    async submit(v, ctx) {
      const list = selectedList(ctx);
      const res = await ctx.call(
        '/api/forms/edit_list',
        { listId: list._id, titleText: str(v, 'titleText'), version: list.version },
        'edit list',
      );
      return res.ok ? null : fail('edit list', res.error);
    },
  },
  {
    id: 'editListDescription',
    label: 'Edit list description',
    edits: true,
    fields: [{ name: 'descText', label: 'Description', type: 'textarea' }],
    initial: (ctx) => ({ descText: findList(ctx)?.description ?? '' }),
    async submit(v, ctx) {
      const list = selectedList(ctx);
      const res = await ctx.call(
        '/api/forms/edit_list',
        { listId: list._id, descText: text(v, 'descText'), version: list.version },
        'edit list',
      );
      return res.ok ? null : fail('edit list', res.error);
    },
  },
  {
    id: 'deleteList',
    label: 'Delete this list and all its items?',
    quote: quotedList,
    description: (ctx) => listReadersNotesWarning(findList(ctx)),
    submitLabel: 'Delete',
    confirm: true,
    fields: [],
    async submit(_v, ctx) {
      const res = await ctx.call(
        '/api/forms/remove_list',
        { listId: selectedListId(ctx) },
        'delete list',
      );
      if (!res.ok) return fail('delete list', res.error);
      showDeleted('list', res.value.trashId, mayRestore(ctx));
      return null;
    },
  },
  {
    id: 'insertItem',
    label: 'Insert item',
    fields: [{ name: 'text', label: 'Text', type: 'textarea', required: true }, PRIVATE_ITEM],
    validate: (v) => required(v, 'text', 'text'),
    done: () => 'The item is added.',
    async submit(v, ctx) {
      const item = findItem(ctx);
      const res = await ctx.call(
        '/api/forms/insert_item',
        {
          listId: selectedListId(ctx),
          text: str(v, 'text'),
          index: item ? item.index + 1 : undefined,
          isPrivate: Boolean(v.isPrivate),
        },
        'insert item',
      );
      if (!res.ok) return fail('insert item', res.error);
      // The new item is selected: its list brings it into sight as it comes (it may go in below
      // the list's fold), and the next key acts on it.
      useUi.getState().select({ itemId: res.value.itemId, text: null });
      return null;
    },
  },
  {
    id: 'editItem',
    label: 'Edit item',
    edits: true,
    // Private or public is its author's to say: the box shows for them alone.
    fields: [
      { name: 'text', label: 'Text', type: 'textarea', required: true },
      { ...PRIVATE_ITEM, shownWhen: (v) => v.mine === true },
    ],
    initial: (ctx) => {
      const item = findItem(ctx);
      return {
        text: item?.text ?? '',
        isPrivate: item?.isPrivate ?? false,
        mine: item != null && item.author === ctx.user?.username,
      };
    },
    validate: (v) => required(v, 'text', 'text'),
    done: () => 'The item is saved.',
    async submit(v, ctx) {
      const item = selectedItem(ctx);
      const res = await ctx.call(
        '/api/forms/edit_item',
        {
          itemId: item._id,
          text: text(v, 'text'),
          version: item.version,
          isPrivate: v.mine === true ? Boolean(v.isPrivate) : undefined,
        },
        'edit item',
      );
      return res.ok ? null : fail('edit item', res.error);
    },
  },
  {
    id: 'deleteItem',
    label: 'Delete this item and its notes?',
    quote: quotedItemItself,
    description: (ctx) => readersNotesWarning(findItem(ctx)),
    submitLabel: 'Delete',
    confirm: true,
    fields: [],
    async submit(_v, ctx) {
      const res = await ctx.call(
        '/api/forms/delete_item',
        { itemId: selectedItemId(ctx) },
        'delete item',
      );
      if (!res.ok) return fail('delete item', res.error);
      showDeleted('item', res.value.trashId, mayRestore(ctx));
      return null;
    },
  },
];
