/** The form registry's entries, one file per area. */
import type { FormDef } from './registry';
import { ACCOUNT_FORMS } from './account';
import { BOARD_FORMS } from './board';
import { BOARD_SETTINGS_FORMS } from './boardSettings';
import { NOTES_FORMS } from './notes';
import { GROUPS_FORMS } from './groups';
import { SEARCH_FORMS } from './search';
import { LOAD_FORMS } from './load';
import { MEDIA_FORMS } from './media';
import { ADMIN_FORMS } from './admin';
import { ITEM_TOOL_FORMS } from './itemTools';
import { UNDO_FORMS } from './undo';

export const FORMS: FormDef[] = [
  ...ACCOUNT_FORMS,
  ...BOARD_FORMS,
  ...BOARD_SETTINGS_FORMS,
  ...NOTES_FORMS,
  ...ITEM_TOOL_FORMS,
  ...GROUPS_FORMS,
  ...SEARCH_FORMS,
  ...LOAD_FORMS,
  ...MEDIA_FORMS,
  ...ADMIN_FORMS,
  ...UNDO_FORMS,
];

export const FORM_BY_ID = new Map(FORMS.map((f) => [f.id, f]));
