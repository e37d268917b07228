/**
 * The words and the question flag Insight counts are kept with each note by the database, from
 * its text and labels: they say what core's wordCount and isQuestion say, for awkward texts too,
 * and follow the text when it changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { must } from '@listboard/core';
import { isQuestion, wordCount } from '@listboard/core/insight';
import { items } from '../src/db/schema';
import { Agent, createTestApp, type TestContext } from './harness';

let t: TestContext;
let reader: Agent;
let where: { listId: string; itemId: string };

const TEXTS: { text: string; labels?: { name: string; value: string }[] }[] = [
  { text: 'Two words' },
  { text: '  spaces   around   and between  ' },
  { text: 'tabs\tand\nnew lines\r\nand  more' },
  { text: 'Is this a question?' },
  { text: 'A question with space after?  \n' },
  { text: 'Not ? a question' },
  { text: 'Why two dates? #question #confused ' },
  { text: 'Asked?\t#question\n' },
  { text: 'Not asked? #tag and then words' },
  { text: 'Not asked? #' },
  { text: 'Typed so', labels: [{ name: 'Type', value: 'QUESTION' }] },
  { text: 'Typed otherwise', labels: [{ name: 'type', value: 'comment' }] },
  { text: 'é accents, ümlauts — and dashes' },
];

beforeAll(async () => {
  t = await createTestApp();
  reader = new Agent(t.app);
  await reader.signIn('reader');
  const author = new Agent(t.app);
  await author.signIn('author');
  const [course] = (
    await author.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json<{ lists: { _id: string; items: { _id: string }[] }[] }[]>();
  const list = must(course?.lists[0], 'the first list');
  where = { listId: list._id, itemId: must(list.items[0], 'its first item')._id };
});
afterAll(async () => t.close());

describe('the counts kept with each note', () => {
  it('say what core says of its words and whether it is a question, and follow an edit', async () => {
    const ids: string[] = [];
    for (const { text, labels } of TEXTS) {
      const res = await reader.post('/api/forms/insert_note', {
        ...where,
        noteSpec: { text },
        ...(labels ? { labels } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ itemId: string }>().itemId);
    }
    const rows = await t.database.db
      .select({
        text: items.text,
        labels: items.labels,
        wordCount: items.wordCount,
        isQuestion: items.isQuestion,
      })
      .from(items)
      .where(inArray(items.id, ids));
    expect(rows).toHaveLength(TEXTS.length);
    for (const r of rows) {
      expect(r.wordCount, r.text).toBe(wordCount(r.text));
      expect(r.isQuestion, r.text).toBe(isQuestion(r));
    }
    expect(rows.filter((r) => r.isQuestion).map((r) => r.text.trim())).toHaveLength(5);

    const first = must(ids[0], 'the first note');
    await t.database.db.update(items).set({ text: 'Now three words?' }).where(eq(items.id, first));
    const [edited] = await t.database.db
      .select({ wordCount: items.wordCount, isQuestion: items.isQuestion })
      .from(items)
      .where(eq(items.id, first));
    expect(edited).toEqual({ wordCount: 3, isQuestion: true });
  });
});
