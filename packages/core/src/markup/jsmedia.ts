/**
 * Script-driven media (block type jsMedia), written on one line:
 *
 *   js:{type} [url] [js=script.js] [css=style.css] [boxes=N] [arg …]
 *
 * The first token without '=' is the url; later ones are args, in order. Addresses (url, js,
 * css) resolve like media addresses, so uploaded scripts work. Tokens are split on spaces; an
 * arg cannot hold one.
 */
import type { JsMedia } from '../model';
import { resolveAddress } from './address';
import type { MarkupContext } from './context';

const PREFIX = 'js:';
const TYPE = /^[A-Za-z][A-Za-z0-9_-]*$/;
const BOXES = /^\d{1,4}$/;

function resolved(token: string, ctx: MarkupContext): string {
  return resolveAddress(token, ctx)?.url ?? token;
}

export function parseJsMedia(text: string, ctx: MarkupContext = {}): JsMedia | null {
  const t = text.trim();
  if (!t.startsWith(PREFIX) || t.includes('\n')) return null;
  const tokens = t.slice(PREFIX.length).split(/[ \t]+/);
  const type = tokens[0] ?? '';
  if (!TYPE.test(type)) return null;
  const media: JsMedia = { type, url: '', args: [] };
  let haveUrl = false;
  for (const token of tokens.slice(1)) {
    if (token === '') continue;
    if (token.startsWith('js=') && token.length > 3) media.js = resolved(token.slice(3), ctx);
    else if (token.startsWith('css=') && token.length > 4)
      media.css = resolved(token.slice(4), ctx);
    else if (token.startsWith('boxes=') && BOXES.test(token.slice(6))) {
      media.numboxes = Number(token.slice(6));
    } else if (!haveUrl) {
      media.url = resolved(token, ctx);
      haveUrl = true;
    } else media.args.push(token);
  }
  return media;
}
