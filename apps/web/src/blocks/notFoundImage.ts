/**
 * The spec replaces a missing image with a default not-found image. It is inline, so it shows
 * even when the server that lost the image is the one we cannot reach.
 */
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
<rect width="320" height="180" rx="8" fill="#e8edf2"/>
<g fill="none" stroke="#8a97a6" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">
<rect x="128" y="52" width="64" height="50" rx="6"/>
<path d="M136 94l16-16 12 12 8-8 12 12"/>
<path d="M124 48l72 58"/>
</g>
<text x="160" y="134" text-anchor="middle" font-family="system-ui,sans-serif" font-size="15" fill="#5b6775">Image not found</text>
</svg>`;

export const NOT_FOUND_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** Swaps a broken image for the not-found image once (the fallback itself can never fail). */
export function showNotFound(img: HTMLImageElement): void {
  if (img.dataset.notFound) return;
  img.dataset.notFound = img.getAttribute('src') ?? '';
  img.src = NOT_FOUND_IMAGE;
}
