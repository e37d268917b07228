/**
 * The fields a client may `$set` on a view state or an item's styling (spec section 3).
 * Strict objects: an unknown field is an error, never stored.
 */
import { z } from 'zod';
import { COLOR_CODING_OPTIONS, SECTION_DISPLAY_OPTIONS, SHOW_NOTES_OPTIONS } from '../constants';

const id = z.string().max(100);
const bool = z.boolean();
const smallInt = z.number().int().min(0).max(10_000);

export const multilistViewStateSet = z
  .strictObject({
    zoom: smallInt,
    tocView: bool,
    headlineView: bool,
    compactView: bool,
    collapseItems: bool,
    collapseLists: bool,
    sentences: bool,
    /** Items shaded by how many notes they drew (the Insight heat view). */
    heatView: bool,
    showInfo: bool,
    showNotes: z.enum(SHOW_NOTES_OPTIONS),
    colors: z.enum(COLOR_CODING_OPTIONS),
    sectionDisplay: z.enum(SECTION_DISPLAY_OPTIONS),
    infoZoomLevel: smallInt,
    selectedMultilistId: id.nullable(),
    selectedListId: id.nullable(),
    selectedItemId: id.nullable(),
    selectedText: z.string().max(10_000).nullable(),
    selectedGroup: z.string().max(200).nullable(),
    tour: bool,
    itemsViewStartIndex: smallInt,
    itemsViewStopIndex: smallInt,
    editOps: bool,
    markOps: bool,
    noteOps: bool,
    /**
     * Ours: the newest item or note this user was shown on the board (its `created`, as the
     * server wrote it). The next visit marks what others wrote after it as new.
     */
    seenUpTo: z.iso.datetime(),
  })
  .partial();

export const listViewStateSet = z
  .strictObject({
    zoom: z.number().int().min(1).max(5),
    prevZoom: z.number().int().min(1).max(5),
    displayedNoteLabels: z.array(z.string().max(100)).max(500),
    open: bool,
    edit: bool,
    hide: bool,
  })
  .partial();

export const itemViewStateSet = z
  .strictObject({
    dim: bool,
    accent: bool,
    done: bool,
    invis: bool,
    highlight: bool,
    open: bool,
    showNotes: bool,
    displayedAnnoLabels: z.array(z.string().max(100)).max(500),
    cursorBlockId: id.nullable(),
    cursorBlockIndex: z.number().int().min(-1).max(100_000).nullable(),
  })
  .partial();

const css = z.string().max(200);
export const itemFormatSet = z
  .strictObject({
    height: z.union([css, z.number()]),
    color: css,
    textColor: css,
    fgcolor: css,
    bgcolor: css,
    fontName: css,
    fontWeight: z.union([css, z.number()]),
    fontStyle: css,
    fontSize: z.union([css, z.number()]),
    fontSizeName: css,
    lineHeight: z.union([css, z.number()]),
    padding: z.union([css, z.number()]),
    textAlign: z.enum(['left', 'right', 'center', 'justify', 'start', 'end']),
  })
  .partial();

export const ITEM_FLAGS = ['dev', 'prod', 'phone', 'tablet', 'mobile', 'hide', 'logo'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
export const DEVICES = ['desktop', 'tablet', 'phone'] as const;
export type Device = (typeof DEVICES)[number];

/**
 * Whether an item shows in this version on this device (spec section 6): dev items are hidden
 * in production, prod items outside it; phone, tablet and mobile items only on those devices.
 */
export function itemVisible(
  flags: Partial<Record<string, boolean>>,
  ctx: { appVersion: 'PRODUCTION' | 'DEVELOPMENT'; device: Device },
): boolean {
  if (flags.dev && ctx.appVersion === 'PRODUCTION') return false;
  if (flags.prod && ctx.appVersion !== 'PRODUCTION') return false;
  const deviceFlags = [flags.phone, flags.tablet, flags.mobile].some(Boolean);
  if (!deviceFlags) return true;
  return (
    (flags.phone === true && ctx.device === 'phone') ||
    (flags.tablet === true && ctx.device === 'tablet') ||
    (flags.mobile === true && ctx.device !== 'desktop')
  );
}
