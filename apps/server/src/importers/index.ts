/** One importer per load file type (spec section 5); each turns bytes into lists, in order. */
import type { LoadFileType } from '@listboard/core';
import { docxToLists } from './docx';
import { htmlToLists, htmlTitle } from './html';
import { markdownToLists } from './markdown';
import { pdfToLists } from './pdf';
import { rtfToLists } from './rtf';
import { textToLists } from './text';
import type { ImportOptions, ImportedList } from './types';

import { ImportError } from './types';

export { ImportError, headingsOf, type ImportOptions, type ImportedList } from './types';
export { htmlTitle } from './html';

/** What a file that is not text holds, by its first bytes, and the ending that loads it. */
const BINARY_KINDS: { sign: string; kind: string; ending?: string }[] = [
  { sign: '%PDF-', kind: 'a PDF', ending: '.pdf' },
  { sign: 'PK\u0003\u0004', kind: 'a Word or zip file', ending: '.docx' },
  { sign: '\u0089PNG', kind: 'a picture' },
  { sign: 'GIF8', kind: 'a picture' },
  { sign: '\u00ff\u00d8\u00ff', kind: 'a picture' },
];

/**
 * Text files are read as UTF-8; a stray byte becomes U+FFFD rather than failing the import. A
 * file that is not text at all (a PDF named .md) is refused, saying what it seems to be, rather
 * than made into a board of its bytes.
 */
function utf8(bytes: Buffer, fileName = 'The file'): string {
  const head = bytes.subarray(0, 8192);
  const start = head.toString('latin1');
  const known = BINARY_KINDS.find((k) => start.startsWith(k.sign));
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const unreadable = (text.slice(0, 8192).match(/\uFFFD/g)?.length ?? 0) > 32;
  // A stray NUL is dropped later, as in any text; many of them are a binary file's.
  const nuls = head.reduce((n, byte) => (byte === 0 ? n + 1 : n), 0);
  if (known || nuls > 8 || unreadable)
    throw new ImportError(
      known
        ? `${fileName} does not hold text: it looks like ${known.kind}.${known.ending ? ` Load it under a name ending in ${known.ending}.` : ''}`
        : `${fileName} does not hold text, as its name’s ending says it should.`,
    );
  return text;
}

export async function importFile(
  type: LoadFileType,
  bytes: Buffer,
  opts: ImportOptions,
): Promise<ImportedList[]> {
  switch (type) {
    case 'pdf':
      return pdfToLists(bytes, opts);
    case 'docx':
      return docxToLists(bytes, opts);
    case 'rtf':
      return rtfToLists(bytes.toString('latin1'), opts);
    case 'txt':
      return textToLists(utf8(bytes, opts.fileName), opts);
    case 'md':
      return markdownToLists(utf8(bytes, opts.fileName), opts);
    case 'html': {
      const html = utf8(bytes, opts.fileName);
      return htmlToLists(html, { ...opts, name: htmlTitle(html) ?? opts.name });
    }
  }
}
