/**
 * Listboard's own files, read back whole: the JSON dump (dump_multilists, or the JSON export),
 * a clips dump (dump_clips_list), and the Markdown and HTML exports. Each comes back as a dump,
 * so the board loaded from it has the same lists, items, labels, formats and markers as the
 * board it came from. Files that are not ours return null and go to the general importers.
 */
import { z } from 'zod';
import { must } from '@listboard/core';
import type { BoardDump } from './dump-format';
import { ImportError } from './types';

const str = (max: number) => z.string().max(max);
const label = z.object({ name: str(100), value: str(500) });

const dumpItem = z.object({
  text: str(200_000),
  labels: z.array(label).max(100).default([]),
  format: z.record(str(40), z.union([str(200), z.number()])).default({}),
  flags: z.record(str(40), z.boolean()).default({}),
  isPrivate: z.boolean().optional(),
  mediaMarkers: z
    .array(
      z.object({
        timecode: str(40),
        time: z.number().min(0),
        title: str(500).default(''),
        description: str(5000).default(''),
      }),
    )
    .max(1000)
    .optional(),
  textMarkers: z
    .array(
      z.object({
        kind: z.enum(['block', 'sentence']),
        cursorIndex: z.number().int().min(0),
        title: str(500).default(''),
        description: str(5000).default(''),
      }),
    )
    .max(1000)
    .optional(),
});

const dumpSchema = z.object({
  format: z.literal('listboard-dump'),
  version: z.literal(1),
  owner: str(200).default(''),
  title: str(500),
  description: str(20_000).default(''),
  listed: z.boolean().default(false),
  labels: z.array(str(100)).max(1000).default([]),
  labelColors: z.record(str(100), str(100)).optional(),
  lists: z
    .array(
      z.object({
        title: str(500),
        description: str(20_000).default(''),
        items: z.array(dumpItem).max(5000),
      }),
    )
    .max(1000),
});

const clipsSchema = z
  .array(
    z.object({
      listTitle: str(500),
      type: z.enum(['video', 'audio']),
      url: str(4000).nullable(),
      caption: str(2000).nullable().optional(),
      text: str(10_000).optional(),
    }),
  )
  .min(1)
  .max(5000);

export const EXPORT_MARK = 'listboard-export';
/** Where the HTML export keeps its dump: a data block, never run by a browser. */
const HTML_DUMP = /<script type="application\/json" id="listboard-export">([\s\S]*?)<\/script>/;

function parseDump(value: unknown, fileName: string): BoardDump {
  const r = dumpSchema.safeParse(value);
  if (!r.success) {
    const first = r.error.issues[0];
    const where = first?.path.join('.') || 'file';
    throw new ImportError(
      `${fileName} is not a readable Listboard dump (${where}: ${first?.message}).`,
    );
  }
  return r.data;
}

/** A clips dump becomes a board of its clips: one list per list they came from, in order. */
function clipsBoard(clips: z.infer<typeof clipsSchema>, name: string): BoardDump {
  const out: BoardDump['lists'] = [];
  for (const c of clips) {
    const text = c.text ?? [c.url ?? '', c.caption ? `~ ${c.caption}` : ''].join(' ').trim();
    let list = out.find((l) => l.title === c.listTitle);
    if (!list) out.push((list = { title: c.listTitle, description: '', items: [] }));
    list.items.push({ text, labels: [], format: {}, flags: {} });
  }
  return {
    format: 'listboard-dump',
    version: 1,
    owner: '',
    title: name,
    description: '',
    listed: false,
    labels: [],
    lists: out,
  };
}

/** Undoes commentJson (routes' export): JSON kept inside an HTML comment. */
const commentValue = (text: string): unknown => JSON.parse(text);

/**
 * The Markdown export: a header comment with the board's fields, then a comment before each
 * list and each item. Item text sits between its comment and the next one, verbatim, except
 * that a media line is shown as a link followed by the line itself in a comment.
 */
