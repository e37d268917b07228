/**
 * Walks a route's JSON schema (from the OpenAPI document) for the places a string can go, and
 * builds a body with a chosen value at one of them: the unstorable-text test puts a NUL or a lone
 * surrogate into every string field of every route this way.
 */
import type { JsonSchema } from './schema-arbitrary';

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type[0] : s.type);

/** Paths (keys and array indexes) of every string field; an array's strings are at index 0. */
export function stringFieldPaths(schema: JsonSchema | undefined, depth = 0): string[][] {
  if (!schema || depth > 8) return [];
  if (schema.anyOf) {
    const seen = new Set<string>();
    return schema.anyOf
      .flatMap((s) => stringFieldPaths(s, depth))
      .filter((p) => {
        const key = JSON.stringify(p);
        return seen.has(key) ? false : (seen.add(key), true);
      });
  }
  switch (typeOf(schema)) {
    case 'string':
      return [[]];
    case 'array':
      return stringFieldPaths(schema.items, depth + 1).map((p) => ['0', ...p]);
    case 'object': {
      const out = Object.entries(schema.properties ?? {}).flatMap(([k, s]) =>
        stringFieldPaths(s, depth + 1).map((p) => [k, ...p]),
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        out.push(...stringFieldPaths(extra, depth + 1).map((p) => ['extra', ...p]));
      }
      return out;
    }
    default:
      return [];
  }
}

/** Plausible values for the fields a schema requires: strings by name, ids from `idFor`. */
export function plausible(
  schema: JsonSchema | undefined,
  idFor: (key: string) => string,
  key = '',
): unknown {
  if (!schema) return undefined;
  if (schema.anyOf)
    return plausible(
      schema.anyOf.find((s) => s.type !== 'null'),
      idFor,
      key,
    );
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      return schema.format === 'uuid' ? idFor(key) : 'plain text';
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum ?? -1) + 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of schema.required ?? []) out[k] = plausible(schema.properties?.[k], idFor, k);
      return out;
    }
    default:
      return undefined;
  }
}

/** The plausible body with `value` at `path`, making the objects and arrays on the way. */
export function bodyWith(
  schema: JsonSchema | undefined,
  path: string[],
  value: unknown,
  idFor: (key: string) => string,
): unknown {
  if (path.length === 0) return value;
  const base = plausible(schema, idFor);
  const root: Record<string, unknown> =
    base && typeof base === 'object' ? (base as Record<string, unknown>) : {};
  let node: Record<string, unknown> | unknown[] = root;
  path.forEach((key, i) => {
    const last = i === path.length - 1;
    const indexNext = /^\d+$/.test(path[i + 1] ?? '');
    const next = last ? value : indexNext ? [] : {};
    const here = (node as Record<string, unknown>)[key];
    const keep = !last && here && typeof here === 'object' && !Array.isArray(here) && !indexNext;
    if (!keep) (node as Record<string, unknown>)[key] = next;
    node = (node as Record<string, unknown>)[key] as Record<string, unknown>;
  });
  return root;
}
