/**
 * The registry's entries, one file per area. Order here is the order on the toolbar and in the
 * More menu.
 */
import type { Command } from './registry';
import { NAVIGATION_COMMANDS } from './navigation';
import { VIEW_COMMANDS } from './view';
import { EDIT_COMMANDS } from './edit';
import { BOARD_COMMANDS } from './board';
import { NOTES_COMMANDS } from './notes';
import { ACCOUNT_COMMANDS } from './account';
import { SEARCH_COMMANDS } from './search';
import { MEDIA_COMMANDS } from './media';
import { PAGES_COMMANDS } from './pages';
import { ADMIN_COMMANDS } from './admin';
import { ITEM_TOOL_COMMANDS } from './itemTools';
import { OPS_COMMANDS } from './ops';
import { UNDO_COMMANDS } from './undo';
import { INSIGHT_COMMANDS } from './insight';

export const COMMANDS: Command[] = [
  ...NAVIGATION_COMMANDS,
  ...VIEW_COMMANDS,
  ...EDIT_COMMANDS,
  ...BOARD_COMMANDS,
  ...UNDO_COMMANDS,
  ...ITEM_TOOL_COMMANDS,
  ...NOTES_COMMANDS,
  ...INSIGHT_COMMANDS,
  ...SEARCH_COMMANDS,
  ...MEDIA_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...PAGES_COMMANDS,
  ...ADMIN_COMMANDS,
  ...OPS_COMMANDS,
];

export { selectedItem, selectedList } from './helpers';
