import { Suspense, lazy } from 'react';
import { PDF_SCALE_STEPS, must } from '@listboard/core';
import type { BlockRenderer } from './types';
import { useZoom } from './zoom';
import { srcOf } from '../media/src';
import { PageThumbnail, TextThumbnail } from '../media/Thumbnail';

/** pdf.js and its pages, fetched with the first PDF on screen. */
const PdfBlock = lazy(() => import('./PdfBlock'));

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** An external address on its own line: a card with a picture of the page that opens it in a new tab. */
export const ExternalUrlBlock: BlockRenderer = ({ block }) => {
  const url = block.url ?? block.text.trim();
  return (
    <a className="block block-link-card" href={url} target="_blank" rel="noopener noreferrer">
      <PageThumbnail url={url} />
      <span className="link-card-host">{hostOf(url)}</span>
      <span className="link-card-title">{block.caption ?? url}</span>
    </a>
  );
};

/** A document that is not drawn in place (txt, text): a card naming its kind. */
export const FileCardBlock: BlockRenderer = ({ block }) => (
  <a
    className="block block-link-card"
    href={srcOf(block) ?? block.text.trim()}
    target="_blank"
    rel="noopener noreferrer"
  >
    {block.isUpload && block.url && (block.suffix === 'txt' || block.suffix === 'text') && (
      <TextThumbnail fileKey={block.url.split(/[?#]/, 1)[0] ?? block.url} />
    )}
    <span className="link-card-host">{(block.suffix ?? 'file').toUpperCase()}</span>
    <span className="link-card-title">{block.caption ?? block.url ?? block.text.trim()}</span>
  </a>
);

/** PDFs are drawn with pdf.js at the board's zoom; other documents get a card. */
export const DocumentBlock: BlockRenderer = ({ block }) => {
  const zoom = useZoom();
  if (block.suffix !== 'pdf') return <FileCardBlock block={block} />;
  const scale = must(
    PDF_SCALE_STEPS[Math.max(0, Math.min(PDF_SCALE_STEPS.length - 1, zoom))],
    'the PDF scale',
  );
  const url = srcOf(block) ?? block.text.trim();
  return (
    <Suspense
      fallback={
        <figure className="block block-pdf">
          <figcaption>Loading PDF…</figcaption>
        </figure>
      }
    >
      {/* A new file is a new document, opened at its first page. */}
      <PdfBlock key={url} block={block} scale={scale} />
    </Suspense>
  );
};
