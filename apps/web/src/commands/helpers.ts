/** Helpers shared by the command definitions of every area. */
import { must, selectionMsg, type BoardAction } from '@listboard/core';
import type { Display, ItemViewState } from '../state/ui';
import type { CommandContext } from './registry';

export const selectedList = (ctx: CommandContext) =>
  ctx.board?.lists.find((l) => l._id === ctx.selection.listId) ?? null;
export const selectedItem = (ctx: CommandContext) => {
  for (const l of ctx.board?.lists ?? []) {
    const it = l.items.find((i) => i._id === ctx.selection.itemId);
    if (it) return it;
  }
  return null;
};
export const signedIn = (ctx: CommandContext) => !ctx.isGuest;
/** The user the commands act for: once the session is ready there is one, a guest at least. */
export const userOf = (ctx: CommandContext) => must(ctx.user, 'the session user');
/**
 * Whether the caller may take a board action here, as the server's abilities say. A results
 * board is made on the fly: its items are changed where they live.
 */
const may = (action: BoardAction) => (ctx: CommandContext) =>
  !ctx.results && ctx.abilities?.[action] === true;
export const canEdit = may('edit');
export const canDelete = may('delete');
export const canInsert = may('insert');
export const canDuplicate = may('duplicate');
export const canLabel = may('label');

/**
 * Runs only with an item selected, given its id; otherwise says what to do, as the spec words it.
 */
export const needItem = (ctx: CommandContext, run: (itemId: string) => void) =>
  ctx.selection.itemId
    ? run(ctx.selection.itemId)
    : ctx.actions.alert(selectionMsg.selectAnItemFirst);
export const needList = (ctx: CommandContext, run: (listId: string) => void) =>
  ctx.selection.listId
    ? run(ctx.selection.listId)
    : ctx.actions.alert(selectionMsg.selectAListFirst);
/** What shows an item rather than changes it (opens it, lists its previous texts). */
export const needItemShown = (ctx: CommandContext, run: (itemId: string) => void) =>
  ctx.selection.itemId ? run(ctx.selection.itemId) : ctx.actions.alert(selectionMsg.selectAnItem);
/** A note or an annotation is on words selected in an item, or on a whole item. */
export const needTextOrItem = (ctx: CommandContext, run: () => void) =>
  ctx.selection.itemId || ctx.selection.text
    ? run()
    : ctx.actions.alert(selectionMsg.selectTextOrItemFirst);

/**
 * Whether an item shows in full. An item's own `open` (a 350 ms press, alt+n) wins; otherwise it
 * follows the board: collapse all items and headline view show headlines only.
 */
export function itemIsOpen(display: Display, vs: ItemViewState): boolean {
  return vs.open ?? !(display.collapseItems || display.headlineView);
}

/** Whether a list shows its items: its own `open` (alt+d) wins over collapse all lists. */
export function listIsOpen(display: Display, vs: { open?: boolean }): boolean {
  return vs.open ?? !display.collapseLists;
}
