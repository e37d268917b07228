/**
 * Copying an item or a list to another board: one of the caller's own, or one they coauthor or
 * edit (copy_targets). An item goes to the top or the end of the list chosen; a list goes at the
 * end of the board chosen. The copy is made by duplicate_item and duplicate_list, which check
 * again what the caller may read and add to; the info bar then offers to open where it went.
 */
import { copyMsg, type Item } from '@listboard/core';
import type { CopyTarget } from '@listboard/core/api/routes';
import { messageOr } from '../api/client';
import { useInfo } from '../state/info';
import type { Field, FormContext, FormDef, Values } from './registry';
import {
  fail,
  findItem,
  findList,
  openBoard,
  ownAnnotations,
  quotedItem,
  quotedList,
  required,
  selectedListId,
  str,
} from './helpers';
import { MOVE_PLACES } from './itemTools';

/** A board as a choice: its title, and whose it is when it is not the caller's. */
function boardChoice(b: CopyTarget, me: string | undefined): string {
  return b.owner === me ? b.title : `${b.title} (${b.owner})`;
}

/** A list as a choice: its board, then its place on it and its title (two may share one). */
function listChoice(b: CopyTarget, me: string | undefined, at: number): string {
  const list = b.lists[at];
  return `${boardChoice(b, me)} ▸ ${String(at + 1)}. ${list?.title || 'Untitled list'}`;
}

interface Place {
  board: CopyTarget;
  listId?: string;
}

/**
 * What the form offered when it opened, by the words of each choice: the board and the list each
 * names. Kept for its submit, which is told only the words chosen.
 */
const offered = new Map<string, Place>();

/** The boards one may copy to, other than `except`; a message saying why none when there are none. */
async function targets(ctx: FormContext, except: string): Promise<CopyTarget[] | string> {
  const res = await ctx.api('/api/forms/copy_targets', {});
  if (!res.ok) return messageOr(res.error, 'ERROR: copy');
  const others = res.value.filter((b) => b.multilistId !== except);
  return others.length > 0 ? others : copyMsg.noBoard;
}

/** Offers these choices, remembering each one's place; the first is chosen. */
function offer(places: [string, Place][]) {
  offered.clear();
  for (const [words, place] of places) offered.set(words, place);
  return places.map(([words]) => words);
}

/** Says where the copy went, with a way to open that board. */
function showCopied(what: string, where: string, board: CopyTarget) {
  useInfo
    .getState()
    .show(
      `${what} copied to “${where}”`,
      { open: `/${board.owner}/${board.ptitle}` },
      undefined,
      'Open it',
    );
}

/** A teacher's glosses go along, ticked, when they wrote any on what is copied. */
const ANNOTATIONS: Field = {
  name: 'annotations',
  label: 'With my annotations',
  type: 'checkbox',
  hint: 'Each on its item’s copy, as private as it is here; not the replies to it.',
  shownWhen: (v) => v.mine === true,
};
const withAnnotations = (ctx: FormContext, on: readonly Item[]) => {
  const mine = ownAnnotations(ctx, on) > 0;
  return { mine, annotations: mine };
};
const annotationsAsked = (v: Values) =>
  v.mine === true && v.annotations === true ? { annotations: true } : {};

export const COPY_FORMS: FormDef[] = [
  {
    id: 'copyItemToBoard',
    label: 'Copy item to another board',
    description: () =>
      'A copy of the item, with its labels, style, markers and media, goes to the list chosen, on a board of yours or one you help write. Notes on it stay here.',
    fields: [
      { name: 'to', label: 'To list', type: 'select', options: [] },
      { name: 'where', label: 'Where', type: 'select', options: [...MOVE_PLACES] },
      ANNOTATIONS,
    ],
    initial: (ctx) => {
      const item = findItem(ctx);
      return withAnnotations(ctx, item ? [item] : []);
    },
    quote: quotedItem,
    submitLabel: 'Copy',
    async prepare(ctx) {
      const item = findItem(ctx);
      if (!item) return { error: fail('copy item') };
      const boards = await targets(ctx, item.multilistId);
      if (typeof boards === 'string') return { error: boards };
      const me = ctx.user?.username;
      const choices = offer(
        boards.flatMap((b) =>
          b.lists.map((l, at): [string, Place] => [
            listChoice(b, me, at),
            { board: b, listId: l.listId },
          ]),
        ),
      );
      if (choices.length === 0) return { error: copyMsg.noList };
      return { options: { to: choices }, values: { to: choices[0] ?? '', where: MOVE_PLACES[0] } };
    },
    async submit(v, ctx) {
      const item = findItem(ctx);
      const place = offered.get(str(v, 'to'));
      if (!item || !place?.listId) return fail('copy item');
      const top = str(v, 'where') === MOVE_PLACES[1];
      const res = await ctx.call(
        '/api/forms/duplicate_item',
        {
          listId: place.listId,
          itemId: item._id,
          // The same words: its blocks go as stored (a video's poster frame, its auto-seek).
          text: item.text,
          ...(top ? { index: 0 } : {}),
          ...annotationsAsked(v),
        },
        'copy item',
      );
      if (!res.ok) return fail('copy item', res.error);
      showCopied('Item', str(v, 'to'), place.board);
      return null;
    },
    done: () => 'The item is copied.',
  },
  {
    id: 'copyListToBoard',
    label: 'Copy list to another board',
    description: () =>
      'A copy of the list and its items goes at the end of the board chosen, a board of yours or one you help write. Notes on its items stay here.',
    fields: [{ name: 'to', label: 'To board', type: 'select', options: [] }, ANNOTATIONS],
    initial: (ctx) => withAnnotations(ctx, findList(ctx)?.items ?? []),
    quote: quotedList,
    submitLabel: 'Copy',
    async prepare(ctx) {
      const list = findList(ctx);
      if (!list) return { error: fail('copy list') };
      const boards = await targets(ctx, list.multilistId);
      if (typeof boards === 'string') return { error: boards };
      const me = ctx.user?.username;
      const choices = offer(boards.map((b): [string, Place] => [boardChoice(b, me), { board: b }]));
      return { options: { to: choices }, values: { to: choices[0] ?? '' } };
    },
    async submit(v, ctx) {
      const list = findList(ctx);
      const place = offered.get(str(v, 'to'));
      if (!list || !place) return fail('copy list');
      const res = await ctx.call(
        '/api/forms/duplicate_list',
        { multilistId: place.board.multilistId, prevListId: list._id, ...annotationsAsked(v) },
        'copy list',
      );
      if (!res.ok) return fail('copy list', res.error);
      showCopied('List', str(v, 'to'), place.board);
      return null;
    },
    done: () => 'The list is copied.',
  },
  {
    id: 'duplicateList',
    label: 'Duplicate list',
    fields: [
      { name: 'titleText', label: 'Title of the copy', type: 'text', required: true },
      ANNOTATIONS,
    ],
    initial: (ctx) => ({
      titleText: `${findList(ctx)?.title ?? ''} (copy)`,
      ...withAnnotations(ctx, findList(ctx)?.items ?? []),
    }),
    validate: (v) => required(v, 'titleText', 'title'),
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/duplicate_list',
        {
          multilistId: openBoard(ctx)._id,
          prevListId: selectedListId(ctx),
          titleText: str(v, 'titleText'),
          ...annotationsAsked(v),
        },
        'duplicate list',
      );
      return res.ok ? null : fail('duplicate list', res.error);
    },
  },
];