function markdownDump(md: string, fileName: string): BoardDump {
  const lines = md.replace(/\r\n?/g, '\n').split('\n');
  const head = /^<!-- listboard-export (\{.*\}) -->$/.exec(lines[0] ?? '');
  if (!head) throw new ImportError(`${fileName} is not a Listboard export.`);
  const board = commentValue(must(head[1], 'the board comment')) as Record<string, unknown>;
  const dump: Record<string, unknown> = { ...board, format: 'listboard-dump', version: 1 };
  const listsOut: { title: string; description: string; items: Record<string, unknown>[] }[] = [];
  let item: { meta: Record<string, unknown>; lines: string[] } | null = null;
  const flush = () => {
    if (!item) return;
    const text = item.lines
      .map((l) => {
        const media = /^\[[^\n]*\]\([^\s)]*\) <!-- lb:line (".*") -->$/.exec(l);
        return media ? (commentValue(must(media[1], 'the media line comment')) as string) : l;
      })
      .join('\n')
      .replace(/^\n+|\n+$/g, '');
    must(listsOut.at(-1), 'the list of an item').items.push({ ...item.meta, text });
    item = null;
  };
  for (const line of lines.slice(1)) {
    const list = /^<!-- lb:list (\{.*\}) -->$/.exec(line);
    const it = /^<!-- lb:item (\{.*\}) -->$/.exec(line);
    if (list) {
      flush();
      const meta = commentValue(must(list[1], 'the list comment')) as {
        title: string;
        description?: string;
      };
      listsOut.push({ title: meta.title, description: meta.description ?? '', items: [] });
    } else if (it) {
      flush();
      if (listsOut.length === 0)
        throw new ImportError(`${fileName}: an item comes before any list.`);
      item = {
        meta: commentValue(must(it[1], 'the item comment')) as Record<string, unknown>,
        lines: [],
      };
    } else if (item) {
      item.lines.push(line);
    }
  }
  flush();
  dump.lists = listsOut;
  return parseDump(dump, fileName);
}

/**
 * The board a Listboard file holds, or null when the file is not one of ours. `kind` is what
 * the file's name or media type says it is.
 */
export function readListboardFile(
  kind: 'json' | 'md' | 'html' | null,
  text: string,
  fileName: string,
): BoardDump | null {
  const body = text.replace(/^\uFEFF/, '');
  try {
    if (kind === 'json') {
      let value: unknown;
      try {
        value = JSON.parse(body);
      } catch {
        throw new ImportError(`${fileName} is not valid JSON.`);
      }
      if (Array.isArray(value)) {
        const clips = clipsSchema.safeParse(value);
        if (!clips.success) throw new ImportError(`${fileName} is not a Listboard clips dump.`);
        return clipsBoard(clips.data, fileName.replace(/\.[^.]*$/, ''));
      }
      return parseDump(value, fileName);
    }
    if (kind === 'md' && body.startsWith(`<!-- ${EXPORT_MARK} `))
      return markdownDump(body, fileName);
    if (kind === 'html') {
      const m = HTML_DUMP.exec(body);
      return m ? parseDump(JSON.parse(must(m[1], 'the dump in the page')), fileName) : null;
    }
    return null;
  } catch (err) {
    if (err instanceof ImportError) throw err;
    // A marker with unreadable JSON after it: say so rather than half-load the file.
    throw new ImportError(`${fileName} looks like a Listboard export but could not be read.`);
  }
}

/** Which of our formats a file may be, by its name's suffix, else its media type. */
export function listboardKindOf(
  name: string,
  mediaType?: string | null,
): 'json' | 'md' | 'html' | null {
  const suffix = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (suffix === 'json') return 'json';
  if (suffix === 'md' || suffix === 'markdown') return 'md';
  if (suffix === 'html' || suffix === 'htm') return 'html';
  const type = (mediaType ?? '').split(';', 1)[0]?.trim().toLowerCase();
  if (type === 'application/json' || type === 'json') return 'json';
  if (type === 'text/markdown' || type === 'md') return 'md';
  if (type === 'text/html' || type === 'html') return 'html';
  return null;
}
