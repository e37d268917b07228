/**
 * Thumbnails of text files (spec section 7): the first lines of the file drawn as a small page,
 * made with sharp from an SVG, so a .txt upload shows what it says on its card.
 */

export const TEXT_THUMB = { width: 480, height: 360, lines: 14, columns: 44 } as const;

/** Characters XML 1.0 cannot hold at all (C0 controls other than tab and newline). */
/** The characters XML cannot hold: controls other than tab, line feed and carriage return. */
const NOT_XML = /[^\t\n\r\u{20}-\u{10ffff}]/gu;

const escapeXml = (s: string) =>
  s.replace(NOT_XML, '').replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text's first lines, long ones wrapped, as many as fit. */
export function thumbnailLines(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\r\n?/g, '\n').replace(/\t/g, '  ').split('\n')) {
    let line = raw.trimEnd();
    do {
      out.push(line.slice(0, TEXT_THUMB.columns));
      line = line.slice(TEXT_THUMB.columns);
    } while (line.length > 0 && out.length < TEXT_THUMB.lines);
    if (out.length >= TEXT_THUMB.lines) break;
  }
  return out;
}

export async function textThumbnail(text: string): Promise<Buffer> {
  const { width, height } = TEXT_THUMB;
  const lines = thumbnailLines(text)
    .map(
      (l, i) =>
        `<text x="20" y="${36 + i * 23}" xml:space="preserve">${escapeXml(l) || ' '}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" fill="none" stroke="#c9d1da"/>
<g font-family="DejaVu Sans Mono, monospace" font-size="17" fill="#1d2733">${lines}</g>
</svg>`;
  // sharp (its native library) is loaded with the first text thumbnail, not with the app.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}
