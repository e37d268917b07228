/**
 * Where a note's passage is, modelled on the W3C Web Annotation selectors: a quote selector
 * (the words with a little context on either side) and a position selector (character offsets),
 * both over the RENDERED text of one block of the item, as the reader saw it, never over the
 * markup. With them go the block (its id and place) and the item's version the words were chosen
 * on. Notes stored before this shape ({exact, prefix, suffix, start, end} over the markup) are
 * read as a quote alone, with no block and no position (see readHighlight).
 */
import { z } from 'zod';
import { must } from '../must';

/** Characters of context kept on either side of a quote. */
export const QUOTE_CONTEXT = 32;

export interface TextQuoteSelector {
  type: 'TextQuoteSelector';
  exact: string;
  prefix: string;
  suffix: string;
}

/** Offsets into the rendered text of the block: start inclusive, end exclusive. */
export interface TextPositionSelector {
  type: 'TextPositionSelector';
  start: number;
  end: number;
}

export type TextSelector = TextQuoteSelector | TextPositionSelector;

/** A passage of an item's text. */
export interface TextTarget {
  /** The block the words were chosen in: its id and its place among the item's blocks. */
  block: { id: string | null; index: number } | null;
  /** The item's version the words were chosen on. */
  version: number | null;
  /** Always one quote selector; a position selector as well when the offsets are known. */
  selector: TextSelector[];
  /** For words of a PDF: the page they were chosen on, whose text the selectors count in. */
  page?: number;
}

/**
 * A media note's place: a span of the recording, in seconds of its file (a moment: the same
 * start and end), and the player it was written at when known.
 */
export interface MediaHighlight {
  startTime: number;
  endTime: number;
  /** The recording's block: its id and its place among the item's blocks. */
  block?: { id: string | null; index: number };
}

/** A note on one page of a PDF the item shows, and that PDF's block when known. */
export interface PageHighlight {
  /** From 1. */
  page: number;
  block?: { id: string | null; index: number };
}

/** What a note or annotation is attached to, beyond the item itself. */
export type Highlight = TextTarget | MediaHighlight | PageHighlight;

/** The shape stored before notes kept their block: a quote and offsets into the item's markup. */
export interface LegacyTextHighlight {
  exact: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
}

/** A block of the item, by its id and its place among the item's blocks. */
const blockRefSchema = z.object({
  id: z.string().max(100).nullable(),
  index: z.number().int().min(0).max(100_000),
});

const quoteSelectorSchema = z.object({
  type: z.literal('TextQuoteSelector'),
  exact: z.string().min(1).max(10_000),
  prefix: z.string().max(200),
  suffix: z.string().max(200),
});

const positionSelectorSchema = z
  .object({
    type: z.literal('TextPositionSelector'),
    start: z.number().int().min(0),
    end: z.number().int().min(0),
  })
  .refine((p) => p.start <= p.end, { message: 'start must not be after end' });

/** The last page a note on a PDF may name. */
export const PDF_PAGES_MAX = 100_000;
const pageSchema = z.number().int().min(1).max(PDF_PAGES_MAX);

export const textTargetSchema = z
  .object({
    block: blockRefSchema.nullable(),
    version: z.number().int().min(0).nullable(),
    selector: z
      .array(z.discriminatedUnion('type', [quoteSelectorSchema, positionSelectorSchema]))
      .min(1)
      .max(2),
    page: pageSchema.optional(),
  })
  .refine(
    (t) =>
      t.selector.filter((s) => s.type === 'TextQuoteSelector').length === 1 &&
      t.selector.filter((s) => s.type === 'TextPositionSelector').length <= 1,
    { message: 'needs one quote selector and at most one position selector' },
  );

export const legacyTextHighlightSchema = z.object({
  exact: z.string().max(10_000),
  prefix: z.string().max(200),
  suffix: z.string().max(200),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
});

/** The longest recording a note's span may name, in seconds: a thousand hours. */
export const MEDIA_SECONDS_MAX = 3_600_000;

export const mediaHighlightSchema = z
  .object({
    startTime: z.number().min(0).max(MEDIA_SECONDS_MAX),
    endTime: z.number().min(0).max(MEDIA_SECONDS_MAX),
    block: blockRefSchema.optional(),
  })
  .refine((h) => h.startTime <= h.endTime, { message: 'startTime must not be after endTime' });

export const pageHighlightSchema = z.object({
  page: pageSchema,
  block: blockRefSchema.optional(),
});

