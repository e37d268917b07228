/**
 * Writes confined to some lists of a board: items added, copied, deleted, moved (in a list or from
 * one to another), split or put back from the Trash in a list, a list reversed, added, renamed,
 * moved, removed or put back; and writes to the board's own row or its people (settings,
 * coauthors, members), which leave its content as it was. Their event names those lists, and each
 * app instance brings its cached copy of the board to the new version by reading them and the
 * board's list rows (services/boards/content.ts patchListsContent) instead of the whole board.
 * Viewers still load the board again; the load then finds it cached.
 */

/** Calls whose change stays inside the list they act on (an item's list, for an item). */
const IN_TARGET_LIST: ReadonlySet<string> = new Set([
  '/api/forms/insert_item',
  '/api/forms/duplicate_item',
  // A content item; a note's deletion travels as a patch of its item (item-patch.ts).
  '/api/forms/delete_item',
  '/api/forms/move_item',
  '/api/forms/reverse_list',
  '/api/forms/edit_list',
  '/api/forms/remove_list',
  '/api/forms/move_list',
  // The spans become items after the item, in its list.
  '/api/forms/split_at_media_markers',
  '/api/forms/split_at_text_markers',
]);
/**
 * Calls whose change stays inside the one list their answer's listId names (and the places of
 * the lists after it): a list made, or a list, item or note put back from the Trash. A board put
 * back answers no listId.
 */
const NAMED_BY_ANSWER: ReadonlySet<string> = new Set([
  '/api/forms/insert_list',
  '/api/forms/import_list',
  '/api/forms/duplicate_list',
  '/api/forms/restore_from_trash',
]);
/** Calls whose change stays inside the list they act on and the one their answer's listId names. */
const FROM_TARGET_TO_ANSWER: ReadonlySet<string> = new Set(['/api/forms/move_item_to_list']);
/** Calls that change no item: the order of the board's lists, its settings, its people. */
const LIST_ROWS_ONLY: ReadonlySet<string> = new Set([
  '/api/forms/reorder_lists',
  '/api/dbedit/edit_multilist',
  '/api/forms/add_coauthor',
  '/api/forms/remove_coauthor',
  '/api/forms/set_member',
]);

/**
 * The lists whose items a call changed, when the change stays inside them and the list rows:
 * undefined when it does not (a full read follows).
 */
export function patchListsOf(
  call: string,
  target: { list?: { id: string } | undefined },
  answer: unknown,
): string[] | undefined {
  if (LIST_ROWS_ONLY.has(call)) return [];
  if (IN_TARGET_LIST.has(call)) return target.list ? [target.list.id] : undefined;
  const named =
    answer !== null && typeof answer === 'object' && 'listId' in answer ? answer.listId : undefined;
  if (NAMED_BY_ANSWER.has(call)) return typeof named === 'string' ? [named] : undefined;
  if (FROM_TARGET_TO_ANSWER.has(call)) {
    if (!target.list || typeof named !== 'string') return undefined;
    return [...new Set([target.list.id, named])];
  }
  return undefined;
}
