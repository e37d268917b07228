/** Helpers shared by the command definitions of every area. */
import { selectionMsg } from '@listboard/core';
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
export const canEdit = (ctx: CommandContext) => ctx.abilities?.edit === true;
export const canDelete = (ctx: CommandContext) => ctx.abilities?.delete === true;
export const canInsert = (ctx: CommandContext) =>
  !ctx.isGuest && (ctx.abilities?.edit === true || ctx.abilities?.role === 'contributor');

/** Runs only with an item selected; otherwise says what to do, as the spec words it. */
export const needItem = (ctx: CommandContext, run: () => void) =>
  ctx.selection.itemId ? run() : ctx.actions.alert(selectionMsg.selectAnItemFirst);
export const needList = (ctx: CommandContext, run: () => void) =>
  ctx.selection.listId ? run() : ctx.actions.alert(selectionMsg.selectAListFirst);
