import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
import { fileNameOf, mediaMsg, type Block } from '@listboard/core';
import { srcOf } from '../media/src';
import { registerPdf } from '../media/pdfs';
import { renderedText } from '../highlights/renderedText';
import '../media/media.css';

/** The site a PDF's address is on, when it is not this one's; null for this site's files. */
function otherSite(url: string): string | null {
  try {
    const at = new URL(url, window.location.href);
    return at.origin === window.location.origin ? null : at.host;
  } catch {
    return null;
  }
}

/**
 * The page each PDF was left at, by its address, for this visit: a list drawn again (scrolled out
 * and back, a zoom) opens it where the reader was.
 */
const pageLeftAt = new Map<string, number>();

/**
 * A PDF drawn with pdf.js, loaded only when a PDF is on screen: its first page, or the one the
 * reader turned to, with Previous page and Next page under it when it has more than one. The
 * page's words lie over its drawing (pdf.js's text layer), unseen but there to select, copy, find
 * and note, and for a screen reader to read; the layer says which page it holds (`data-page`),
 * which a note on words of it keeps (highlights/capture.ts). The file is checked with HEAD first,
 * so a missing file fails fast with the spec's message. A PDF on another site is not fetched (the
 * page may fetch from its own site only): it shows as a link that opens it. The name under the
 * page opens the PDF in a new tab, at the page shown.
 */
