/**
 * The value an item's optional fields have when nothing is said of them: no hint, no dates, no
 * passage, a content item ('none') in no thread, public, unlabelled, unstyled, without markers,
 * view state or notes. A presenter starts from these; the packed form of a load
 * (core/api/packed.ts) leaves out every field still at its default.
 */
import type { Item } from './entities';

export const ITEM_DEFAULTS = {
  hint: null,
  startdate: null,
  stopdate: null,
  importUrl: null,
  highlight: null,
  replyLevel: 0,
  rootItem: null,
  parentId: null,
  annotationClass: 'none',
  annoLabel: null,
  annoType: null,
  noteStatus: null,
  isPrivate: false,
  groupName: null,
  labels: [],
  format: {},
  flags: {},
  mediaMarkers: [],
  blockMarkers: [],
  sentenceMarkers: [],
  viewstate: {},
  notes: [],
  blocks: [],
} as const satisfies Partial<Record<keyof Item, unknown>>;

export type DefaultedKey = keyof typeof ITEM_DEFAULTS;
const DEFAULTED_KEYS = Object.keys(ITEM_DEFAULTS) as DefaultedKey[];

/** A fresh copy of a field's default, so no two items share a list or record. */
function defaultOf(key: DefaultedKey): unknown {
  const d: unknown = ITEM_DEFAULTS[key];
  if (Array.isArray(d)) return [];
  if (d !== null && typeof d === 'object') return {};
  return d;
}

/** Every defaulted field of an item at its default, each list and record its own. */
export function itemDefaults(): Pick<Item, DefaultedKey> {
  return Object.fromEntries(DEFAULTED_KEYS.map((k) => [k, defaultOf(k)])) as Pick<
    Item,
    DefaultedKey
  >;
}
