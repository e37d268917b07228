/**
 * A listing of notes (Discussion, My notes, one's Notes, narrowed as asked) as a file to keep:
 * Markdown to read or paste into an essay, CSV for a spreadsheet. Written from the results board
 * the page shows (listing.ts), so the file holds exactly the notes and replies the caller may read
 * there, and the words of an item only where the page shows them.
 */
import { stringify } from 'csv-stringify/sync';
import {
  isTextTarget,
  placeWords,
  quoteOf,
  tagsIn,
  writtenTags,
  type Item,
  type Multilist,
} from '@listboard/core';
import type { ExportedFile, ListingFormat } from '@listboard/core/api/contracts/export';
import { safeCell } from '../insight/csv';

/** The columns of a listing's CSV, one row for each note and each reply under it. */
export const LISTING_CSV_COLUMNS = [
  'week',
  'on',
  'link',
  'kind',
  'writer',
  'name',
  'created',
  'status',
  'private',
  'group',
  'late',
  'helpful',
  'tags',
  'place',
  'quote',
  'words',
] as const;

/** A link of the page's own (`](/…`) made whole with the site's address. */
const LINK = /\[((?:\\.|[^\]\\])*)\]\((\/[^)\s]*)\)/g;
const wholeLinks = (text: string, publicUrl: string) =>
  text.replace(LINK, (_, words: string, path: string) => `[${words}](${publicUrl}${path})`);
/** The same words without their markup: each link's words, each escaped sign as itself. */
const plain = (text: string) => text.replace(LINK, '$1').replace(/\\(.)/g, '$1');

const quoted = (note: Item) => (isTextTarget(note.highlight) ? quoteOf(note.highlight).exact : '');
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Who wrote it, when, and what became of it: “**Sam Lee** (sam), 2026-12-07 14:02 UTC, pending”. */
function byline(n: Item): string {
  const what = [
    n.noteStatus,
    n.isPrivate ? 'private' : null,
    n.groupName && !n.isPrivate ? `to ${n.groupName}` : null,
    n.flags.late ? 'late' : null,
    n.votes ? `${n.votes} helpful` : null,
    placeWords(n.highlight),
  ].filter(Boolean);
  return [`**${n.hint || n.author}** (${n.author})`, when(n.created), ...what].join(', ');
}

function toMarkdown(listing: Multilist, publicUrl: string, now: Date): string {
  const out = [
    `# ${listing.title}`,
    '',
    `${listing.owner}: ${plain(listing.description)}. Exported from Listboard on ${now
      .toISOString()
      .slice(0, 10)}.`,
  ];
  for (const week of listing.lists) {
    out.push('', `## ${week.title}`);
    for (const entry of week.items) {
      const [note, ...replies] = entry.notes;
      out.push('', `### ${wholeLinks(entry.text, publicUrl)}`);
      if (!note) continue;
      const quote = quoted(note);
      if (quote) out.push('', `> ${quote.replace(/\s+/g, ' ')}`);
      out.push('', `${byline(note)}:`, '', note.text);
      for (const r of replies) out.push('', `- ${byline(r)}: ${r.text.split('\n').join('\n  ')}`);
    }
  }
  return `${out.join('\n')}\n`;
}

function toCsv(listing: Multilist, publicUrl: string): string {
  const rows = listing.lists.flatMap((week) =>
    week.items.flatMap((entry) => {
      // Where it is: the item's link when the page shows it, else its board's.
      const link = [...entry.text.matchAll(LINK)].at(-1)?.[2];
      return entry.notes.map((n, at) =>
        LISTING_CSV_COLUMNS.map((column) => {
          const cell: Record<(typeof LISTING_CSV_COLUMNS)[number], string> = {
            week: week.title,
            on: plain(entry.text),
            link: link ? `${publicUrl}${link}` : '',
            kind: at === 0 ? n.annotationClass : 'reply',
            writer: n.author,
            name: n.hint || n.author,
            created: n.created,
            status: n.noteStatus ?? '',
            private: String(n.isPrivate),
            group: n.groupName ?? '',
            late: String(n.flags.late === true),
            helpful: String(n.votes ?? 0),
            tags: writtenTags(tagsIn(n.text)),
            // Where in the item's recording or PDF it was written, if it was.
            place: placeWords(n.highlight) ?? '',
            quote: quoted(n),
            words: n.text,
          };
          return safeCell(cell[column]);
        }),
      );
    }),
  );
  return stringify([[...LISTING_CSV_COLUMNS], ...rows], { record_delimiter: '\r\n' });
}

export function listingFile(
  listing: Multilist,
  format: ListingFormat,
  opts: { publicUrl: string; now?: Date },
): ExportedFile {
  const base = `${listing.owner}-${listing.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
  return format === 'csv'
    ? { filename: `${base}.csv`, mediaType: 'text/csv', content: toCsv(listing, opts.publicUrl) }
    : {
        filename: `${base}.md`,
        mediaType: 'text/markdown',
        content: toMarkdown(listing, opts.publicUrl, opts.now ?? new Date()),
      };
}
