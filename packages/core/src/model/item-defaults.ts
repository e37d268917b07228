/**
 * The value an item's optional fields have when nothing is said of them: no hint, no dates, no
 * passage, a content item ('none') in no thread, public, unlabelled, unstyled, without markers,
 * view state or notes. A presenter starts from these; the packed form of a load
 * (core/api/packed.ts) leaves out every field still at its default.
 */
import type { Item } from './entities';

/**
 * Every defaulted field of an item at its default, each list and record its own. One literal, so
 * a copy costs next to nothing and every copy has one shape (made from entries, each was a
 * dictionary and took 2.6 µs: 5 ms of unpacking a 2,000-item board).
 */
export function itemDefaults() {
  return {
    hint: null,
    startdate: null,
    stopdate: null,
    importUrl: null,
    highlight: null,
    replyLevel: 0,
    rootItem: null,
    parentId: null,
    annotationClass: 'none' as const,
    annoLabel: null,
    annoType: null,
    noteStatus: null,
    statusBy: null,
    isPrivate: false,
    groupName: null,
    labels: [],
    format: {},
    flags: {},
    votes: 0,
    mediaMarkers: [],
    blockMarkers: [],
    sentenceMarkers: [],
    viewstate: {},
    notes: [],
    blocks: [],
  } satisfies Partial<Item>;
}

export type DefaultedKey = keyof ReturnType<typeof itemDefaults>;

/** The defaults, to compare with (never handed out: itemDefaults() makes the copies). */
export const ITEM_DEFAULTS: Readonly<Pick<Item, DefaultedKey>> = Object.freeze(itemDefaults());
