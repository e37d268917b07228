/**
 * Titles that look the same give one address: typed composed or decomposed, full-width, or with
 * characters that show nothing. A second such board is refused, a link typed either way opens
 * the board, and addresses stored before this rule (migration 0015) are brought to it.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let author: Agent;
let reader: Agent;

beforeAll(async () => {
  t = await createTestApp();
  author = new Agent(t.app);
  await author.signIn('author');
  reader = new Agent(t.app);
  await reader.signIn('reader');
});
afterAll(async () => t.close());

const titleAt = async (a: Agent, address: string) =>
  (await a.post('/api/dbload/load_multilists', { addresses: [address] })).json()[0]?.title;
const make = (titleText: string) =>
  author.post('/api/forms/insert_multilist', { titleText, listed: true });

const vietnamese = 'Tiếng Việt lớp 5';

describe('titles that look the same', () => {
  it('are one address: the second board is refused, and a link typed either way opens the first', async () => {
    expect((await make(vietnamese.normalize('NFC'))).statusCode).toBe(200);
    const again = await make(vietnamese.normalize('NFD'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      `You already have a board at /author/${'tiếng-việt-lớp-5'.normalize('NFC')}.`,
    );
    for (const typed of ['NFC', 'NFD'] as const)
      expect(await titleAt(reader, `/author/${vietnamese.normalize(typed)}`)).toBe(
        vietnamese.normalize('NFC'),
      );

    expect((await make('Kurs')).statusCode).toBe(200);
    for (const lookalike of ['Ku\u00ADrs', 'Ku\u034Frs', 'Ku\u200Brs', 'Ｋｕｒｓ']) {
      expect((await make(lookalike)).statusCode, lookalike).toBe(409);
      expect(await titleAt(reader, `/author/${lookalike}`), lookalike).toBe('Kurs');
    }
  });

  it('stored before the rule are brought to it, the older board keeping a shared address and the newer one given its own', async () => {
    const older = (await make('Phở notes')).json().multilistId;
    const newer = (await make('Phở notes, again')).json().multilistId;
    const decomposed = 'phở-notes'.normalize('NFD');
    const db = t.database.db;
    // As the rule before made them: the title's letters as typed (here decomposed), and two
    // boards whose addresses differ only so.
    await db.execute(sql`update multilists set ptitle = ${decomposed} where id = ${older}`);
    await db.execute(
      sql`update multilists set ptitle = ${`${decomposed}\u034F`}, created = now() + interval '1 second' where id = ${newer}`,
    );
    await db.execute(
      sql`insert into board_moves (owner, ptitle, multilist_id) values ('author', ${'old-phở'.normalize('NFD')}, ${older})`,
    );
    const migration = fs.readFileSync(
      new URL('../drizzle/0015_same_looking_addresses.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await db.execute(sql.raw(statement));

    for (const typed of ['NFC', 'NFD'] as const)
      expect(await titleAt(reader, `/author/${'Phở notes'.normalize(typed)}`)).toBe('Phở notes');
    // The newer board, whose address would now be the older one's, has its own beside it.
    const suffix = newer.slice(0, 8);
    expect(await titleAt(reader, `/author/phở-notes-${suffix}`)).toBe('Phở notes, again');
    const moved = await reader.post('/api/dbload/moved_boards', { addresses: ['/author/old-phở'] });
    expect(moved.json()).toEqual([
      {
        from: `/author/${'old-phở'.normalize('NFC')}`,
        to: `/author/${'phở-notes'.normalize('NFC')}`,
      },
    ]);
  });
});
