/**
 * A text search as a tsquery built from SQL functions over bound parameters, so nothing the user
 * types is ever spliced into query text. Matches the configuration of items.search_vector
 * (listboard_search: simple, with accents taken off each word), which lets the GIN index answer it.
 */
import { sql, type SQL } from 'drizzle-orm';

export type Term =
  | { kind: 'word'; text: string; prefix: boolean }
  | { kind: 'phrase'; text: string }
  | { kind: 'not'; term: Term }
  | { kind: 'or'; terms: Term[] };

/** Letters and digits of any script; what the simple parser keeps as lexemes. */
const piecesOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Chinese and Japanese characters (kana, CJK ideographs, half-width katakana), which write words
 * without spaces between them, and Korean syllables, whose endings are written onto their words:
 * migration 0019 adds each run of them to an item's vector as its overlapping pairs of characters
 * and its last character. The same characters as there.
 */
const CJK =
  '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff66-\\uff9f\\uac00-\\ud7a3';
const CJK_RUNS = new RegExp(`([${CJK}]+)`, 'u');

/**
 * A term holding such characters as the vector holds them: each run of them as its
 * pairs of characters (`join`: one after another, or merely all there for the week index, which
 * keeps no positions), a lone character as itself or any pair it starts; the words between runs
 * as themselves. All of them are asked for. Null for a term without such characters.
 */
function cjkQuery(text: string, prefix: boolean, join: '<->' | '&'): SQL | null {
  const parts = text.split(CJK_RUNS);
  if (parts.length === 1) return null;
  const groups = parts.flatMap((part, i) => {
    if (i % 2 === 0) return piecesOf(part).map((w) => ({ lexemes: [w], prefix: false }));
    const chars = Array.from(part);
    // A lone character: itself (a run's last) or the first of any pair.
    if (chars.length === 1) return [{ lexemes: [part], prefix: true }];
    return [{ lexemes: chars.slice(1).map((c, at) => `${chars[at]}${c}`), prefix: false }];
  });
  const last = groups.at(-1);
  if (prefix && last) last.prefix = true;
  // Pieces are letters and digits only, so this text is always valid tsquery syntax.
  const query = groups
    .map(({ lexemes, prefix: open }) => {
      const quoted = lexemes.map((l, k) => `'${l}'${open && k === lexemes.length - 1 ? ':*' : ''}`);
      return `(${quoted.join(` ${join} `)})`;
    })
    .join(' & ');
  return sql`to_tsquery('listboard_search', ${query})`;
}

/**
 * Reads `"a phrase"`, `word`, `word*` (prefix), `-word` (not) and `a or b`; everything else is
 * an implicit AND. Unbalanced quotes run to the end.
 */
export function parseTextQuery(input: string): Term[] {
  const raw: (Term | 'or')[] = [];
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  for (let m = re.exec(input); m; m = re.exec(input)) {
    let term: Term | null = null;
    if (m[2] !== undefined) {
      if (piecesOf(m[2]).length) term = { kind: 'phrase', text: m[2] };
      if (term && m[1]) term = { kind: 'not', term };
    } else {
      let word = m[3] ?? '';
      if (word.toLowerCase() === 'or') {
        raw.push('or');
        continue;
      }
      const negated = word.startsWith('-') && word.length > 1;
      if (negated) word = word.slice(1);
      const prefix = word.endsWith('*');
      if (prefix) word = word.replace(/\*+$/, '');
      if (piecesOf(word).length) term = { kind: 'word', text: word, prefix };
      if (term && negated) term = { kind: 'not', term };
    }
    if (term) raw.push(term);
  }
  const terms: Term[] = [];
  for (const [i, t] of raw.entries()) {
    if (t === 'or') continue;
    const prev = terms[terms.length - 1];
    if (raw[i - 1] === 'or' && prev) {
      terms[terms.length - 1] =
        prev.kind === 'or'
          ? { kind: 'or', terms: [...prev.terms, t] }
          : { kind: 'or', terms: [prev, t] };
    } else terms.push(t);
  }
  return terms;
}

function termQuery(t: Term): SQL {
  switch (t.kind) {
    case 'phrase':
      return cjkQuery(t.text, false, '<->') ?? sql`phraseto_tsquery('listboard_search', ${t.text})`;
    case 'word': {
      const cjk = cjkQuery(t.text, t.prefix, '<->');
      if (cjk) return cjk;
      if (!t.prefix) return sql`plainto_tsquery('listboard_search', ${t.text})`;
      // Pieces are letters and digits only, so this text is always valid tsquery syntax.
      const pieces = piecesOf(t.text);
      return sql`to_tsquery('listboard_search', ${`${pieces.join(' <-> ')}:*`})`;
    }
    case 'not':
      return sql`(!! ${termQuery(t.term)})`;
    case 'or':
      return sql`(${sql.join(t.terms.map(termQuery), sql` || `)})`;
  }
}

/** The tsquery of a search string, or null when it holds no searchable word. */
export function textQuery(input: string): SQL | null {
  const terms = parseTextQuery(input);
  if (terms.length === 0) return null;
  return sql`(${sql.join(terms.map(termQuery), sql` && `)})`;
}

/**
 * What every match of a search string must hold, as a tsquery of plain words joined by AND and
 * OR: each phrase as its words, each prefix's pieces each, and no negated term (a negation says
 * what a match lacks, never what it has). Null when nothing is required: a string of negations
 * only, say. Matches of the string are a part of its matches; the week index answers it
 * (search/weeks.ts), since a tsquery of words alone needs no positions.
 */
export function requiredTextQuery(input: string): SQL | null {
  const required = (t: Term): SQL | null => {
    switch (t.kind) {
      case 'phrase':
        return cjkQuery(t.text, false, '&') ?? sql`plainto_tsquery('listboard_search', ${t.text})`;
      case 'word': {
        const cjk = cjkQuery(t.text, t.prefix, '&');
        if (cjk) return cjk;
        return t.prefix
          ? sql`to_tsquery('listboard_search', ${`${piecesOf(t.text).join(' & ')}:*`})`
          : sql`plainto_tsquery('listboard_search', ${t.text})`;
      }
      case 'not':
        return null;
      case 'or': {
        const each = t.terms.map(required);
        return each.every((q): q is SQL => q !== null) ? sql`(${sql.join(each, sql` || `)})` : null;
      }
    }
  };
  const terms = parseTextQuery(input)
    .map(required)
    .filter((q): q is SQL => q !== null);
  return terms.length ? sql`(${sql.join(terms, sql` && `)})` : null;
}
