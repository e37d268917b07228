/**
 * PDF to lists with pdf.js text content. A PDF has no headings or paragraphs, only placed runs
 * of text, so they are read back from the layout: lines set larger than the body text are
 * headings (consecutive ones join), and a gap between lines wider than the line spacing, or a new
 * page, ends a paragraph. Pictures inside a PDF are not imported.
 */
import { ImportError, type ImportOptions, type ImportedList } from './types';

interface Line {
  text: string;
  size: number;
  y: number;
  page: number;
}

interface Run {
  str: string;
  transform: number[];
  hasEOL?: boolean;
}

function linesOf(runs: Run[], page: number): Line[] {
  const lines: Line[] = [];
  let cur: Line | null = null;
  let breakNext = false;
  for (const r of runs) {
    const size = Math.hypot(r.transform[2] ?? 0, r.transform[3] ?? 0) || 1;
    const y = r.transform[5] ?? 0;
    if (r.str !== '') {
      if (!cur || breakNext || Math.abs(cur.y - y) > cur.size * 0.5) {
        cur = { text: '', size, y, page };
        lines.push(cur);
      }
      cur.text += r.str;
      cur.size = Math.max(cur.size, size);
      breakNext = false;
    }
    if (r.hasEOL) breakNext = true;
  }
  return lines
    .map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() }))
    .filter((l) => l.text);
}

/** The size most of the text is set in. */
function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const l of lines) {
    const s = Math.round(l.size * 2) / 2;
    weight.set(s, (weight.get(s) ?? 0) + l.text.length);
  }
  return [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 12;
}

const join = (a: string, b: string) => (a.endsWith('-') ? a + b : `${a} ${b}`);

export function layoutToLists(lines: Line[], opts: ImportOptions): ImportedList[] {
  const body = bodySize(lines);
  const isHeading = (l: Line) => l.size >= body * 1.2 && l.text.length <= 200;
  const lists: ImportedList[] = [];
  let current: ImportedList | null = null;
  let para: string | null = null;
  let prev: Line | null = null;
  const list = () => {
    if (!current) {
      current = { title: opts.name, items: [] };
      lists.push(current);
    }
    return current;
  };
  const flush = () => {
    if (para) list().items.push(para);
    para = null;
  };
  for (const l of lines) {
    if (isHeading(l)) {
      flush();
      const continues =
        prev && isHeading(prev) && prev.page === l.page && Math.abs(prev.size - l.size) < 0.5;
      if (continues && current) current.title = join(current.title, l.text);
      else {
        current = { title: l.text, items: [] };
        lists.push(current);
      }
    } else {
      const gap = prev ? prev.y - l.y : 0;
      const newParagraph =
        !prev || isHeading(prev) || prev.page !== l.page || gap > l.size * 1.6 || gap < 0;
      if (newParagraph) flush();
      para = para === null ? l.text : join(para, l.text);
    }
    prev = l;
  }
  flush();
  return lists;
}

/** A PDF opened for its text alone: no fonts loaded, nothing evaluated. */
async function openPdf(bytes: Uint8Array) {
  // Loaded on first use: pdf.js is large and most servers never read a PDF.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
}

/** The most characters of a PDF's words kept for search (about forty dense pages). */
const PDF_WORDS_MAX = 100_000;
/** The longest a PDF's words are read for: a long scan has no words to find, page after page. */
const PDF_WORDS_MS = 5000;

/**
 * The words of a PDF, page after page (a form feed between two), as its text runs give them, for
 * search (an uploaded PDF's, read when it is recorded): at most PDF_WORDS_MAX characters, from its
 * first pages (those read in PDF_WORDS_MS); null for a PDF with no words (a scan) or one that
 * cannot be read.
 */
export async function pdfWords(bytes: Uint8Array): Promise<string | null> {
  let doc: Awaited<ReturnType<typeof openPdf>> | undefined;
  try {
    doc = await openPdf(bytes);
    let words = '';
    const until = performance.now() + PDF_WORDS_MS;
    for (
      let p = 1;
      p <= doc.numPages && words.length < PDF_WORDS_MAX && performance.now() < until;
      p++
    ) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      for (const i of content.items) if ('str' in i) words += i.str + (i.hasEOL ? '\n' : '');
      // Pages apart by a form feed, so a place in the words names its page.
      words += '\f';
      page.cleanup();
    }
    return words.slice(0, PDF_WORDS_MAX).trim() || null;
  } catch {
    return null;
  } finally {
    await doc?.destroy();
  }
}

export async function pdfToLists(bytes: Uint8Array, opts: ImportOptions): Promise<ImportedList[]> {
  let doc: Awaited<ReturnType<typeof openPdf>> | undefined;
  try {
    doc = await openPdf(bytes);
    const lines: Line[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const content = await page.getTextContent();
      const runs: Run[] = content.items.flatMap((i) =>
        'str' in i ? [{ str: i.str, transform: i.transform as number[], hasEOL: i.hasEOL }] : [],
      );
      lines.push(...linesOf(runs, p));
      page.cleanup();
      opts.onProgress?.(p, doc.numPages);
    }
    return layoutToLists(lines, opts);
  } catch {
    throw new ImportError(`Could not read ${opts.fileName ?? opts.name} as a PDF document.`);
  } finally {
    await doc?.destroy();
  }
}
