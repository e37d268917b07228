/**
 * Block type detection, in the order of spec section 4 "Block type": media by suffix, external
 * URL, document, dynamic, list toggle, fenced code, math, jsMedia, link, markdown; plain text
 * when nothing else fits. unknown-upload sits with the media checks because it is decided from
 * the same media line.
 *
 * - video, audio, image, document: the first line is a media line (media.ts) whose address has
 *   a suffix of that kind; any further lines of the block continue the caption.
 * - externalurl: a one-line block holding an http(s) URL that names no media or document file
 *   (media-line options such as a caption are allowed).
 * - unknown-upload: a media line whose address is an upload path the block renderers cannot
 *   show: heic/heif/canvas/svg/js/css, or an unknown suffix. An unknown suffix must hold a
 *   letter, and the path a '/' or the line options, so that `example.com`, `e.g.` or `and/or`
 *   stay text.
 * - dynamic: a one-line block that is a function link, `^name(arg, …)` (links.ts).
 * - listtoggle: `!tag` or `+[List title]` alone (toggle.ts).
 * - fencedcode: a fence opener whose first closer is the block's last line.
 * - math: the whole block is `$$…$$`, `\[…\]`, `$…$` or `\(…\)` (math.ts).
 * - jsMedia: `js:type url …` (jsmedia.ts).
 * - mdtextlink / mdimagelink: the whole block is one `[text](url)` / `![alt](url)`; a picture
 *   whose source is unsafe (links.ts `isSafeImageSource`) is read as markdown instead.
 * - mdtable, mdlist, mdhtml, mdtext, text: markdown.ts.
 */
import type { Block } from '../model';
import type { MarkupContext } from './context';
import { closesFence, fenceOpener, infoLanguage } from './fence';
import { parseJsMedia } from './jsmedia';
import { isSafeImageSource, parseFuncLink, parseLink } from './links';
import { markdownBlockType } from './markdown';
import { mathBlockType } from './math';
import { inlineLinkDestinations, parseWholeMarkdownLink } from './mdlink';
import { parseMediaLine, type MediaLine } from './media';
import { resolveAddress } from './address';
import { parseListToggle } from './toggle';
import { suffixOf } from './suffix';

function mediaType(media: MediaLine, lineCount: number): Block['type'] | null {
  const { kind } = media;
  if (kind === 'video' || kind === 'audio' || kind === 'image') return kind;
  if (media.resolved.kind === 'url' && kind !== 'document') {
    return lineCount === 1 ? 'externalurl' : null;
  }
  if (kind === 'document') return 'document';
  if (media.resolved.kind !== 'upload' || media.address.toLowerCase().startsWith('www.')) {
    return null;
  }
  if (kind !== undefined) return 'unknown-upload';
  const suffixHasLetter = /[a-z]/.test(media.suffix);
  if (suffixHasLetter && (media.address.includes('/') || media.hasOptions)) return 'unknown-upload';
  return null;
}

function mediaBlock(text: string, media: MediaLine, type: Block['type'], more: string[]): Block {
  const block: Block = {
    text,
    type,
    url: media.resolved.url,
    fullpathnq: media.resolved.fullpathnq,
    isUpload: media.resolved.isUpload,
  };
  if (media.suffix) block.suffix = media.suffix;
  if (media.range && (type === 'video' || type === 'audio')) block.range = media.range;
  const caption = [media.caption ?? '', ...more].filter((s) => s.trim() !== '').join('\n');
  if (caption) block.caption = caption;
  if (media.altText) block.altText = media.altText;
  if (media.titleText) block.titleText = media.titleText;
  if (media.posterUrl) block.posterUrl = media.posterUrl;
  if (media.posterPath) block.posterPath = media.posterPath;
  return block;
}

function fencedCodeInfo(lines: readonly string[]): string | null {
  const opener = fenceOpener(lines[0] ?? '');
  if (!opener || lines.length < 2) return null;
  for (let k = 1; k < lines.length; k++) {
    if (closesFence(lines[k] ?? '', opener)) return k === lines.length - 1 ? opener.info : null;
  }
  return null;
}

/** Board addresses the block's markdown links point to, without query or hash. */
export function boardRefsOf(text: string): string[] {
  const refs: string[] = [];
  for (const destination of inlineLinkDestinations(text)) {
    const link = parseLink(destination);
    if (link.kind === 'internal' && !refs.includes(link.path)) refs.push(link.path);
  }
  return refs;
}

function withBoardRefs(block: Block): Block {
  const refs = boardRefsOf(block.text);
  if (refs.length > 0) block.boardRefs = refs;
  return block;
}

/** The block for one block text, with its type and the fields that type uses. */
export function classifyBlock(text: string, ctx: MarkupContext = {}): Block {
  const trimmed = text.trim();
  const lines = text.split('\n');
  const single = !trimmed.includes('\n');

  const media = parseMediaLine(lines[0] ?? '', ctx);
  if (media) {
    const type = mediaType(media, trimmed.split('\n').length);
    if (type)
      return mediaBlock(
        text,
        media,
        type,
        lines.slice(1).map((l) => l.trim()),
      );
  }

  if (single && trimmed.startsWith('^') && parseFuncLink(trimmed)) {
    return { text, type: 'dynamic', url: trimmed };
  }

  const toggle = parseListToggle(trimmed);
  if (toggle) return { text, type: 'listtoggle', url: trimmed, caption: toggle.name };

  const info = fencedCodeInfo(lines);
  if (info !== null) {
    const block: Block = { text, type: 'fencedcode' };
    const language = infoLanguage(info);
    if (language) block.highlightLanguage = language;
    return block;
  }

  const math = mathBlockType(trimmed);
  if (math) return { text, type: math };

  const js = parseJsMedia(trimmed, ctx);
  if (js) {
    const block: Block = { text, type: 'jsMedia', jsMedia: js };
    if (js.url) block.url = js.url;
    return block;
  }

  // A picture from a javascript: (or other unsafe) source is no picture: it stays text.
  const link = parseWholeMarkdownLink(trimmed);
  if (link && (!link.image || isSafeImageSource(link.destination))) {
    return linkBlock(text, link, ctx);
  }

  const markdown = markdownBlockType(text);
  if (markdown === 'mdhtml') return { text, type: markdown };
  if (markdown) return withBoardRefs({ text, type: markdown });
  return { text, type: 'text' };
}

function linkBlock(
  text: string,
  link: NonNullable<ReturnType<typeof parseWholeMarkdownLink>>,
  ctx: MarkupContext,
): Block {
  if (link.image) {
    const resolved = resolveAddress(link.destination, ctx);
    const block: Block = { text, type: 'mdimagelink', url: resolved?.url ?? link.destination };
    if (resolved) {
      block.fullpathnq = resolved.fullpathnq;
      block.isUpload = resolved.isUpload;
    }
    const suffix = suffixOf(link.destination);
    if (suffix) block.suffix = suffix;
    if (link.text) block.altText = link.text;
    if (link.title) block.titleText = link.title;
    return block;
  }
  const block: Block = { text, type: 'mdtextlink', url: link.destination };
  if (link.text) block.caption = link.text;
  if (link.title) block.titleText = link.title;
  return withBoardRefs(block);
}
