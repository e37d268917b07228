/**
 * Link targets, one kind per rule of spec section 2 "Link kinds". Anything else, including
 * `javascript:` and protocol-relative `//host` targets, is 'other' so that renderers can refuse
 * to follow it. A '$' new-tab target must itself be an external or internal link.
 */
import { decodePart as decode } from '../address/url';

export type ParsedLink =
  | { kind: 'internal'; href: string; path: string; query?: string; hash?: string }
  | { kind: 'section'; href: string; anchor: string }
  | { kind: 'external'; href: string; url: string }
  | { kind: 'mailto'; href: string; address: string }
  | { kind: 'label'; href: string; label: string }
  | { kind: 'tag'; href: string; tag: string }
  | { kind: 'newtab'; href: string; url: string }
  | { kind: 'func'; href: string; name: string; args: string[] }
  | { kind: 'other'; href: string };

export type LinkKind = ParsedLink['kind'];

const FUNC_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * Split function arguments at top-level commas. Quotes ('…' or "…") keep commas and spaces and
 * are dropped; nested brackets keep commas. Null when quotes or brackets are left open.
 */
export function splitFuncArgs(s: string): string[] | null {
  if (s.trim() === '') return [];
  const args: string[] = [];
  let current = '';
  let quoted = false;
  let quote = '';
  let depth = 0;
  const push = (): void => {
    args.push(quoted ? current : current.trim());
    current = '';
    quoted = false;
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i] ?? '';
    if (quote) {
      if (c === quote) quote = '';
      else current += c;
    } else if ((c === '"' || c === "'") && current.trim() === '' && depth === 0) {
      quote = c;
      quoted = true;
      current = '';
    } else if (c === '(' || c === '[' || c === '{') {
      depth++;
      current += c;
    } else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return null;
      depth--;
      current += c;
    } else if (c === ',' && depth === 0) {
      push();
    } else if (!(quoted && /\s/.test(c))) {
      current += c;
    }
  }
  if (quote || depth > 0) return null;
  push();
  return args;
}

/** `^name` or `^name(arg1, arg2)`; null when malformed. */
export function parseFuncLink(href: string): { name: string; args: string[] } | null {
  if (!href.startsWith('^')) return null;
  const body = href.slice(1).trim();
  const open = body.indexOf('(');
  if (open < 0) return FUNC_NAME.test(body) ? { name: body, args: [] } : null;
  const name = body.slice(0, open).trim();
  if (!FUNC_NAME.test(name) || !body.endsWith(')')) return null;
  const args = splitFuncArgs(body.slice(open + 1, -1));
  return args ? { name, args } : null;
}

function splitInternal(href: string): { path: string; query?: string; hash?: string } {
  const hashAt = href.indexOf('#');
  const beforeHash = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  const out: { path: string; query?: string; hash?: string } = {
    path: queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt),
  };
  if (queryAt >= 0) out.query = beforeHash.slice(queryAt + 1);
  if (hashAt >= 0) out.hash = decode(href.slice(hashAt + 1));
  return out;
}

export function parseLink(href: string): ParsedLink {
  const h = href.trim();
  const lower = h.slice(0, 8).toLowerCase();
  if (h.startsWith('/') && !h.startsWith('//'))
    return { kind: 'internal', href: h, ...splitInternal(h) };
  if (h.startsWith('#') && h.length > 1)
    return { kind: 'section', href: h, anchor: decode(h.slice(1)) };
  if ((lower.startsWith('http://') || lower.startsWith('https://')) && !/\s/.test(h)) {
    return { kind: 'external', href: h, url: h };
  }
  if (lower.startsWith('mailto:')) {
    const rest = h.slice(7);
    const q = rest.indexOf('?');
    const address = decode(q < 0 ? rest : rest.slice(0, q));
    if (address.includes('@')) return { kind: 'mailto', href: h, address };
  }
  if (h.startsWith('@') && h.length > 1)
    return { kind: 'label', href: h, label: decode(h.slice(1)) };
  if (h.startsWith('!') && h.length > 1) return { kind: 'tag', href: h, tag: decode(h.slice(1)) };
  if (h.startsWith('$')) {
    // Only targets that would be safe as plain links may open in a new tab.
    const target = parseLink(h.slice(1));
    if (target.kind === 'external' || target.kind === 'internal') {
      return { kind: 'newtab', href: h, url: target.href };
    }
  }
  if (h.startsWith('^')) {
    const func = parseFuncLink(h);
    if (func) return { kind: 'func', href: h, ...func };
  }
  return { kind: 'other', href: h };
}

// Pictures a document importer keeps inline; other data: types (svg, html) are refused.
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);/i;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Whether an image source may reach the page, filtered as link targets are: an http(s) or site
 * address, an upload path or other path without a scheme, or an inline picture. `javascript:`,
 * `vbscript:`, `file:`, other `data:` types, any other scheme and protocol-relative `//host`
 * sources are refused. Tabs and line breaks, which browsers drop from a URL, are dropped first.
 */
export function isSafeImageSource(src: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers strip these before reading a URL
  const s = src.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  if (s === '') return false;
  if (DATA_IMAGE.test(s)) return true;
  if (/^[\\/]{2}/.test(s)) return false;
  const link = parseLink(s);
  if (link.kind === 'external' || link.kind === 'internal') return true;
  return !SCHEME.test(s);
}
