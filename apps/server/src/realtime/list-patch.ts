/**
 * Writes confined to some lists of a board: items added, copied, deleted or moved in a list, a
 * list reversed, added, renamed, moved or removed. Their event names those lists, and each app
 * instance brings its cached copy of the board to the new version by reading them and the board's
 * list rows (services/boards/content.ts patchListsContent) instead of the whole board. Viewers
 * still load the board again; the load then finds it cached.
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
]);
/** Calls that make one list, named by their answer's listId, and move the lists after it. */
const MAKE_A_LIST: ReadonlySet<string> = new Set([
  '/api/forms/insert_list',
  '/api/forms/import_list',
  '/api/forms/duplicate_list',
]);
/** Calls that change only the order of the board's lists. */
const LIST_ORDER: ReadonlySet<string> = new Set(['/api/forms/reorder_lists']);

/**
 * The lists whose items a call changed, when the change stays inside them and the list rows:
 * undefined when it does not (a full read follows).
 */
export function patchListsOf(
  call: string,
  target: { list?: { id: string } | undefined },
  answer: unknown,
): string[] | undefined {
  if (LIST_ORDER.has(call)) return [];
  if (IN_TARGET_LIST.has(call)) return target.list ? [target.list.id] : undefined;
  if (MAKE_A_LIST.has(call)) {
    const made =
      answer !== null && typeof answer === 'object' && 'listId' in answer
        ? answer.listId
        : undefined;
    return typeof made === 'string' ? [made] : undefined;
  }
  return undefined;
}
