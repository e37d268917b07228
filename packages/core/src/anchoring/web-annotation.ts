/**
 * Notes, annotations and replies as W3C Web Annotations (JSON-LD, https://www.w3.org/TR/annotation-model/):
 * an AnnotationCollection with one page holding every annotation. A passage is a target whose
 * source is the item and whose selectors are the note's own (a TextQuoteSelector and a
 * TextPositionSelector over the block's rendered text); a span of a recording is a media
 * fragment (`t=start,end`); a reply targets the annotation it answers. What the model has no
 * term for (the kind of note, its status, privacy and group, the block the words are in and the
 * item's place on its board) is kept under `urn:listboard:` keys, which other tools ignore and
 * an import into Listboard reads back.
 */
import { z } from 'zod';
import type { Item, Label } from '../model/entities';
import { hasTag, tagsIn } from '../markup/tags';
import {
  isPageHighlight,
  isTextTarget,
  readHighlight,
  type Highlight,
  type TextSelector,
  type TextTarget,
} from './selectors';

export const ANNO_CONTEXT = 'http://www.w3.org/ns/anno.jsonld';
export const ANNO_MEDIA_TYPE = 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"';
const MEDIA_FRAGMENTS = 'http://www.w3.org/TR/media-frags/';
/** A PDF's open parameters (RFC 3778): `page=2`. */
const PDF_FRAGMENTS = 'http://tools.ietf.org/rfc/rfc3778';

const LB = {
  kind: 'urn:listboard:kind',
  label: 'urn:listboard:label',
  status: 'urn:listboard:status',
  private: 'urn:listboard:private',
  group: 'urn:listboard:group',
  block: 'urn:listboard:block',
  version: 'urn:listboard:version',
  place: 'urn:listboard:place',
} as const;

/** A note with what the export knows of the item it hangs off: its id and place on the board. */
export interface ExportedNote {
  note: Pick<
    Item,
    | '_id'
    | 'text'
    | 'author'
    | 'hint'
    | 'created'
    | 'modified'
    | 'annotationClass'
    | 'annoLabel'
    | 'noteStatus'
    | 'isPrivate'
    | 'groupName'
    | 'labels'
    | 'highlight'
    | 'parentId'
  >;
  item: { _id: string; listIndex: number; index: number };
}

type Json = Record<string, unknown>;

/** The address of a note on its board, which opens it there: its annotation id. */
export const annotationIri = (boardUrl: string, noteId: string) => `${boardUrl}#note-${noteId}`;
export const itemIri = (boardUrl: string, itemId: string) => `${boardUrl}#item-${itemId}`;

const labelText = (l: Label) => (l.value ? `${l.name}: ${l.value}` : l.name);

/** A PDF's page as a fragment (RFC 3778); words on it refine it (the W3C model's refinedBy). */
const pageFragment = (page: number, refinedBy?: Json[]): Json => ({
  type: 'FragmentSelector',
  conformsTo: PDF_FRAGMENTS,
  value: `page=${page}`,
  ...(refinedBy && { refinedBy }),
});

function selectorsOf(h: Highlight): Json[] {
  if (isTextTarget(h)) {
    const words = h.selector.map((s) => ({ ...s }));
    return h.page === undefined ? words : [pageFragment(h.page, words)];
  }
  if (isPageHighlight(h)) return [pageFragment(h.page)];
  return [
    {
      type: 'FragmentSelector',
      conformsTo: MEDIA_FRAGMENTS,
      value: `t=${h.startTime},${h.endTime}`,
    },
  ];
}

export function toWebAnnotation(e: ExportedNote, boardUrl: string): Json {
  const { note, item } = e;
  const reply = note.annotationClass === 'reply';
  const purpose = reply ? 'replying' : 'commenting';
  const target: Json | string =
    reply && note.parentId
      ? annotationIri(boardUrl, note.parentId)
      : {
          source: itemIri(boardUrl, item._id),
          [LB.place]: { list: item.listIndex, item: item.index },
          ...(note.highlight
            ? {
                selector: selectorsOf(note.highlight),
                ...(isTextTarget(note.highlight)
                  ? { [LB.block]: note.highlight.block, [LB.version]: note.highlight.version }
                  : {}),
              }
            : {}),
        };
  return {
    '@context': ANNO_CONTEXT,
    id: annotationIri(boardUrl, note._id),
    type: 'Annotation',
    motivation: purpose,
    created: note.created,
    modified: note.modified,
    creator: { type: 'Person', nickname: note.author, ...(note.hint ? { name: note.hint } : {}) },
    body: [
      { type: 'TextualBody', value: note.text, format: 'text/markdown', purpose },
      ...note.labels.map((l) => ({ type: 'TextualBody', value: labelText(l), purpose: 'tagging' })),
      // Its tags (`#question` in its words) too, as any reader of annotations takes a tag.
      ...tagsIn(note.text).map((t) => ({ type: 'TextualBody', value: t, purpose: 'tagging' })),
    ],
    target,
    [LB.kind]: note.annotationClass,
    ...(note.annoLabel ? { [LB.label]: note.annoLabel } : {}),
    ...(note.noteStatus ? { [LB.status]: note.noteStatus } : {}),
    [LB.private]: note.isPrivate,
    ...(note.groupName ? { [LB.group]: note.groupName } : {}),
  };
}

