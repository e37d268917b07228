/**
 * The load form (spec sections 5 and 7): a URL, a file or a query becomes a new board owned by
 * the caller. The source is read and turned into lists first; the board is then written in one
 * transaction, so a failure leaves no part of it behind.
 */
import {
  decodePart,
  LOAD_FILE_TYPES,
  defaultLoadedTitle,
  loadFileTypeOf,
  loadFileTypeOfMedia,
  parseAddress,
  pathTitle,
  validateLoad,
  type LoadFileType,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { badRequest, forbidden } from '../../lib/errors';
import { htmlTitle, importFile, ImportError, type ImportedList } from '../../importers';
import { listboardKindOf, readListboardFile } from '../../importers/listboard';
import { withWritersFiles } from './writers-files';
import { createBoard, type ItemSpec } from '../boards/create';
import { restoreDumpDetails, type BoardDump } from '../boards/dump';
import { customHits } from '../search/custom';
import { weekOf } from '../search/hits';
import type { LoadedBoard, LoadProgress } from '@listboard/core/api/load';
import { isCustomCode } from '@listboard/core/api/search';
import { fetchForLoad, sizeText, type FetchLimits } from './fetch';
import { uniqueBoardTitle } from './title';
import { bucketsContent, markPrivateItems, searchContent } from '../search/search';
import { isGeneralSearch, readSearchArgs } from '../search/args';
import type { SearchContext } from '../search/query';
import type { Transact } from '../admin/audit';
import type { Actor } from '../accounts/users';

export interface LoadRequest {
  url?: string | null;
  fileinfo?: { data: string; name: string; type?: string | null } | null;
  query?: string | null;
  listed?: boolean;
  titleText?: string | null;
  descText?: string | null;
}

/**
 * What a load is doing, in order: fetching the URL, reading the source (pages of a PDF, as they
 * are read), writing the board (lists as they are written), and done. A client shows it as a
 * progress bar; none of it is written anywhere, so a failed load leaves nothing behind.
 */
export type { LoadedBoard, LoadProgress } from '@listboard/core/api/load';

export interface LoadContext {
  actor: Actor;
  limits: FetchLimits;
  search: SearchContext;
  progress?: (p: LoadProgress) => void;
  /** The transaction the board is written in (the call's, with its audit row). */
  transact: Transact;
}

/** More than this many items is a document too long to be one board. */
export const LOAD_MAX_ITEMS = 5000;

/** What the first bytes say, for servers that send no useful media type. */
function sniff(bytes: Buffer): LoadFileType {
  const head = bytes.subarray(0, 512).toString('latin1').trimStart();
  if (head.startsWith('%PDF-')) return 'pdf';
  if (head.startsWith('PK\x03\x04')) return 'docx';
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (/^<(!doctype html|html|head|body|p|div|h[1-6])\b/i.test(head)) return 'html';
  return 'txt';
}

const unsupported = (what: string) =>
  badRequest(`Unsupported file type: ${what}. Load takes ${LOAD_FILE_TYPES.join(', ')}.`);

function decodeFile(data: string, maxBytes: number): Buffer {
  const b64 = data.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b64)) throw badRequest('The file data is not base64.');
  // Four base64 characters carry three bytes: refuse an oversized file before decoding it.
  if (Math.floor((b64.length * 3) / 4) > maxBytes + 2) {
    throw badRequest(`The file is larger than ${sizeText(maxBytes)}.`);
  }
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > maxBytes) throw badRequest(`The file is larger than ${sizeText(maxBytes)}.`);
  return bytes;
}

const baseName = (name: string) => name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || name;

type Progress = LoadContext['progress'];

/** Pages read so far, as progress; a one-piece format reports once, when it is read. */
const reading = (progress: Progress, source: string) => (done: number, total: number) =>
  progress?.({ phase: 'reading', source, done, total });

