/**
 * RTF to lists with @iarna/rtf-to-html. RTF headings are paragraph styles the converter does not
 * read, so a paragraph set in a larger size than the body text counts as a heading (the larger,
 * the higher its level); then it is HTML like any other.
 */
import { createRequire } from 'node:module';
import { htmlToLists } from './html';
import { ImportError, type ImportOptions, type ImportedList } from './types';

/** The parts of @iarna/rtf-to-html used here; the package ships no types. */
interface RtfToHtml {
  fromString(
    rtf: string,
    opts: { template: (doc: unknown, defaults: { fontSize: number }, content: string) => string },
    cb: (err: Error | null, html: string) => void,
  ): void;
}

const rtfToHTML = createRequire(import.meta.url)('@iarna/rtf-to-html') as RtfToHtml;

/**
 * The converter reads \'hh escapes only when a code page is declared, and prints the fallback
 * character after every \uN; Windows-1252 is the RTF default, and \uN's fallback is dropped.
 */
function prepare(rtf: string): string {
  let out = rtf;
  if (!/\\ansicpg\d+/.test(out)) out = out.replace(/\\ansi(?![a-z])/, '\\ansi\\ansicpg1252');
  return out.replace(/\\u(-?\d+) ?(?:\\'[0-9a-fA-F]{2}|\?)?/g, (_m, n: string) => {
    const code = Number(n) < 0 ? Number(n) + 65536 : Number(n);
    return `\\u${code} `;
  });
}

function toHtml(rtf: string, name: string): Promise<{ html: string; bodySize: number }> {
  return new Promise((resolve, reject) => {
    let bodySize = 12;
    try {
      rtfToHTML.fromString(
        prepare(rtf),
        {
          template: (_doc, defaults, content) => {
            bodySize = defaults.fontSize / 2;
            return content;
          },
        },
        (err, html) =>
          err
            ? reject(new ImportError(`Could not read ${name} as an RTF document.`))
            : resolve({ html, bodySize }),
      );
    } catch {
      reject(new ImportError(`Could not read ${name} as an RTF document.`));
    }
  });
}

const PARAGRAPH = /<p( style="[^"]*")?>([\s\S]*?)<\/p>/g;
const sizeOf = (style: string | undefined) => {
  const m = /font-size:\s*([\d.]+)pt/.exec(style ?? '');
  return m ? Number(m[1]) : null;
};

export async function rtfToLists(rtf: string, opts: ImportOptions): Promise<ImportedList[]> {
  if (!rtf.trimStart().startsWith('{\\rtf')) {
    throw new ImportError(`Could not read ${opts.fileName ?? opts.name} as an RTF document.`);
  }
  const { html, bodySize } = await toHtml(rtf, opts.fileName ?? opts.name);
  const larger = [
    ...new Set(
      [...html.matchAll(PARAGRAPH)]
        .map((m) => sizeOf(m[1]))
        .filter((s): s is number => s !== null && s > bodySize),
    ),
  ].sort((a, b) => b - a);
  const withHeadings = html.replace(
    PARAGRAPH,
    (whole, style: string | undefined, inner: string) => {
      const size = sizeOf(style);
      const rank = size === null ? -1 : larger.indexOf(size);
      if (rank < 0) return whole;
      const level = Math.min(rank + 1, 6);
      return `<h${level}>${inner.replace(/<\/?strong>/g, '')}</h${level}>`;
    },
  );
  return htmlToLists(withHeadings, opts);
}
