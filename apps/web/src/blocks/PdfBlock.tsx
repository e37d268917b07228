import { useEffect, useRef, useState } from 'react';
import { fileNameOf, mediaMsg, type Block } from '@listboard/core';
import { srcOf } from '../media/src';

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
 * A PDF's first page drawn with pdf.js, loaded only when a PDF is on screen. The file is checked
 * with HEAD first, so a missing file fails fast with the spec's message. A PDF on another site
 * is not fetched (the page may fetch from its own site only): it shows as a link that opens it.
 */
export function PdfBlock({ block, scale = 0.5 }: { block: Block; scale?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [pages, setPages] = useState(0);
  const url = srcOf(block) ?? block.text.trim();
  const elsewhere = otherSite(url);

  useEffect(() => {
    if (elsewhere) return;
    // Ended when the block goes or its file or scale change: a late answer is then dropped.
    // (Asked each time: the answer can change across every await.)
    let ended = false;
    const cancelled = () => ended;
    void (async () => {
      try {
        const head = await fetch(url, { method: 'HEAD' });
        if (!head.ok) throw new Error(String(head.status));
        const pdfjs = await import('pdfjs-dist');
        const worker = await import('pdfjs-dist/build/pdf.worker.min.mjs?url');
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const doc = await pdfjs.getDocument({ url }).promise;
        const page = await doc.getPage(1);
        const viewport = page.getViewport({ scale: scale * 2 });
        const c = canvas.current;
        if (cancelled() || !c) return;
        const context = c.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        c.width = viewport.width;
        c.height = viewport.height;
        await page.render({ canvas: c, canvasContext: context, viewport }).promise;
        if (!cancelled()) {
          setPages(doc.numPages);
          setState('ready');
        }
      } catch {
        if (!cancelled()) setState('failed');
      }
    })();
    return () => {
      ended = true;
    };
  }, [url, scale, elsewhere]);

  if (elsewhere) {
    const name = block.caption ?? fileNameOf(url);
    return (
      <figure className="block block-pdf block-pdf-elsewhere">
        <a href={url} target="_blank" rel="noopener noreferrer">
          {name}
        </a>
        <figcaption>PDF on {elsewhere}: opens in a new tab</figcaption>
      </figure>
    );
  }

  if (state === 'failed') return <p className="block block-error">{mediaMsg.loadPdfFailed(url)}</p>;
  return (
    <figure className="block block-pdf">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Open PDF ${block.caption ?? url}`}
      >
        <canvas ref={canvas} aria-hidden="true" />
      </a>
      <figcaption>
        {state === 'loading'
          ? 'Loading PDF…'
          : `${block.caption ?? url.split('/').pop()} · ${pages} ${pages === 1 ? 'page' : 'pages'}`}
      </figcaption>
    </figure>
  );
}
