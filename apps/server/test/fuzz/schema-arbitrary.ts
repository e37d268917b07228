/**
 * Request bodies for fuzzing, made from a route's own JSON schema (the OpenAPI document the app
 * publishes): mostly the right shape, with values from the awkward corners of each type (text
 * from all of Unicode, with lone surrogates, NUL, right-to-left text and emoji, and now and then
 * a megabyte of it), and now and then the wrong type altogether, a key that tries to reach an
 * object's prototype, or an id of a real row so the call gets past "not found" and into its
 * logic.
 */
import fc, { type Arbitrary } from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  nullable?: boolean;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
}

/** Strings that break naive code: control characters, lone surrogates, RTL marks, HTML. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  '\ude00\ud83d',
  '\u202e\u0041\u0042',
  '\u2067שלום עולם\u2069 مرحبا',
  '\ufeff',
  'e\u0301\u0301\u0301',
  '🧑🏽‍🏫👩‍👩‍👧‍👦',
  '🇺🇦🏳️‍🌈',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; drop table items; --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-0',
  'http://127.0.0.1:1/',
  'file:///etc/passwd',
];

/** Bidirectional controls, right-to-left letters, combining marks and emoji sequences. */
const SCRIPT_CORNERS = [
  '\u202e',
  '\u202d',
  '\u200f',
  '\u200e',
  '\u2067',
  '\u2069',
  '\u061c',
  'א',
  'ש',
  'ع',
  'م',
  'ی',
  '\u0301',
  '\u0327',
  '\u200d',
  '\ufe0f',
  '😀',
  '👍🏾',
  '👩‍💻',
  '🏳️‍⚧️',
  '🇯🇵',
];

/** One whole character from anywhere in Unicode, leaning towards the awkward ones. */
const storableChar = fc.oneof(
  { weight: 40, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 10, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.constantFrom(...SCRIPT_CORNERS) },
);

/** Any character at all: now and then a lone surrogate or a NUL, which cannot be stored. */
const unicodeChar = fc.oneof(
  { weight: 54, arbitrary: storableChar },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);

/** About a megabyte of text (1,048,576 UTF-16 units or more), in a few shapes. */
const MEGABYTE = 1 << 20;
const huge = (unit: string, tail = '') => unit.repeat(Math.ceil(MEGABYTE / unit.length)) + tail;
let hugeStrings: string[] | undefined;
const hugeString = fc.integer({ min: 0, max: 4 }).map((i) => {
  hugeStrings ??= [
    huge('x'),
    huge('שלום ‮עולם '),
    huge('👩‍👩‍👧‍👦'),
    huge('plain text ', '\u0000'),
    huge('e\u0301', '\ud800'),
  ];
  return hugeStrings[i] ?? '';
});

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

const nastyString = fc.oneof(
  { weight: 40, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 60, arbitrary: fc.string({ unit: unicodeChar, maxLength: 40 }) },
  { weight: 20, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const edgeNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 2 ** 31, -(2 ** 31), 2 ** 53, -(2 ** 53), 1e308, -1e308, 0.5),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Anything JSON can carry, including deep and odd shapes. */
const anyJson: Arbitrary<unknown> = fc.jsonValue({ maxDepth: 4 });

export interface ArbitraryOptions {
  /** Real ids to use for uuid fields, so calls reach past their lookups. */
  ids: string[];
  /** Real ids of the kind a field's name asks for (listId: lists), for well-formed bodies. */
  idsFor?: (key: string) => string[];
  /** Real names (users, groups) to use for short strings now and then. */
  names: string[];
  /** Weight of a megabyte string among a string field's values (0: never; 1: about 1 in 600). */
  huge?: number;
}

export function fromSchema(
  schema: JsonSchema | undefined,
  opts: ArbitraryOptions,
): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 8, arbitrary: shaped(schema, opts) },
    { weight: 1, arbitrary: anyJson },
  );
}

function shaped(schema: JsonSchema | undefined, opts: ArbitraryOptions): Arbitrary<unknown> {
  if (!schema) return anyJson;
  const base = shapedNonNull(schema, opts);
  return schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
}