async function fromFile(
  file: NonNullable<LoadRequest['fileinfo']>,
  limits: FetchLimits,
  progress?: Progress,
): Promise<{ lists: ImportedList[]; source: string; board?: BoardDump }> {
  // A dump or an export of a Listboard board comes back whole, with its own title and details.
  const ours = listboardKindOf(file.name, file.type);
  if (ours) {
    const bytes = decodeFile(file.data, limits.maxBytes);
    const text = new TextDecoder('utf-8').decode(bytes);
    const board = readListboardFile(ours, text, file.name);
    if (board) return { lists: [], source: file.name, board };
  }
  const type = loadFileTypeOf(file.name) ?? loadFileTypeOfMedia(file.type);
  if (!type) throw unsupported(file.name);
  const bytes = decodeFile(file.data, limits.maxBytes);
  if (bytes.length === 0) throw badRequest(`${file.name} is empty.`);
  const onProgress = reading(progress, file.name);
  onProgress(0, 1);
  const lists = await importFile(type, bytes, {
    name: baseName(file.name),
    fileName: file.name,
    onProgress,
  });
  if (type !== 'pdf') onProgress(1, 1);
  return { lists, source: file.name };
}

/** The lists a page or file at a URL would make: fetched with the limits, read by its type. */
export async function readUrl(
  raw: string,
  limits: FetchLimits,
  progress?: Progress,
): Promise<{ lists: ImportedList[]; source: string }> {
  progress?.({ phase: 'fetching', url: raw.trim() });
  const fetched = await fetchForLoad(raw, limits);
  const path = new URL(fetched.url).pathname;
  const generic = fetched.contentType === '' || fetched.contentType === 'application/octet-stream';
  const type = generic
    ? (loadFileTypeOf(path) ?? sniff(fetched.bytes))
    : loadFileTypeOfMedia(fetched.contentType);
  if (!type) throw unsupported(fetched.contentType);
  const last = decodePart(path.split('/').filter(Boolean).pop() ?? '');
  let name = last ? baseName(last) : new URL(fetched.url).hostname;
  if (type === 'html') name = htmlTitle(fetched.bytes.toString('utf8')) ?? name;
  const onProgress = reading(progress, fetched.url);
  onProgress(0, 1);
  const lists = await importFile(type, fetched.bytes, { name, baseUrl: fetched.url, onProgress });
  if (type !== 'pdf') onProgress(1, 1);
  return { lists, source: fetched.url };
}

/**
 * A query is a search: an address with a query (`/{user}/home;x?searchStr=...`), the query alone
 * (`searchStr=...&by=label`), a custom code (`code=myBoards`), or plain words to look for.
 */
async function fromQuery(
  db: Db,
  raw: string,
  ctx: LoadContext,
): Promise<{ lists: ImportedList[]; privateAt: Set<string>; source: string }> {
  const text = raw.trim();
  const queryText = text.includes('?') ? (parseAddress(text).query ?? '') : text;
  let params = new URLSearchParams(queryText);
  const code = params.get('code');
  if (code !== null && !isGeneralSearch(params)) {
    if (!isCustomCode(code)) {
      throw badRequest(`Unknown search code: ${code}`);
    }
    const username = params.get('username') ?? ctx.actor.username;
    if (username !== ctx.actor.username) {
      throw forbidden('You can only list your own notes and boards.');
    }
    const { hits } = await customHits(
      db,
      { actor: ctx.actor, sessionId: ctx.search.sessionId },
      code,
      username,
    );
    const byWeek = new Map<string, typeof hits>();
    for (const h of hits) byWeek.set(weekOf(h.date), [...(byWeek.get(weekOf(h.date)) ?? []), h]);
    // Listings carry notes and boards only their owner may see.
    const content = bucketsContent(
      [...byWeek].map(([week, weekHits]) => ({
        key: week,
        title: `Week of ${week}`,
        hits: weekHits.map((h) => ({ ...h, restricted: true })),
      })),
    );
    return {
      lists: content.lists.map((l) => ({ title: l.title, items: l.items.map(itemText) })),
      privateAt: content.privateAt,
      source: `the ${code} search`,
    };
  }
  if (!isGeneralSearch(params)) params = new URLSearchParams({ searchStr: text });
  const args = readSearchArgs(params);
  const content = await searchContent(db, args, ctx.search);
  return {
    lists: content.lists.map((l) => ({ title: l.title, items: l.items.map(itemText) })),
    privateAt: content.privateAt,
    source: `a search for ${args.searchStr.trim() || args.by}`,
  };
}

