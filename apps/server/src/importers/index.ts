/** One importer per load file type (spec section 5); each turns bytes into lists, in order. */
import type { LoadFileType } from '@listboard/core';
import { docxToLists } from './docx';
import { htmlToLists, htmlTitle } from './html';
import { markdownToLists } from './markdown';
import { pdfToLists } from './pdf';
import { rtfToLists } from './rtf';
import { textToLists } from './text';
import type { ImportOptions, ImportedList } from './types';

export { ImportError, type ImportOptions, type ImportedList } from './types';
export { htmlTitle } from './html';

/** Text files are read as UTF-8; a stray byte becomes U+FFFD rather than failing the import. */
const utf8 = (bytes: Buffer) => new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');

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
      return textToLists(utf8(bytes), opts);
    case 'md':
      return markdownToLists(utf8(bytes), opts);
    case 'html': {
      const html = utf8(bytes);
      return htmlToLists(html, { ...opts, name: htmlTitle(html) ?? opts.name });
    }
  }
}
