/**
 * insertColumns (db/insert-columns.ts) writes rows as one array per column: every value must come
 * back exactly as written, on either driver, whatever is in it: the characters an array's text
 * form quotes or escapes (commas, braces, quotes, backslashes, the word NULL, blanks), JSON,
 * text arrays empty and null, and nulls; and rows left to their defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { insertColumns } from '../src/db/insert-columns';
import { blocks, items, lists } from '../src/db/schema';
import { createTestApp, type TestContext } from './harness';

let t: TestContext;
let listId: string;
let multilistId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [list] = await t.database.db.select().from(lists).limit(1);
  listId = list!.id;
  multilistId = list!.multilistId;
});
afterAll(async () => t.close());

const AWKWARD = [
  'plain',
  'a, b',
  '{braced}',
  'say "quoted"',
  'back\\slash \\" both',
  'NULL',
  '',
  ' spaced ',
  'line\nbreak\ttab',
  'émoji 🎓 and العربية',
];

describe('insertColumns', () => {
  it('writes rows whose every value comes back as written, on either driver', async () => {
    const db = t.database.db;
    const made = await insertColumns(
      db,
      items,
      AWKWARD.map((text, i) => ({
        listId,
        multilistId,
        index: 1000 + i,
        owner: 'author',
        author: 'author',
        text,
        labels: [{ name: text, value: `{"${text}"}` }],
        flags: i % 2 ? { [text]: true } : {},
        isPrivate: i % 3 === 0,
        hint: i % 2 ? null : text,
      })),
      ['id', 'index'],
    );
    expect(made.map((r) => r.index).sort((a, b) => a - b)).toEqual(AWKWARD.map((_, i) => 1000 + i));
    const back = await db
      .select()
      .from(items)
      .where(
        inArray(
          items.id,
          made.map((r) => r.id),
        ),
      )
      .orderBy(asc(items.index));
    expect(back.map((r) => r.text)).toEqual(AWKWARD);
    expect(back.map((r) => r.labels)).toEqual(AWKWARD.map((s) => [{ name: s, value: `{"${s}"}` }]));
    expect(back.map((r) => r.flags)).toEqual(AWKWARD.map((s, i) => (i % 2 ? { [s]: true } : {})));
    expect(back.map((r) => r.isPrivate)).toEqual(AWKWARD.map((_, i) => i % 3 === 0));
    expect(back.map((r) => r.hint)).toEqual(AWKWARD.map((s, i) => (i % 2 ? null : s)));
    // Columns no row gave take their defaults.
    expect(back.every((r) => r.version === 1 && r.annotationClass === 'none')).toBe(true);

    const itemId = made[0]!.id;
    const refs = [AWKWARD, [], null, ['NULL'], ['a,b', '{c}']];
    await insertColumns(
      db,
      blocks,
      refs.map((boardRefs, index) => ({
        itemId,
        index,
        text: AWKWARD[index]!,
        type: 'mdtext',
        boardRefs,
        range: index % 2 ? { start: index, end: index + 0.5 } : null,
        isUpload: index === 2,
      })),
    );
    const blockRows = await db
      .select()
      .from(blocks)
      .where(eq(blocks.itemId, itemId))
      .orderBy(asc(blocks.index));
    expect(blockRows.map((b) => b.boardRefs)).toEqual(refs);
    expect(blockRows.map((b) => b.range)).toEqual(
      refs.map((_, i) => (i % 2 ? { start: i, end: i + 0.5 } : null)),
    );
    expect(blockRows.map((b) => b.isUpload)).toEqual(refs.map((_, i) => i === 2));
    expect(blockRows.map((b) => b.text)).toEqual(AWKWARD.slice(0, refs.length));
  });

  it('writes nothing for no rows', async () => {
    expect(await insertColumns(t.database.db, blocks, [], ['id'])).toEqual([]);
  });
});
