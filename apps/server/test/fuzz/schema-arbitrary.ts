/**
 * Request bodies for fuzzing, made from a route's own JSON schema (the OpenAPI document the app
 * publishes): mostly the right shape, with values from the awkward corners of each type, and
 * now and then the wrong type altogether, a key that tries to reach an object's prototype, or
 * an id of a real row so the call gets past "not found" and into its logic.
 */
import fc, { type Arbitrary } from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
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
  '\u202e\u0041\u0042',
  '\ufeff',
  'e\u0301\u0301\u0301',
  '🧑🏽‍🏫👩‍👩‍👧‍👦',
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

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype'];

const nastyString = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
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
  /** Real names (users, groups) to use for short strings now and then. */
  names: string[];
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
  const options: { weight: number; arbitrary: Arbitrary<unknown> }[] = [
    { weight: 3, arbitrary: nastyString },
    // Just past the limit, so the check of the limit itself runs.
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.min(max + 1, 200_000))) },
    { weight: 1, arbitrary: edgeNumber },
  ];
  if (schema.format === 'uuid' && opts.ids.length) {
    options.push(
      { weight: 8, arbitrary: fc.constantFrom(...opts.ids) },
      { weight: 2, arbitrary: fc.uuid() },
    );
  } else if (opts.names.length) {
    options.push({ weight: 2, arbitrary: fc.constantFrom(...opts.names) });
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
    const out = JSON.parse(JSON.stringify(k ?? {})) as Record<string, unknown>;
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