/** A board's notes as one AnnotationCollection, parents before their replies. */
export function toAnnotationCollection(
  board: { title: string; url: string },
  notes: ExportedNote[],
): Json {
  const items = notes.map((n) => toWebAnnotation(n, board.url));
  return {
    '@context': ANNO_CONTEXT,
    id: `${board.url}#annotations`,
    type: 'AnnotationCollection',
    label: `Notes and annotations on ${board.title}`,
    total: items.length,
    first: { type: 'AnnotationPage', startIndex: 0, items },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading annotations back

/** One annotation as an import reads it. */
export interface ImportedAnnotation {
  /** Its id in the document, which replies name as their target. */
  id: string;
  kind: 'anno' | 'note' | 'reply';
  text: string;
  labels: Label[];
  isPrivate: boolean;
  groupName: string | null;
  annoLabel: string | null;
  status: 'pending' | 'answered' | 'dismissed' | null;
  highlight: Highlight | null;
  /** The item it hangs off: its id (from the target's source) and its place, where known. */
  item: { id: string | null; list: number | null; index: number | null } | null;
  /** The annotation a reply answers. */
  parent: string | null;
}

const body = z.object({
  type: z.string().optional(),
  value: z.string().max(100_000).optional(),
  purpose: z.string().optional(),
});
const selector = z.looseObject({ type: z.string() });
const place = z.object({ list: z.number().int().min(0), item: z.number().int().min(0) });
const specificTarget = z.looseObject({
  source: z.string().max(2000),
  selector: z.union([selector, z.array(selector)]).optional(),
  [LB.place]: place.optional(),
  [LB.block]: z
    .object({ id: z.string().nullable(), index: z.number().int().min(0) })
    .nullable()
    .optional(),
  [LB.version]: z.number().int().min(0).nullable().optional(),
});
const annotation = z.looseObject({
  id: z.string().max(2000),
  type: z.union([
    z.literal('Annotation'),
    z.array(z.string()).refine((t) => t.includes('Annotation')),
  ]),
  motivation: z.union([z.string(), z.array(z.string())]).optional(),
  body: z.union([body, z.array(body), z.string()]).optional(),
  bodyValue: z.string().max(100_000).optional(),
  target: z.union([
    z.string().max(2000),
    specificTarget,
    z.array(z.union([z.string(), specificTarget])),
  ]),
  [LB.kind]: z.enum(['anno', 'note', 'reply']).optional(),
  [LB.label]: z.string().max(100).optional(),
  [LB.status]: z.enum(['pending', 'answered', 'dismissed']).optional(),
  [LB.private]: z.boolean().optional(),
  [LB.group]: z.string().max(100).optional(),
});

/** The most annotations one import reads. */
export const IMPORT_ANNOTATIONS_MAX = 5000;

const annotationDocument = z.union([
  z.looseObject({
    type: z.literal('AnnotationCollection'),
    first: z.looseObject({ items: z.array(z.unknown()).max(IMPORT_ANNOTATIONS_MAX) }),
  }),
  z.looseObject({
    type: z.literal('AnnotationPage'),
    items: z.array(z.unknown()).max(IMPORT_ANNOTATIONS_MAX),
  }),
  z.array(z.unknown()).max(IMPORT_ANNOTATIONS_MAX),
  annotation,
]);

function parseLabel(v: string): Label {
  const at = v.indexOf(': ');
  return at < 0
    ? { name: v.trim(), value: '' }
    : { name: v.slice(0, at).trim(), value: v.slice(at + 2).trim() };
}

/** A selector's text field: a string as it is, a number or boolean as written, else nothing. */
function fieldText(v: unknown): string {
  if (typeof v === 'string') return v;
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

/** The passage a target's selectors describe, as the app stores it. */
function highlightOf(t: z.infer<typeof specificTarget>): Highlight | null {
  const list =
    t.selector === undefined ? [] : Array.isArray(t.selector) ? t.selector : [t.selector];
  const media = list.find((s) => s.type === 'FragmentSelector' && typeof s.value === 'string');
  const span = media && /^t=(?:npt:)?([\d.]+),([\d.]+)$/.exec(String(media.value));
  if (span) return readHighlight({ startTime: Number(span[1]), endTime: Number(span[2]) });
  const page = media && /^page=(\d+)$/.exec(String(media.value));
  // Words on a page refine its fragment.
  const refined = page && media.refinedBy;
  if (refined) return wordsOf(t, refined, Number(page[1]));
  if (page) return readHighlight({ page: Number(page[1]) });
  return wordsOf(t, list);
}

/** The passage of a list of selectors, on a PDF's page when one is given; none without a quote. */
function wordsOf(t: z.infer<typeof specificTarget>, selectors: unknown, page?: number) {
  const list = (Array.isArray(selectors) ? selectors : [selectors]).filter(
    (s): s is Json => !!s && typeof s === 'object',
  );
  // Only the type is checked so far: the other fields are whatever the document holds.
  const text = list.filter(
    (s): s is Json & { type: TextSelector['type'] } =>
      s.type === 'TextQuoteSelector' || s.type === 'TextPositionSelector',
  );
  if (!text.some((s) => s.type === 'TextQuoteSelector')) return null;
  const target: TextTarget = {
    block: t[LB.block] ?? null,
    version: t[LB.version] ?? null,
    selector: text.map((s) =>
      s.type === 'TextQuoteSelector'
        ? {
            type: s.type,
            exact: fieldText(s.exact),
            prefix: fieldText(s.prefix),
            suffix: fieldText(s.suffix),
          }
        : { type: s.type, start: Number(s.start), end: Number(s.end) },
    ),
    ...(page !== undefined && { page }),
  };
  return readHighlight(target);
}

const itemIdOf = (source: string) => /#item-([0-9a-f-]{36})$/i.exec(source)?.[1] ?? null;

/**
 * The annotations of a JSON-LD document (a collection, a page, an array or one annotation), or
 * the reason it cannot be read. An annotation that is not well formed is reported by its place.
 */
export function readWebAnnotations(
  doc: unknown,
):
  | { ok: true; value: ImportedAnnotation[]; skipped: { at: number; reason: string }[] }
  | { ok: false; error: string } {
  const parsed = annotationDocument.safeParse(doc);
  if (!parsed.success) return { ok: false, error: 'This is not a W3C Web Annotation document.' };
  const d = parsed.data;
  const raw: unknown[] = Array.isArray(d)
    ? d
    : d.type === 'AnnotationCollection'
      ? (d.first as { items: unknown[] }).items
      : d.type === 'AnnotationPage'
        ? d.items
        : [d];
  const value: ImportedAnnotation[] = [];
  const skipped: { at: number; reason: string }[] = [];
  raw.forEach((r, at) => {
    const a = annotation.safeParse(r);
    if (!a.success) return skipped.push({ at, reason: 'not a well-formed annotation' });
    const x = a.data;
    const bodies =
      x.body === undefined
        ? []
        : typeof x.body === 'string'
          ? []
          : Array.isArray(x.body)
            ? x.body
            : [x.body];
    const texts = bodies.filter((b) => b.purpose !== 'tagging' && typeof b.value === 'string');
    const text = x.bodyValue ?? texts.map((b) => b.value).join('\n\n');
    // A tagging body that is a tag of the words (`#question`, as exported) is that tag already.
    const labels = bodies
      .filter((b) => b.purpose === 'tagging' && b.value && !hasTag(text, b.value))
      .map((b) => parseLabel(b.value ?? ''));
    const target = Array.isArray(x.target) ? x.target[0] : x.target;
    const motivations = [x.motivation ?? []].flat();
    const replying =
      x[LB.kind] === 'reply' || (x[LB.kind] === undefined && motivations.includes('replying'));
    if (replying && typeof target !== 'string')
      return skipped.push({ at, reason: 'a reply must target the annotation it answers' });
    if (!replying && (target === undefined || typeof target === 'string'))
      return skipped.push({ at, reason: 'no item to hang off' });
    const specific = typeof target === 'string' || target === undefined ? null : target;
    value.push({
      id: x.id,
      kind: replying ? 'reply' : x[LB.kind] === 'anno' ? 'anno' : 'note',
      text,
      labels,
      isPrivate: x[LB.private] ?? false,
      groupName: x[LB.group] ?? null,
      annoLabel: x[LB.label] ?? null,
      status: x[LB.status] ?? null,
      highlight: specific ? highlightOf(specific) : null,
      item: specific
        ? {
            id: itemIdOf(specific.source),
            list: specific[LB.place]?.list ?? null,
            index: specific[LB.place]?.item ?? null,
          }
        : null,
      parent: replying && typeof target === 'string' ? target : null,
    });
  });
  return { ok: true, value, skipped };
}
