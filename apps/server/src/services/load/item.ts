/**
 * import_item_url: a web page or file appended to a list as one item. A media or document
 * address (a picture, a video, a PDF) is the item itself, as the markup shows it; a page becomes
 * its title as a link and its opening text; another document becomes its text, headings kept.
 */
import { eq } from 'drizzle-orm';
import {
  decodePart,
  LOAD_FILE_TYPES,
  loadFileTypeOf,
  loadFileTypeOfMedia,
  textToBlocks,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { headingsOf, htmlTitle, importFile, ImportError, type ImportedList } from '../../importers';
import type { ItemRow, ListRow } from '../boards/access';
import { insertItemAt } from '../boards/items';
import { fetchForLoad, type FetchLimits } from './fetch';
import type { Actor } from '../accounts/users';

/** A page contributes its opening text, not all of it: the item links to the rest. */
const PAGE_EXCERPT_CHARS = 1200;
/** A document's whole text fits in one item up to this size; the rest is left at its address. */
const DOCUMENT_CHARS = 20_000;

const SHOWN_AS_IS = new Set(['video', 'audio', 'image', 'document']);

/** Paragraphs in order up to a size, cut at a paragraph, with an ellipsis when cut. */
function upTo(parts: string[], limit: number): string {
  const kept: string[] = [];
  let size = 0;
  for (const p of parts) {
    if (size + p.length > limit) {
      if (kept.length === 0) kept.push(`${p.slice(0, limit).trimEnd()}…`);
      else kept.push('…');
      break;
    }
    kept.push(p);
    size += p.length + 2;
  }
  return kept.join('\n\n');
}

const linkText = (s: string) => s.replace(/[[\]]/g, '');

function documentText(lists: ImportedList[], name: string, url: string, limit: number): string {
  const parts = [`### [${linkText(name)}](${url})`];
  for (const [i, l] of lists.entries()) {
    // Every heading stays, those over a list (the document's title, a part's) too; the first
    // list's own is left out where it is the name the item already starts with.
    const headings = [...(l.documentTitle ? [l.documentTitle] : []), ...headingsOf(l)];
    for (const h of headings) if (i > 0 || h !== name) parts.push(`#### ${h}`);
    parts.push(...l.items);
  }
  return upTo(parts, limit);
}

/** The text of the item an address becomes; fetches only what the markup cannot show by itself. */
export async function itemTextForUrl(raw: string, limits: FetchLimits): Promise<string> {
  const url = raw.trim();
  const [first] = textToBlocks(url);
  if (first && SHOWN_AS_IS.has(first.type)) return url;
  const fetched = await fetchForLoad(url, limits);
  const path = new URL(fetched.url).pathname;
  const type = loadFileTypeOfMedia(fetched.contentType) ?? loadFileTypeOf(path);
  if (!type) {
    throw badRequest(
      `Unsupported file type: ${fetched.contentType || path}. Import takes web pages and ${LOAD_FILE_TYPES.join(', ')} files.`,
    );
  }
  const last = decodePart(path.split('/').filter(Boolean).pop() ?? '');
  const name =
    (type === 'html' ? htmlTitle(fetched.bytes.toString('utf8')) : null) ??
    (last || new URL(fetched.url).hostname);
  let lists: ImportedList[];
  try {
    lists = await importFile(type, fetched.bytes, {
      name,
      fileName: last || name,
      baseUrl: fetched.url,
    });
  } catch (err) {
    if (err instanceof ImportError) throw badRequest(err.message);
    throw err;
  }
  if (type === 'html') {
    const opening = lists.flatMap((l) => l.items).filter((t) => !t.startsWith('!['));
    return [`### [${linkText(name)}](${fetched.url})`, upTo(opening, PAGE_EXCERPT_CHARS)]
      .filter(Boolean)
      .join('\n\n');
  }
  return documentText(lists, name, fetched.url, DOCUMENT_CHARS);
}

/** Appends the item after `after` (or at the end of the list) and records where it came from. */
export async function appendImportedItem(
  tx: Db,
  actor: Actor,
  target: { list: ListRow; after?: ItemRow; owner: string },
  content: { text: string; importUrl: string },
): Promise<{ itemId: string; index: number }> {
  const inserted = await insertItemAt(tx, {
    listId: target.list.id,
    multilistId: target.list.multilistId,
    owner: target.owner,
    author: actor.username,
    text: content.text,
    index: target.after ? target.after.index + 1 : undefined,
    isPrivate: false,
  });
  await tx.update(items).set({ importUrl: content.importUrl }).where(eq(items.id, inserted.itemId));
  return inserted;
}
