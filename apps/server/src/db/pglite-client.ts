/**
 * The PGlite client drizzle is given: the same database, without a cost drizzle's PGlite driver
 * adds to every query.
 *
 * drizzle keeps dates, timestamps and intervals as PostgreSQL's text (its column types decode
 * them) by passing a table of parsers with every query, and PGlite merges that table into its own
 * (a parser for each of several hundred types) on every query that passes one: a quarter of a
 * millisecond each, about 40% of a lookup by id. The client is made with the same parsers, so
 * what drizzle passes is what the client already does, and is dropped. A parser the client was
 * not made with (a later drizzle may add one) is passed on as before.
 */
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';

const asText = (value: string) => value;

/** drizzle's PGlite driver passes these with each query (drizzle-orm/pglite/session.js). */
export const TEXT_PARSERS: Record<number, (value: string) => string> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

function lean(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const oid in options.parsers) if (!(oid in TEXT_PARSERS)) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

/**
 * `client` (made with `parsers: TEXT_PARSERS`) for drizzle: the same client, whose queries and
 * transactions' queries drop the parsers it already has.
 */
export function drizzleClient(client: PGlite): PGlite {
  const query: PGlite['query'] = (text, params, options) =>
    client.query(text, params, lean(options));
  const transaction: PGlite['transaction'] = (callback) =>
    client.transaction((tx) => callback(leanTransaction(tx)));
  return new Proxy(client, {
    get: (target, key) => {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value.bind(target) as unknown) : value;
    },
  });
}

/** `tx` with drizzle's parsers dropped from its queries; the rest (`closed`, `rollback`) its own. */
function leanTransaction(tx: Transaction): Transaction {
  const query: Transaction['query'] = (text, params, options) =>
    tx.query(text, params, lean(options));
  return Object.assign(Object.create(tx) as Transaction, { query });
}