/**
 * What insert_note and insert_anno accept as a highlight: a text target, a media span, a PDF's
 * page, or the older quote shape (read as a quote alone, as stored rows of that shape are).
 */
export const highlightInputSchema = z.union([
  textTargetSchema,
  mediaHighlightSchema,
  pageHighlightSchema,
  legacyTextHighlightSchema,
]);

export function isTextTarget(h: Highlight | null | undefined): h is TextTarget {
  return !!h && 'selector' in h && Array.isArray(h.selector);
}

export function isMediaHighlight(h: Highlight | null | undefined): h is MediaHighlight {
  return !!h && 'startTime' in h && typeof h.startTime === 'number';
}

export function isPageHighlight(h: Highlight | null | undefined): h is PageHighlight {
  return !!h && 'page' in h && typeof h.page === 'number';
}

/** A moment of a recording as a note names it: m:ss, or h:mm:ss past an hour. */
export function momentLabel(t: number): string {
  const whole = Math.max(0, Math.floor(t));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Where in an item's media a note is, in words: “at 1:05 of the recording”, “on page 2 of the
 * PDF”; null for a note on words or on the item itself.
 */
export function placeWords(h: Highlight | null | undefined): string | null {
  if (isMediaHighlight(h)) return `at ${momentLabel(h.startTime)} of the recording`;
  if (isPageHighlight(h)) return `on page ${h.page} of the PDF`;
  return null;
}

/** The target's quote selector, or undefined for a target built without one. */
export function findQuote(t: TextTarget): TextQuoteSelector | undefined {
  return t.selector.find((s): s is TextQuoteSelector => s.type === 'TextQuoteSelector');
}

/** The target's quote selector, which every well-formed target has (textTargetSchema). */
export function quoteOf(t: TextTarget): TextQuoteSelector {
  return must(findQuote(t), 'the quote selector of a text target');
}

export function positionOf(t: TextTarget): TextPositionSelector | null {
  return (
    t.selector.find((s): s is TextPositionSelector => s.type === 'TextPositionSelector') ?? null
  );
}

/**
 * The passage from `start` to `end` of a block's rendered text, as a target: the words, 32
 * characters on either side, the offsets, the block and the item's version; for words of a PDF,
 * the page whose text that is.
 */
export function describeSelection(
  text: string,
  start: number,
  end: number,
  where: {
    blockId?: string | null;
    blockIndex?: number;
    version?: number | null;
    page?: number;
  } = {},
): TextTarget {
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  return {
    block:
      where.blockIndex === undefined
        ? null
        : { id: where.blockId ?? null, index: where.blockIndex },
    version: where.version ?? null,
    selector: [
      {
        type: 'TextQuoteSelector',
        exact: text.slice(s, e),
        prefix: text.slice(Math.max(0, s - QUOTE_CONTEXT), s),
        suffix: text.slice(e, e + QUOTE_CONTEXT),
      },
      { type: 'TextPositionSelector', start: s, end: e },
    ],
    ...(where.page && { page: where.page }),
  };
}

/**
 * Markup characters dropped from the context of a quote stored in the older shape: its prefix
 * and suffix were cut from the markup, while the words themselves were found verbatim in it.
 */
function markupToText(s: string): string {
  return s.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*|__|~~|[*_`]/g, '');
}

/**
 * A stored or sent highlight as the app reads it. A text target and a media span are kept as
 * they are; the older quote shape becomes a quote selector with no block, no version and no
 * position (its offsets counted markup, which the rendered text does not have), so it is found
 * again by its words and their context. Anything else reads as no highlight.
 */
export function readHighlight(raw: unknown): Highlight | null {
  if (!raw || typeof raw !== 'object') return null;
  const target = textTargetSchema.safeParse(raw);
  if (target.success) return target.data;
  const media = mediaHighlightSchema.safeParse(raw);
  if (media.success) return media.data;
  const page = pageHighlightSchema.safeParse(raw);
  if (page.success) return page.data;
  const legacy = legacyTextHighlightSchema.safeParse(raw);
  if (legacy.success && legacy.data.exact) {
    return {
      block: null,
      version: null,
      selector: [
        {
          type: 'TextQuoteSelector',
          exact: legacy.data.exact,
          prefix: markupToText(legacy.data.prefix),
          suffix: markupToText(legacy.data.suffix),
        },
      ],
    };
  }
  return null;
}
