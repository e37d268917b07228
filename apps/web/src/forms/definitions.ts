/**
 * The form registry's entries, one file per area. The forms of a first board view (items,
 * lists, notes, media) come with the app; the rarely used areas (search, account, profile, new
 * boards and board settings, load, groups, an item's tools, copies, a list's due date, the view
 * forms, media and text markers, admin) are loaded the first time one of their forms opens. What
 * the board must know of a form before it is loaded (that it exists,
 * that it asks a yes-or-no question, that it edits words already written) is listed here with
 * its id; forms/definitions.test.ts checks the lists against the areas as loaded.
 */
import type { FormDef } from './registry';
import { BOARD_FORMS } from './board';
import { NOTES_FORMS } from './notes';
import { MEDIA_FORMS } from './media';
import { UNDO_FORMS } from './undo';

/** The forms that come with the app. */
export const FORMS: FormDef[] = [...BOARD_FORMS, ...NOTES_FORMS, ...MEDIA_FORMS, ...UNDO_FORMS];

export const FORM_BY_ID = new Map(FORMS.map((f) => [f.id, f]));

/** What is known of a form before its area is loaded. */
export interface FormFacts {
  confirm?: boolean;
  edits?: boolean;
}

export interface LazyArea {
  /** Each form of the area by id, with the facts the board reads before it is loaded. */
  forms: Record<string, FormFacts>;
  load: () => Promise<FormDef[]>;
}

export const LAZY_AREAS: LazyArea[] = [
  {
    forms: {
      logout: {},
      login: {},
      signup: {},
      checkInvitee: {},
      addUserSelf: {},
      addUser: {},
      forgot: {},
      resetPassword: {},
      deregister: {},
      editProfile: {},
    },
    load: () => import('./account').then((m) => m.ACCOUNT_FORMS),
  },
  {
    forms: {
      insertMultilist: {},
      boardSettings: {},
      share: {},
      unshare: {},
      duplicateBoard: {},
      deleteBoard: { confirm: true },
    },
    load: () => import('./boardSettings').then((m) => m.BOARD_SETTINGS_FORMS),
  },
  {
    forms: {
      createGroup: {},
      joinGroup: {},
      selectGroup: {},
      assignGroup: {},
      leaveGroup: {},
      addGroupMember: {},
      removeGroupMember: {},
    },
    load: () => import('./groups').then((m) => m.GROUPS_FORMS),
  },
  {
    forms: {
      caption: {},
      itemStyle: {},
      labels: {},
      importItemUrl: {},
      moveItemToList: {},
      moveItem: {},
      moveList: {},
    },
    load: () => import('./itemTools').then((m) => m.ITEM_TOOL_FORMS),
  },
  {
    forms: {
      theme: {},
      sectionDisplay: {},
      colors: {},
      zoom: {},
      collapseItems: {},
      headlineView: {},
      tocView: {},
      compact: {},
      displayMode: {},
    },
    load: () => import('./view').then((m) => m.VIEW_FORMS),
  },
  {
    forms: { listNotesDue: {} },
    load: () => import('./listDue').then((m) => m.LIST_DUE_FORMS),
  },
  {
    forms: { copyItemToBoard: {}, copyListToBoard: {}, duplicateList: {} },
    load: () => import('./copy').then((m) => m.COPY_FORMS),
  },
  {
    forms: { search: {}, sort: {}, accent: {} },
    load: () => import('./search').then((m) => m.SEARCH_FORMS),
  },
  {
    forms: { load: {}, url: {}, importList: {} },
    load: () => import('./load').then((m) => m.LOAD_FORMS),
  },
  {
    forms: {
      addMediaMarker: {},
      editMediaMarker: {},
      deleteMediaMarker: {},
      deleteAllMediaMarkers: {},
      splitAtMediaMarkers: {},
      addTextMarker: {},
      updateTextMarker: {},
      deleteTextMarker: {},
      deleteAllTextMarkers: {},
      splitAtTextMarkers: {},
    },
    load: () => import('./markers').then((m) => m.MARKER_FORMS),
  },
  {
    forms: {
      export: {},
      exportNotes: {},
      importNotes: {},
      dump: {},
      adminUser: {},
      adminDeregister: {},
    },
    load: () => import('./admin').then((m) => m.ADMIN_FORMS),
  },
];

const AREA_OF = new Map(LAZY_AREAS.flatMap((a) => Object.keys(a.forms).map((id) => [id, a])));
const loaded = new Map<string, FormDef>();
const loading = new Map<LazyArea, Promise<void>>();

/** Whether the registry has a form with this id, loaded or not. */
export const hasForm = (id: string): boolean => FORM_BY_ID.has(id) || AREA_OF.has(id);

/** What the board may know of a form before it is loaded; undefined for no such form. */
export function formFacts(id: string): FormFacts | undefined {
  return FORM_BY_ID.get(id) ?? AREA_OF.get(id)?.forms[id];
}

/** The form if it is here: one that comes with the app, or of an area already loaded. */
export const formNow = (id: string): FormDef | undefined => FORM_BY_ID.get(id) ?? loaded.get(id);

/** The form, loading its area if need be; undefined for no such form. */
export async function loadForm(id: string): Promise<FormDef | undefined> {
  const now = formNow(id);
  const area = AREA_OF.get(id);
  if (now || !area) return now;
  let done = loading.get(area);
  if (!done) {
    done = area.load().then(
      (defs) => defs.forEach((d) => loaded.set(d.id, d)),
      (e: unknown) => {
        // Not loaded (offline, a new build): the next open asks again.
        loading.delete(area);
        throw e;
      },
    );
    loading.set(area, done);
  }
  await done;
  return loaded.get(id);
}
