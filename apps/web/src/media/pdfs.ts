/**
 * The PDFs on screen, by item, so the Note form can say which page a reader is on (and find words
 * typed from it) and a note on a page can turn its PDF there (blocks/PdfBlock.tsx registers each
 * once it is drawn).
 */
import { onScreenRegistry, type OnScreen } from './onScreen';

export interface PdfHandle extends OnScreen {
  /** The page shown, from 1. */
  page(): number;
  pages(): number;
  /** Shows this page (held within the document's). */
  turnTo(page: number): void;
  /** The words of the page shown, as its text layer shows them; null until they are drawn. */
  words(): { page: number; text: string } | null;
}

const pdfs = onScreenRegistry<PdfHandle>();

export const registerPdf = pdfs.register;

/** The first PDF of an item; with `blockId`, that block's, if the item still shows it. */
export const pdfOf = pdfs.of;

/** pdfOf, once the PDF is drawn (onScreen's `soon`). */
export const pdfSoon = pdfs.soon;
