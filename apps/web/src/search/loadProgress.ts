/**
 * The load form's call with progress (spec: long imports show progress). The file goes up with
 * XMLHttpRequest, whose upload events give the bytes sent; the server then answers
 * /api/forms/load_stream with one JSON line per step (fetching, pages read, lists written) and
 * a last line with the new board or the error. The steps are shown by the load progress bar.
 */
import { boardMsg, counted } from '@listboard/core';
import type { LoadedBoard, StreamLine } from '@listboard/core/api/load';
import type { LoadBody } from '@listboard/core/api/routes';
import { useConnection } from '../api/client';
import { useSession } from '../state/session';
import { useLoadProgress, type Progress } from './progressStore';

export type { LoadBody, LoadedBoard, StreamLine };

/**
 * Where a load stands, as a share of the whole: sending the file is the first 40 %, reading it
 * the next 30 %, writing the board the rest.
 */
export function progressOf(
  line: StreamLine | { phase: 'uploading'; sent: number; total: number; name: string },
): Progress | null {
  const pct = (f: number) => `${Math.round(f * 100)}%`;
  switch (line.phase) {
    case 'uploading': {
      const f = line.total ? line.sent / line.total : 0;
      return { fraction: 0.4 * f, label: `Sending ${line.name}… ${pct(f)}` };
    }
    case 'fetching':
      return { fraction: 0.4, label: `Fetching ${line.url}…` };
    case 'reading': {
      const f = line.total ? line.done / line.total : 0;
      const pages = line.total > 1 ? ` page ${line.done} of ${line.total}` : '';
      return {
        fraction: 0.4 + 0.3 * f,
        label: `Reading${pages}${pages ? '' : ` ${line.source}`}…`,
      };
    }
    case 'writing': {
      const f = line.total ? line.done / line.total : 0;
      return {
        fraction: 0.7 + 0.3 * f,
        label: `Writing list ${Math.min(line.done + 1, line.total)} of ${line.total} (${counted(line.items, 'item')})…`,
      };
    }
    case 'done':
      return { fraction: 1, label: `Loaded ${line.board.title}` };
    case 'error':
      return null;
  }
}

/** Complete lines of an NDJSON text received so far, from line number `from` on. */
export function readLines(text: string, from: number): { lines: StreamLine[]; next: number } {
  const all = text.split('\n');
  const complete = all.slice(0, -1);
  const lines: StreamLine[] = [];
  for (const l of complete.slice(from)) {
    if (!l.trim()) continue;
    try {
      lines.push(JSON.parse(l) as StreamLine);
    } catch {
      // A line that does not read is skipped; the last line decides the outcome.
    }
  }
  return { lines, next: complete.length };
}

/** A file as base64 (a data: URL, which the server accepts as it is). */
export function readFileData(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error('The file could not be read.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** Runs a load, showing its progress; answers the new board or the message to show. */
export function loadWithProgress(
  body: LoadBody,
): Promise<{ board: LoadedBoard } | { error: string }> {
  const show = useLoadProgress.getState().set;
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    let seen = 0;
    let last: StreamLine | null = null;
    const finish = (r: { board: LoadedBoard } | { error: string }) => {
      show(null);
      resolve(r);
    };
    const take = () => {
      const { lines, next } = readLines(xhr.responseText, seen);
      seen = next;
      for (const line of lines) {
        last = line;
        const p = progressOf(line);
        if (p) show(p);
      }
    };
    xhr.open('POST', '/api/forms/load_stream');
    xhr.setRequestHeader('content-type', 'application/json');
    const userId = useSession.getState().user?._id;
    if (userId) xhr.setRequestHeader('X-Mongo-User-ID', userId);
    if (body.fileinfo) {
      const name = body.fileinfo.name;
      xhr.upload.onprogress = (e) =>
        show(progressOf({ phase: 'uploading', sent: e.loaded, total: e.total, name }));
    }
    xhr.onprogress = () => {
      if (xhr.status === 200) take();
    };
    xhr.onload = () => {
      useConnection.getState().set(true);
      if (xhr.status !== 200) {
        let error = xhr.statusText || `ERROR: load`;
        try {
          error = (JSON.parse(xhr.responseText) as { error: string }).error;
        } catch {
          // Not JSON: keep the status text.
        }
        finish({ error });
        return;
      }
      take();
      // A last line without its newline still counts.
      for (const line of readLines(`${xhr.responseText}\n`, seen).lines) last = line;
      const end = last;
      if (end?.phase === 'done') finish({ board: end.board });
      else if (end?.phase === 'error') finish({ error: end.error });
      else finish({ error: 'ERROR: load' });
    };
    xhr.onerror = () => {
      useConnection.getState().set(false);
      finish({ error: boardMsg.noConnection });
    };
    show({ fraction: 0, label: body.fileinfo ? `Sending ${body.fileinfo.name}…` : 'Loading…' });
    xhr.send(JSON.stringify(body));
  });
}