const itemText = (i: string | { text: string }) => (typeof i === 'string' ? i : i.text);

/** PostgreSQL text cannot hold NUL, and other control characters only garble a board. */
const clean = (s: string) =>
  Array.from(s)
    .filter((c) => {
      const n = c.charCodeAt(0);
      return (n >= 32 && n !== 127) || c === '\n' || c === '\t';
    })
    .join('');

export async function loadBoard(db: Db, req: LoadRequest, ctx: LoadContext): Promise<LoadedBoard> {
  const file = req.fileinfo && req.fileinfo.data ? req.fileinfo : null;
  const problem = validateLoad({ url: req.url, file: file?.data, query: req.query });
  if (problem) throw badRequest(problem);

  let read: {
    lists: ImportedList[];
    source: string;
    privateAt?: Set<string>;
    board?: BoardDump;
  };
  try {
    if (file) read = await fromFile(file, ctx.limits, ctx.progress);
    else if (req.url && req.url.trim()) read = await readUrl(req.url, ctx.limits, ctx.progress);
    else {
      ctx.progress?.({ phase: 'reading', source: 'search', done: 0, total: 1 });
      read = await fromQuery(db, req.query ?? '', ctx);
      ctx.progress?.({ phase: 'reading', source: 'search', done: 1, total: 1 });
    }
  } catch (err) {
    if (err instanceof ImportError) throw badRequest(err.message);
    throw err;
  }
  const whole = read.board;
  const lists: { title: string; description?: string; items: (string | ItemSpec)[] }[] = whole
    ? whole.lists.map((l) => ({
        title: clean(l.title),
        description: l.description,
        items: l.items.map((i) => ({
          text: clean(withWritersFiles(i.text, whole.owner, ctx.actor.username)),
          labels: i.labels,
          flags: i.flags,
        })),
      }))
    : read.lists.map((l) => ({
        title: clean(l.title).trim() || 'Untitled',
        // A part's heading, which opens no list of its own, describes the list it opens.
        ...(l.over ? { description: clean(l.over.join(' · ')) } : {}),
        items: l.items.map(clean).filter((t) => t.trim() !== ''),
      }));
  // The document's own title describes the board, as it would be left out of every list.
  const named = read.lists[0]?.documentTitle;
  const itemCount = lists.reduce((n, l) => n + l.items.length, 0);
  if (itemCount === 0 && !(whole && lists.length > 0)) {
    throw badRequest(
      file || req.url?.trim()
        ? `Nothing to load: no text was found in ${read.source}.`
        : 'Nothing to load: the search found nothing.',
    );
  }
  if (itemCount > LOAD_MAX_ITEMS) {
    throw badRequest(
      `${read.source} is too long to load: more than ${LOAD_MAX_ITEMS.toLocaleString('en-US')} items.`,
    );
  }
  const listed = req.listed ?? whole?.listed ?? false;
  const wanted = req.titleText?.trim() || whole?.title.trim() || defaultLoadedTitle(listed);
  const owner = ctx.actor.username;
  return ctx.transact(async (tx) => {
    const title = await uniqueBoardTitle(tx, owner, wanted);
    const writing = (done: number) =>
      ctx.progress?.({ phase: 'writing', done, total: lists.length, items: itemCount });
    writing(0);
    const multilistId = await createBoard(
      tx,
      {
        owner,
        title,
        description:
          req.descText?.trim() ||
          (whole
            ? whole.description
            : named
              ? `${clean(named)}: loaded from ${read.source}.`
              : `Loaded from ${read.source}.`),
        listed,
        labels: whole?.labels,
        lists,
      },
      writing,
    );
    if (read.privateAt) await markPrivateItems(tx, multilistId, read.privateAt);
    if (whole) await restoreDumpDetails(tx, multilistId, whole);
    return {
      multilistId,
      owner,
      title,
      ptitle: pathTitle(title),
      lists: lists.length,
      items: itemCount,
    };
  });
}
