import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleClient, TEXT_PARSERS } from './pglite-client';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create({ parsers: TEXT_PARSERS });
});
afterAll(async () => client.close());

/** The options of each query the client is asked, as PGlite receives them. */
function spy() {
  const seen: unknown[] = [];
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: unknown) => {
    seen.push(options);
    return query(text, params, options as never);
  }) as PGlite['query'];
  return { seen, restore: () => (client.query = query) };
}

describe('the PGlite client drizzle is given', () => {
  it('drops the parsers drizzle passes with each query, the client already having them', async () => {
    const db = drizzle(drizzleClient(client));
    const { seen, restore } = spy();
    try {
      const rows = await db.execute<{ at: unknown }>(
        sql`select timestamptz '2026-01-02 03:04:05+00' as at`,
      );
      // drizzle keeps timestamps as PostgreSQL's text; the client, made with the same parsers, does.
      expect(rows.rows[0]?.at).toBe('2026-01-02 03:04:05+00');
      expect(seen).toHaveLength(1);
      expect(seen[0]).not.toHaveProperty('parsers');
    } finally {
      restore();
    }
  });

  it('does so inside a transaction too', async () => {
    const db = drizzle(drizzleClient(client));
    // What each query inside a transaction passes to PGlite's transaction.
    const seen: unknown[] = [];
    const transaction = client.transaction.bind(client);
    client.transaction = ((callback: (tx: Transaction) => Promise<unknown>) =>
      transaction((tx) => {
        const query = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: unknown) => {
          seen.push(options);
          return query(text, params, options as never);
        }) as Transaction['query'];
        return callback(tx);
      })) as PGlite['transaction'];
    try {
      const at = await db.transaction(async (tx) => {
        const r = await tx.execute<{ at: unknown }>(sql`select date '2026-01-02' as at`);
        return r.rows[0]?.at;
      });
      expect(at).toBe('2026-01-02');
      expect(seen).toHaveLength(1);
      expect(seen[0]).not.toHaveProperty('parsers');
    } finally {
      client.transaction = transaction;
    }
  });

  it('passes on a parser the client was not made with', async () => {
    const lean = drizzleClient(client);
    const r = await lean.query<{ n: unknown }>('select 41 as n', [], {
      parsers: { [types.INT4]: (v: string) => Number(v) + 1 },
    });
    expect(r.rows[0]?.n).toBe(42);
  });
});