function shapedNonNull(schema: JsonSchema, opts: ArbitraryOptions): Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => fromSchema(s, opts)));
  if (schema.enum)
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, nastyString);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, opts);
    case 'integer':
    case 'number': {
      const lo = schema.minimum ?? schema.exclusiveMinimum ?? -1000;
      const hi = schema.maximum ?? 1000;
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -1e6), max: Math.min(hi, 1e6) }) },
        edgeNumber,
        nastyString,
      );
    }
    case 'boolean':
      return fc.oneof({ weight: 4, arbitrary: fc.boolean() }, fc.constantFrom(0, 1, 'true', null));
    case 'array': {
      const item = fromSchema(schema.items, opts);
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(item, { maxLength: Math.min(schema.maxItems ?? 5, 5) }) },
        fc.array(item, {
          minLength: (schema.maxItems ?? 100) + 1,
          maxLength: (schema.maxItems ?? 100) + 1,
        }),
        item,
      );
    }
    case 'object':
    default:
      return objectFor(schema, opts);
  }
}

function stringFor(schema: JsonSchema, opts: ArbitraryOptions): Arbitrary<unknown> {
  const max = schema.maxLength ?? 1000;
  // Weights out of about 600, so a megabyte string (weight opts.huge) stays a rare, costly case.
  const options: { weight: number; arbitrary: Arbitrary<unknown> }[] = [
    { weight: 180, arbitrary: nastyString },
    // Just past the limit, so the check of the limit itself runs; seldom when that is long.
    {
      weight: max < 10_000 ? 60 : 6,
      arbitrary: fc.constant('x'.repeat(Math.min(max + 1, 200_000))),
    },
    { weight: 60, arbitrary: edgeNumber },
  ];
  if (opts.huge) options.push({ weight: opts.huge, arbitrary: hugeString });
  if (schema.format === 'uuid' && opts.ids.length) {
    options.push(
      { weight: 480, arbitrary: fc.constantFrom(...opts.ids) },
      { weight: 120, arbitrary: fc.uuid() },
    );
  } else if (opts.names.length) {
    options.push({ weight: 120, arbitrary: fc.constantFrom(...opts.names) });
  }
  return fc.oneof(...options);
}

function objectFor(schema: JsonSchema, opts: ArbitraryOptions): Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) model[k] = fromSchema(s, opts);
  const known = fc.record(model, {
    requiredKeys: Object.keys(props).filter((k) => required.has(k)),
  });
  // Extra keys: prototype-reaching ones, written as own keys the way JSON.parse makes them.
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...POLLUTING_KEYS), fc.string({ maxLength: 8 })),
    fc.oneof(anyJson, fc.constant({ polluted: true })),
    { maxKeys: 2 },
  );
  return fc.tuple(known, fc.option(extra, { freq: 4 })).map(([k, e]) => {
    if (!e) return k;
    const out = JSON.parse(JSON.stringify(k)) as Record<string, unknown>;
    for (const [key, v] of Object.entries(e)) {
      // An own key named __proto__, as JSON.parse would make it from an attacker's body.
      Object.defineProperty(out, key, {
        value: v,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return out;
  });
}

/**
 * A value that fits the schema: required keys present, strings of whole characters within their
 * lengths and patterns, numbers within their bounds, ids of the kind the field names. Such bodies
 * get past validation, so the calls' own logic (and their writes) run.
 */
export function wellFormed(
  schema: JsonSchema | undefined,
  opts: ArbitraryOptions,
  key = '',
): Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  const base = wellFormedNonNull(schema, opts, key);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: base }, fc.constant(null)) : base;
}

function wellFormedNonNull(schema: JsonSchema, opts: ArbitraryOptions, key: string) {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => wellFormed(s, opts, key)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return wellFormedString(schema, opts, key);
    case 'integer':
    case 'number': {
      const lo = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1001) + 1, -1000);
      const hi = Math.max(lo, Math.min(schema.maximum ?? 1000, 1000));
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
        : fc.double({ min: lo, max: hi, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(wellFormed(schema.items, opts, key), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object':
    default: {
      const props = schema.properties ?? {};
      const model: Record<string, Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(props)) model[k] = wellFormed(s, opts, k);
      const required = new Set(schema.required ?? []);
      return fc.record(model, {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
  }
}

function wellFormedString(schema: JsonSchema, opts: ArbitraryOptions, key: string) {
  if (schema.format === 'uuid') {
    const ids = opts.idsFor?.(key) ?? opts.ids;
    return ids.length ? fc.constantFrom(...ids) : fc.uuid();
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((v) => v.length >= minLength && v.length <= (schema.maxLength ?? Infinity));
  }
  const text = fc
    .string({ unit: storableChar, minLength, maxLength })
    .filter((v) => v.length <= (schema.maxLength ?? Infinity));
  const names = opts.names.filter(
    (n) => n.length >= minLength && n.length <= (schema.maxLength ?? Infinity),
  );
  return names.length
    ? fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(...names) })
    : text;
}