export default function PdfBlock({ block, scale = 0.5 }: { block: Block; scale?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const words = useRef<HTMLDivElement>(null);
  const url = srcOf(block) ?? block.text.trim();
  const elsewhere = otherSite(url);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(() => pageLeftAt.get(url) ?? 1);
  /** The page last drawn on the canvas (0 before the first). */
  const [drawn, setDrawn] = useState(0);
  const box = useRef<HTMLElement>(null);
  /** The page shown, for whoever asks from outside (the Note form). */
  const shownPage = useRef(page);
  /** Shows a page, and keeps it for the next time the list is drawn. */
  const turn = useCallback(
    (to: number) => {
      pageLeftAt.set(url, to);
      setPage(to);
    },
    [url],
  );

  // The document, once for each address. Ended when the block goes or its file changes: a late
  // answer is then dropped. (Asked each time: the answer can change across every await.)
  useEffect(() => {
    if (elsewhere) return;
    let ended = false;
    let opened: PDFDocumentProxy | null = null;
    const cancelled = () => ended;
    void (async () => {
      try {
        const head = await fetch(url, { method: 'HEAD' });
        if (!head.ok) throw new Error(String(head.status));
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const loaded = await pdfjs.getDocument({ url }).promise;
        if (cancelled()) {
          void loaded.destroy();
          return;
        }
        opened = loaded;
        setDoc(loaded);
      } catch {
        if (!cancelled()) setFailed(true);
      }
    })();
    return () => {
      ended = true;
      setDoc(null);
      void opened?.destroy();
    };
  }, [url, elsewhere]);

  // The page asked for, at the board's zoom; a drawing under way when another is asked is
  // cancelled first, so two never share the canvas.
  useEffect(() => {
    if (!doc) return;
    const shown = Math.min(Math.max(1, page), doc.numPages);
    let ended = false;
    const cancelled = () => ended;
    let task: RenderTask | null = null;
    let text: TextLayer | null = null;
    let sized: ResizeObserver | null = null;
    void (async () => {
      try {
        const p = await doc.getPage(shown);
        const c = canvas.current;
        const layer = words.current;
        if (cancelled() || !c || !layer) return;
        // Drawn at the board's zoom, or finer where the screen shows more pixels than that (a
        // phone's): at least one of the drawing's pixels to each of the screen's, at most 4 to
        // a point of the page.
        const flat = p.getViewport({ scale: 1 });
        const sharp = (c.clientWidth * devicePixelRatio) / flat.width;
        const viewport = p.getViewport({ scale: Math.min(4, Math.max(scale * 2, sharp)) });
        const context = c.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        c.width = viewport.width;
        c.height = viewport.height;
        task = p.render({ canvas: c, canvasContext: context, viewport });
        await task.promise;
        if (cancelled()) return;
        setDrawn(shown);
        layer.replaceChildren();
        layer.removeAttribute('data-page');
        // The page's words, laid out at the size the drawing is shown at, whatever the card's
        // width: pdf.js sizes them by --total-scale-factor, kept as the drawing is resized.
        // Without them (a page of scans has none) the drawing stands alone.
        const fit = () =>
          layer.style.setProperty('--total-scale-factor', String(c.clientWidth / flat.width));
        fit();
        sized = new ResizeObserver(fit);
        sized.observe(c);
        const { TextLayer } = await import('pdfjs-dist');
        if (cancelled()) return;
        text = new TextLayer({
          textContentSource: p.streamTextContent(),
          container: layer,
          viewport: flat,
        });
        await text.render().then(
          () => !cancelled() && (layer.dataset.page = String(shown)),
          () => {},
        );
      } catch {
        // A drawing cancelled for another page is no failure.
        if (!cancelled()) setFailed(true);
      }
    })();
    return () => {
      ended = true;
      task?.cancel();
      text?.cancel();
      sized?.disconnect();
    };
  }, [doc, page, scale]);

  // Reachable from outside once open: the Note form asks which page is shown, a note on a page
  // turns to it.
  useEffect(() => {
    const itemId = box.current?.closest('[data-item-id]')?.getAttribute('data-item-id');
    if (!doc || !itemId) return;
    return registerPdf({
      itemId,
      blockId: block._id,
      page: () => shownPage.current,
      pages: () => doc.numPages,
      turnTo: (to) => {
        turn(Math.min(Math.max(1, to), doc.numPages));
        box.current?.scrollIntoView({ block: 'nearest' });
      },
      box: () => box.current,
      words: () => {
        const layer = words.current;
        const shown = Number(layer?.dataset.page);
        return layer && shown ? { page: shown, text: renderedText(layer) } : null;
      },
    });
  }, [doc, block._id, turn]);

  const name = block.caption ?? fileNameOf(url);
  if (elsewhere) {
    return (
      <figure className="block block-pdf block-pdf-elsewhere">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
        <figcaption>PDF on {elsewhere}: opens in a new tab</figcaption>
      </figure>
    );
  }

  if (failed) return <p className="block block-error">{mediaMsg.loadPdfFailed(url)}</p>;
  const pages = doc?.numPages ?? 0;
  /** The page asked for, within the document's. */
  const at = Math.min(Math.max(1, page), Math.max(1, pages));
  shownPage.current = at;
  return (
    <figure ref={box} className="block block-pdf">
      <div className="pdf-sheet">
        <canvas ref={canvas} aria-hidden="true" />
        <div ref={words} className="pdf-text" />
      </div>
      {drawn > 0 && pages > 1 && (
        <div className="player-bar pdf-pages" role="group" aria-label={`${name} pages`}>
          <button
            type="button"
            aria-label="Previous page"
            disabled={at <= 1}
            onClick={() => turn(at - 1)}
          >
            ‹
          </button>
          <span className="pdf-page" aria-live="polite">
            Page {at} of {pages}
          </span>
          <button
            type="button"
            aria-label="Next page"
            disabled={at >= pages}
            onClick={() => turn(at + 1)}
          >
            ›
          </button>
        </div>
      )}
      <figcaption>
        {drawn === 0 ? (
          'Loading PDF…'
        ) : (
          <>
            <a
              href={at > 1 ? `${url}#page=${at}` : url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open PDF ${name}`}
            >
              {name}
            </a>
            {` · ${pages} ${pages === 1 ? 'page' : 'pages'}`}
          </>
        )}
      </figcaption>
    </figure>
  );
}
