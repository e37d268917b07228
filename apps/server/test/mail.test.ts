import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Multilist } from '@listboard/core';
import { and, eq } from 'drizzle-orm';
import { alertDigests, auditLog, users } from '../src/db/schema';
import { createMailer } from '../src/mail/mailer';
import { sendDueReminders } from '../src/services/insight/due-reminders';
import { DIGEST_MAX, sendAlertDigests } from '../src/services/notes/digest';
import { whyGroupAlerted } from '../src/services/notes/group-alerts';
import { hashPassword } from '../src/lib/passwords';
import { Agent, SEED_PASSWORD, createTestApp, type TestContext } from './harness';
import { freePort } from './postgres-server';

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
let t: TestContext;
let course: Multilist;
/** ALERT_MAIL_RATE_LIMIT here: above what the other tests mail the board's owner. */
const ALERT_LIMIT = 16;

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        // Undo quoted-printable soft breaks and escapes, as a mail client would.
        const decoded = raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decoded });
        done();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'https://boards.example.edu',
    ALERT_MAIL_RATE_LIMIT: String(ALERT_LIMIT),
    // Each test signs its people in anew: more than the default ten sign-ins a minute.
    SIGNIN_RATE_LIMIT: '100',
  });
  const a = new Agent(t.app);
  await a.signIn('author');
  course = (
    await a.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
  ).json()[0]!;
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const waitFor = async (pred: () => boolean) => {
  for (let i = 0; i < 100 && !pred(); i++) await new Promise((r) => setTimeout(r, 50));
  return pred();
};

describe('mail through a real SMTP server', () => {
  it('tells the board author of a new reader note, with a link to Discussion', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const tip = course.lists[1]!.items[0]!;
    const res = await reader.post('/api/forms/insert_note', {
      listId: tip.listId,
      itemId: tip._id,
      noteSpec: { text: 'Who funds this outlet?' },
    });
    expect(res.statusCode).toBe(200);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const mail = inbox.shift()!;
    expect(mail.to).toEqual(['author@listboard.local']);
    expect(mail.raw).toContain('Who funds this outlet?');
    expect(mail.raw).toContain('https://boards.example.edu/author/home?code=pending');
    // And a link to the note itself, which opens its item with the note in view.
    expect(mail.raw).toContain(
      `https://boards.example.edu/author/home;course#note-${res.json().itemId}`,
    );
    // Why it came, and the profile page where such mail is turned off.
    expect(mail.raw).toContain(
      'you can turn them off there, or have them in one mail a day: https://boards.example.edu/author/home?code=profile',
    );
  });

  it('writes a note’s links out in full, as a plain-text mail must', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const tip = course.lists[1]!.items[1]!;
    const res = await reader.post('/api/forms/insert_note', {
      listId: tip.listId,
      itemId: tip._id,
      noteSpec: {
        text: 'Compare [the \\[Tip\\] list](/author/course#tip) with **[a site](https://example.org/a)**.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const mail = inbox.shift()!;
    expect(mail.raw).toContain(
      'Compare the [Tip] list (https://boards.example.edu/author/course#tip) with **a site (https://example.org/a)**.',
    );
  });

  it('sends no alert for a private note', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const tip = course.lists[1]!.items[1]!;
    await reader.post('/api/forms/insert_note', {
      listId: tip.listId,
      itemId: tip._id,
      noteSpec: { text: 'just for me' },
      isPrivate: true,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(0);
  });

  it('sends the owner no alert for a note they may not see: one on a coauthor’s private item', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const shared = await author.post('/api/forms/add_coauthor', {
      title: course.title,
      owner: 'author',
      username: 'demo',
    });
    expect(shared.statusCode).toBe(200);
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const listId = course.lists[1]!._id;
    const mine = await demo.post('/api/forms/insert_item', {
      listId,
      text: 'My own reading list',
      isPrivate: true,
    });
    expect(mine.statusCode).toBe(200);
    // Marked contributor-only, demo no longer answers the board's notes: theirs wait for the
    // owner's answer, as a reader's do.
    await author.post('/api/forms/add_coauthor', {
      title: course.title,
      owner: 'author',
      username: 'demo',
      contributorOnly: true,
    });
    const hidden = await demo.post('/api/forms/insert_note', {
      listId,
      itemId: mine.json().itemId,
      noteSpec: { text: 'Finish chapter four before Friday' },
    });
    expect(hidden.statusCode).toBe(200);
    // A note the owner may see, after it: the one mail that comes.
    const tip = course.lists[1]!.items[0]!;
    await demo.post('/api/forms/insert_note', {
      listId,
      itemId: tip._id,
      noteSpec: { text: 'A source for this one?' },
    });
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.raw).toContain('A source for this one?');
    expect(inbox.some((m) => m.raw.includes('Finish chapter four'))).toBe(false);
    inbox.length = 0;
    await author.post('/api/forms/remove_coauthor', {
      title: course.title,
      owner: 'author',
      username: 'demo',
    });
  });

  it('tells each coauthor and editor of a new reader note too, pointing to their own Discussion; a contributor-only coauthor answers none and is not told', async () => {
    // A teaching assistant, whose profile asks for alerts.
    await t.database.db.insert(users).values({
      username: 'tara',
      email: 'tara@example.edu',
      roles: ['author'],
      fields: { emailAlerts: true },
    });
    const author = new Agent(t.app);
    await author.signIn('author');
    const where = { title: course.title, owner: 'author' };
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const tip = course.lists[1]!.items[0]!;
    const ask = (text: string) =>
      reader.post('/api/forms/insert_note', {
        listId: tip.listId,
        itemId: tip._id,
        noteSpec: { text },
      });
    try {
      expect(
        (await author.post('/api/forms/add_coauthor', { ...where, username: 'tara' })).statusCode,
      ).toBe(200);
      await ask('Is there a transcript?');
      expect(await waitFor(() => inbox.length >= 2)).toBe(true);
      const to = (address: string) => inbox.find((m) => m.to.includes(address))!.raw;
      expect(to('author@listboard.local')).toContain('wrote a note on your board');
      const coauthor = to('tara@example.edu');
      expect(coauthor).toContain('wrote a note on the board you coauthor');
      expect(coauthor).toContain('Is there a transcript?');
      expect(coauthor).toContain(
        'Discussion page: https://boards.example.edu/tara/home?code=pending&username=tara',
      );
      expect(coauthor).toContain(
        'in one mail a day: https://boards.example.edu/tara/home?code=profile',
      );
      expect(inbox).toHaveLength(2);
      inbox.length = 0;

      await author.post('/api/forms/add_coauthor', {
        ...where,
        username: 'tara',
        contributorOnly: true,
      });
      await ask('And slides?');
      expect(await waitFor(() => inbox.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(inbox.map((m) => m.to)).toEqual([['author@listboard.local']]);
      inbox.length = 0;

      // An editor answers the board's notes too, and is told as one.
      await author.post('/api/forms/set_member', {
        multilistId: course._id,
        username: 'tara',
        privileges: ['edit'],
      });
      await ask('And the handout?');
      expect(await waitFor(() => inbox.length >= 2)).toBe(true);
      expect(to('tara@example.edu')).toContain('wrote a note on the board you edit');
      inbox.length = 0;

      // A note by one who answers the board's notes waits for no answer: no one is told of it.
      await author.post('/api/forms/insert_note', {
        listId: tip.listId,
        itemId: tip._id,
        noteSpec: { text: 'The slides are up.' },
      });
      await ask('And the reading list?');
      expect(await waitFor(() => inbox.length >= 2)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(inbox.filter((m) => m.raw.includes('The slides are up.'))).toEqual([]);
      inbox.length = 0;
    } finally {
      await author.post('/api/forms/remove_coauthor', { ...where, username: 'tara' });
      inbox.length = 0;
    }
  });

  it('tells a note’s writer of a reply to it they may see, and of no other', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const author = new Agent(t.app);
    await author.signIn('author');
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const tip = course.lists[1]!.items[2]!;
    const on = { listId: tip.listId, itemId: tip._id };
    const asked = await reader.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Does a press release count as a source?' },
    });
    expect(asked.statusCode).toBe(200);
    const noteId: string = asked.json().itemId;
    // The board's owner is told of the note; that mail is not what this test reads.
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    inbox.length = 0;

    // Another reader's private reply, which the note's writer may not see, and the writer's own
    // reply: neither is mailed to the writer.
    const hidden = await demo.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Only my own reminder here', parentId: noteId },
      isPrivate: true,
    });
    expect(hidden.statusCode).toBe(200);
    const own = await reader.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Or a quote from one?', parentId: noteId },
    });
    expect(own.statusCode).toBe(200);
    // The author's answer: the one mail that comes.
    const answer = await author.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Only as a lead: find the data behind it.', parentId: noteId },
    });
    expect(answer.statusCode).toBe(200);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(1);
    const mail = inbox.shift()!;
    expect(mail.to).toEqual(['reader@listboard.local']);
    expect(mail.raw).toMatch(/replied to you on course/);
    expect(mail.raw).toContain('Only as a lead: find the data behind it.');
    // The conversation on the board: its note's address, the replies under it.
    expect(mail.raw).toContain(`https://boards.example.edu/author/home;course#note-${noteId}`);
    expect(mail.raw).not.toContain('Only my own reminder');
    expect(mail.raw).toContain(
      'you can turn them off there, or have them in one mail a day: https://boards.example.edu/reader/home?code=profile',
    );
  });

  it('tells the board’s author of a reader’s question after the answer, once, and of no private one', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const author = new Agent(t.app);
    await author.signIn('author');
    const tip = course.lists[1]!.items[2]!;
    const on = { listId: tip.listId, itemId: tip._id };
    const reply = (a: Agent, text: string, parentId: string, extra = {}) =>
      a.post('/api/forms/insert_note', { ...on, noteSpec: { text, parentId }, ...extra });
    const noteId: string = (
      await reader.post('/api/forms/insert_note', {
        ...on,
        noteSpec: { text: 'Who funded the survey in week 2?' },
      })
    ).json().itemId;
    const answerId: string = (await reply(author, 'A charity, named on page 3.', noteId)).json()
      .itemId;
    // The note's mail to the author, the answer's to the reader: not what this test reads.
    expect(await waitFor(() => inbox.length >= 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    inbox.length = 0;
    const toAuthor = () => inbox.filter((m) => m.to.includes('author@listboard.local'));

    // A private question asks no one, and is mailed to no one.
    expect(
      (await reply(reader, 'Which charity, though?', noteId, { isPrivate: true })).statusCode,
    ).toBe(200);
    // A question under the reader's own note: the author is told, as of a new note.
    expect((await reply(reader, 'Is the charity funded by the paper?', noteId)).statusCode).toBe(
      200,
    );
    expect(await waitFor(() => toAuthor().length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toHaveLength(1);
    const mail = toAuthor()[0]!.raw;
    expect(mail).toMatch(/asked again on course/);
    expect(mail).toContain('Is the charity funded by the paper?');
    expect(mail).not.toContain('Which charity, though?');
    expect(mail).toContain(
      'again: https://boards.example.edu/author/home?code=pending&username=author',
    );
    expect(mail).toContain(`https://boards.example.edu/author/home;course#note-${noteId}`);
    inbox.length = 0;

    // Answered again; the reader's question under the answer is one mail to its writer, who
    // answers the board's notes: told once, as a reply to them.
    expect((await reply(author, 'No: it is independent.', noteId)).statusCode).toBe(200);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    inbox.length = 0;
    expect((await reply(reader, 'How do you know that?', answerId)).statusCode).toBe(200);
    expect(await waitFor(() => toAuthor().length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(toAuthor()).toHaveLength(1);
    expect(toAuthor()[0]!.raw).toMatch(/replied to you on course/);
    inbox.length = 0;
  });

  it('tells each person a note, reply or annotation mentions (@name) who may see it, once, when their profile asks for alerts', async () => {
    const db = t.database.db;
    await db.insert(users).values([
      {
        username: 'mina',
        email: 'mina@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: true },
      },
      {
        username: 'nell',
        email: 'nell@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: true },
      },
      {
        username: 'pia',
        email: 'pia@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: true },
      },
      {
        username: 'otto',
        email: 'otto@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: false },
      },
    ]);
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const tip = course.lists[2]!.items[0]!;
    const on = { listId: tip.listId, itemId: tip._id };
    const settled = async (count: number) => {
      expect(await waitFor(() => inbox.length >= count)).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      const mails = inbox.splice(0);
      return new Map(mails.map((m) => [m.to.join(), m.raw]));
    };

    // The owner is told as the owner (once), mina and nell as mentioned; otto's profile asks for
    // no alerts, nobody is no one, an address and code mention no one, the writer not themself.
    // A name in other letters is the same person's (`@Mina` opening a sentence is mina).
    const asked = await reader.post('/api/forms/insert_note', {
      ...on,
      noteSpec: {
        text: '@Mina and @nell, is this the same poll? @Author @otto @nobody @Reader write to x@mina.edu, not `@demo`',
      },
    });
    expect(asked.statusCode).toBe(200);
    const noteId: string = asked.json().itemId;
    const first = await settled(3);
    expect([...first.keys()].sort()).toEqual([
      'author@listboard.local',
      'mina@example.edu',
      'nell@example.edu',
    ]);
    expect(first.get('author@listboard.local')).toContain('wrote a note on your board');
    const mina = first.get('mina@example.edu')!;
    expect(mina).toMatch(/Subject: Sam Lee mentioned you on course/);
    expect(mina).toContain('Sam Lee mentioned you in a note on the board');
    expect(mina).toContain('is this the same poll?');
    expect(mina).toContain(`https://boards.example.edu/author/home;course#note-${noteId}`);
    expect(mina).toContain(
      'mentions you: https://boards.example.edu/mina/home?code=mentions&username=mina',
    );
    expect(mina).toContain('in one mail a day: https://boards.example.edu/mina/home?code=profile');

    // Reworded to mention pia as well: pia is told, mina (named before) is not told again.
    const reworded = await reader.post('/api/forms/edit_item', {
      itemId: noteId,
      text: '@MINA, @pia: is this the same poll?',
    });
    expect(reworded.statusCode).toBe(200);
    const edited = await settled(1);
    expect([...edited.keys()]).toEqual(['pia@example.edu']);
    expect(edited.get('pia@example.edu')).toContain('mentioned you in a note');

    // A reply: the note's writer is told as the one replied to (once); mina, mentioned, is sent
    // to the conversation, its note's address.
    const replied = await demo.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Yes, same poll. @READER @mina see the footnote.', parentId: noteId },
    });
    expect(replied.statusCode).toBe(200);
    const second = await settled(2);
    expect([...second.keys()].sort()).toEqual(['mina@example.edu', 'reader@listboard.local']);
    expect(second.get('reader@listboard.local')).toMatch(/replied to you on course/);
    expect(second.get('mina@example.edu')).toContain('mentioned you in a reply on the board');
    expect(second.get('mina@example.edu')).toContain(`#note-${noteId}`);

    // An author's annotation may call a reader to it too.
    const author = new Agent(t.app);
    await author.signIn('author');
    const annotated = await author.post('/api/forms/insert_anno', {
      ...on,
      annoSpec: { text: '@mina: the margin of error is in the footnote.' },
    });
    expect(annotated.statusCode).toBe(200);
    const third = await settled(1);
    expect([...third.keys()]).toEqual(['mina@example.edu']);
    expect(third.get('mina@example.edu')).toContain('Maya Ortiz mentioned you in an annotation');

    // A private note is its writer's alone: whoever it names is told nothing.
    const kept = await reader.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Remember to ask @mina about this' },
      isPrivate: true,
    });
    expect(kept.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(inbox).toHaveLength(0);
  });

  it('tells a note’s writer when the author marks it answered or dismisses it, once each', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const author = new Agent(t.app);
    await author.signIn('author');
    const tip = course.lists[2]!.items[1]!;
    const asked = await reader.post('/api/forms/insert_note', {
      listId: tip.listId,
      itemId: tip._id,
      noteSpec: { text: 'Is the quiz open book?' },
    });
    expect(asked.statusCode).toBe(200);
    const noteId: string = asked.json().itemId;
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    inbox.length = 0;
    const mark = async (status: string) => {
      const r = await author.post('/api/forms/set_note_status', { itemId: noteId, status });
      expect(r.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
    };

    await mark('answered');
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const answered = inbox.shift()!;
    expect(answered.to).toEqual(['reader@listboard.local']);
    expect(answered.raw).toMatch(/Maya Ortiz marked your note answered on course/);
    expect(answered.raw).toContain('Is the quiz open book?');
    expect(answered.raw).toContain(`https://boards.example.edu/author/home;course#note-${noteId}`);
    // Set back to pending: nothing to tell. Then dismissed: told.
    await mark('pending');
    expect(inbox).toHaveLength(0);
    await mark('dismissed');
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    expect(inbox.shift()!.raw).toMatch(/Maya Ortiz dismissed your note on course/);
    // Dismissed again: no change, no mail.
    await mark('dismissed');
    expect(inbox).toHaveLength(0);
  });

  it('mails one person no more than ALERT_MAIL_RATE_LIMIT alerts an hour', async () => {
    const demo = new Agent(t.app);
    await demo.signIn('demo');
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const tip = course.lists[1]!.items[3]!;
    const on = { listId: tip.listId, itemId: tip._id };
    const asked = await demo.post('/api/forms/insert_note', {
      ...on,
      noteSpec: { text: 'Which week is this for?' },
    });
    expect(asked.statusCode).toBe(200);
    const toDemo = () => inbox.filter((m) => m.to.includes('demo@listboard.local')).length;
    for (let i = 1; i <= ALERT_LIMIT + 2; i++) {
      const r = await reader.post('/api/forms/insert_note', {
        ...on,
        noteSpec: { text: `Reply number ${i}`, parentId: asked.json().itemId },
      });
      // Every reply is kept; only the mail stops.
      expect(r.statusCode).toBe(200);
    }
    expect(await waitFor(() => toDemo() >= ALERT_LIMIT)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(toDemo()).toBe(ALERT_LIMIT);
    inbox.length = 0;
  });

  it('gathers the alerts of one whose profile asks for one mail a day: nothing at once, then one mail a day after the first, of each as it is then', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const gather = (on: boolean) =>
      author.post('/api/forms/edit_profile', { profile: { alertDigest: on } });
    expect((await gather(true)).statusCode).toBe(200);
    const db = t.database.db;
    const [me] = await db.select().from(users).where(eq(users.username, 'author'));
    const kept = async () =>
      (await db.select().from(alertDigests).where(eq(alertDigests.userId, me!.id))).length;
    const tip = course.lists[1]!.items[2]!;
    const on = { listId: tip.listId, itemId: tip._id };
    const write = async (text: string) =>
      (await reader.post('/api/forms/insert_note', { ...on, noteSpec: { text } })).json<{
        itemId: string;
      }>().itemId;
    inbox.length = 0;
    const first = await write('Gathered: which source?');
    const second = await write('Gathered: why this framing?');
    const third = await write('Gathered: and this one?');
    // Each alert is kept once its write's answer has gone (the call's after-work).
    for (let i = 0; i < 100 && (await kept()) < 3; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await kept()).toBe(3);
    // Nothing was mailed at once.
    expect(inbox.filter((m) => m.to.includes('author@listboard.local'))).toEqual([]);
    // Reworded since, and one withdrawn by its writer: the mail tells of them as they are then.
    await reader.post('/api/forms/edit_item', {
      itemId: first,
      text: 'Gathered: which source, exactly?',
    });
    await reader.post('/api/forms/delete_item', { itemId: second });
    const mail = { mailer: createMailer(t.config), publicUrl: t.config.PUBLIC_URL };
    const sweep = (hours: number) =>
      sendAlertDigests(db, mail, new Date(Date.now() + hours * 3600_000));
    // Not a day yet.
    expect(await sweep(23)).toBe(0);
    expect(await sweep(25)).toBe(1);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.map((m) => m.to)).toEqual([['author@listboard.local']]);
    const day = inbox.shift()!.raw;
    expect(day).toMatch(/Subject: Your Listboard alerts: 2 since \w+day, /);
    expect(day).toContain('New note on course from Sam Lee');
    expect(day).toContain('Gathered: which source, exactly?');
    expect(day).toContain('Gathered: and this one?');
    expect(day).not.toContain('which source?');
    expect(day).not.toContain('why this framing');
    expect(day).toContain(`https://boards.example.edu/author/home;course#note-${third}`);
    expect(day).toContain('https://boards.example.edu/author/home?code=pending&username=author');
    expect(day).toContain('your profile gathers e-mail alerts into one mail');
    // Once: the next sweep finds nothing kept.
    expect(await kept()).toBe(0);
    expect(await sweep(26)).toBe(0);
    const keptOne = async () => {
      for (let i = 0; i < 100 && (await kept()) < 1; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(await kept()).toBe(1);
    };
    // E-mail alerts turned off altogether: what was kept goes unsent, at the next sweep.
    const waiting = await write('Gathered, then no mail at all');
    await keptOne();
    // (One kind of alert stays on: text alerts, as the profile asks.)
    const textAlerts = me!.fields.textAlerts === true;
    const alerts = (on: boolean) =>
      author.post('/api/forms/edit_profile', {
        profile: { emailAlerts: on, textAlerts: on ? textAlerts : true },
      });
    expect((await alerts(false)).statusCode).toBe(200);
    expect(await sweep(0)).toBe(0);
    expect(await kept()).toBe(0);
    expect((await alerts(true)).statusCode).toBe(200);
    // Asked no longer: what was kept goes at the next sweep, not a day after its first, saying
    // why; the next note is mailed at once.
    const last = await write('Gathered, then asked for at once');
    await keptOne();
    expect((await gather(false)).statusCode).toBe(200);
    expect(await sweep(0)).toBe(1);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const rest = inbox.shift()!.raw.replace(/=\r?\n/g, '');
    expect(rest).toContain('Gathered, then asked for at once');
    expect(rest).toContain('your profile now asks for each alert as it comes');
    expect(await kept()).toBe(0);
    await write('Gathered no more: at once?');
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    expect(inbox.shift()!.raw).toContain('Gathered no more: at once?');
    expect(await kept()).toBe(0);
    for (const id of [first, third, waiting, last])
      await author.post('/api/forms/set_note_status', { itemId: id, status: 'dismissed' });
    inbox.length = 0;
  });

  it('tells of at most DIGEST_MAX alerts in full in the day’s mail, and counts the rest', async () => {
    const db = t.database.db;
    const [me] = await db.select().from(users).where(eq(users.username, 'demo'));
    await db
      .update(users)
      .set({ fields: { ...me!.fields, alertDigest: true } })
      .where(eq(users.id, me!.id));
    const tip = course.lists[1]!.items[0]!;
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await db.insert(alertDigests).values(
      Array.from({ length: DIGEST_MAX + 2 }, (_, i) => ({
        userId: me!.id,
        itemId: tip._id,
        subject: `Alert number ${i + 1}`,
        created: dayAgo,
      })),
    );
    inbox.length = 0;
    const mail = { mailer: createMailer(t.config), publicUrl: t.config.PUBLIC_URL };
    expect(await sendAlertDigests(db, mail, new Date())).toBe(1);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const day = inbox.shift()!.raw;
    expect(day).toContain(`Subject: Your Listboard alerts: ${DIGEST_MAX + 2} since`);
    expect(day).toMatch(new RegExp(`Alert number ${DIGEST_MAX}\\r?\\n`));
    expect(day).not.toMatch(new RegExp(`Alert number ${DIGEST_MAX + 1}\\r?\\n`));
    expect(day).toContain('And 2 more: they wait on your Discussion page and Listings.');
    await db.update(users).set({ fields: me!.fields }).where(eq(users.id, me!.id));
  });

  it('e-mails an item to an address, and refuses a bad address with the spec message', async () => {
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const item = course.lists[2]!.items[0]!;
    const body = { multilistId: course._id, listId: item.listId, itemId: item._id };
    const bad = await reader.post('/api/forms/email_an_item', { ...body, email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Please enter a valid email address.');
    expect(
      (await reader.post('/api/forms/email_an_item', { ...body, email: 'friend@example.org' }))
        .statusCode,
    ).toBe(200);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const mail = inbox.shift()!;
    expect(mail.to).toEqual(['friend@example.org']);
    expect(mail.raw).toContain('Pick one article');
  });

  it('e-mails an item’s recording and document as what they are, each with its whole address', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const made = await author.post('/api/forms/insert_multilist', { titleText: 'Mailed media' });
    const { listId } = (
      await author.post('/api/forms/insert_list', {
        multilistId: made.json().multilistId,
        titleText: 'Week 1',
      })
    ).json();
    const text =
      '### The key minute\n\n/media/lecture.webm 1:05-1:30 # /media/lecture-poster.jpg ~ Lecture 1: sources\n\nRead [the guide](/admin/help) first.\n\n/files/author/Reading-2026.pdf\n\nhttps://news.example.org/front-page\n\nhttps://news.example.org/archive ~ The archive';
    const added = await author.post('/api/forms/insert_item', { listId, text });
    expect(added.statusCode, added.body).toBe(200);
    const sent = await author.post('/api/forms/email_an_item', {
      multilistId: made.json().multilistId,
      listId,
      itemId: added.json().itemId,
      email: 'student@example.org',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    const mail = inbox.shift()!.raw.replace(/\r\n/g, '\n');
    expect(mail).toContain(
      [
        '### The key minute',
        '(video: Lecture 1: sources) https://boards.example.edu/media/lecture.webm#t=65,90',
        'Read the guide (https://boards.example.edu/admin/help) first.',
        '(document: Reading-2026.pdf) https://boards.example.edu/files/author/Reading-2026.pdf',
        // A page without a caption is named by its address once; with one, by its caption.
        '(page) https://news.example.org/front-page',
        '(page: The archive) https://news.example.org/archive',
      ].join('\n\n'),
    );
    expect(mail).not.toContain('lecture-poster');
  });
});

/**
 * A board of the author's with one item, given to a group of theirs with these members, its
 * notes due then, and a note by Sam on it (whose alert to the author is let go).
 */
async function groupReading(
  title: string,
  group: string,
  members: string[],
  notesDue: string,
): Promise<{ author: Agent; multilistId: string; listId: string; itemId: string }> {
  const author = new Agent(t.app);
  await author.signIn('author');
  const reader = new Agent(t.app);
  await reader.signIn('reader');
  const { multilistId } = (
    await author.post('/api/forms/insert_multilist', { titleText: title })
  ).json<{ multilistId: string }>();
  const { listId } = (
    await author.post('/api/forms/insert_list', { multilistId, titleText: 'Week' })
  ).json<{ listId: string }>();
  const { itemId } = (
    await author.post('/api/forms/insert_item', { listId, text: 'Read the chapter.' })
  ).json<{ itemId: string }>();
  await author.post('/api/forms/create_group', { name: group });
  for (const username of members)
    await author.post('/api/forms/add_group_member', { groupName: group, username });
  await author.post('/api/forms/assign_group', { multilistId, groupName: group });
  const due = await author.post('/api/dbedit/edit_multilist', { multilistId, notesDue });
  expect(due.statusCode, due.body).toBe(200);
  await reader.post('/api/forms/insert_note', {
    listId,
    itemId,
    noteSpec: { text: 'Is the chapter the whole of it?' },
  });
  await waitFor(() => inbox.length > 0);
  await new Promise((r) => setTimeout(r, 200));
  inbox.length = 0;
  return { author, multilistId, listId, itemId };
}

describe('a reminder to a group’s members yet to write', () => {
  it('mails those of the group who have written nothing on the board, with its address, once a day, and is its owner’s alone to send', async () => {
    await t.database.db.insert(users).values([
      {
        username: 'rosa',
        email: 'rosa@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: true },
      },
      {
        username: 'quinn',
        email: 'quinn@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: false },
      },
    ]);
    const { author, multilistId } = await groupReading(
      'Week one reading',
      'Tuesday Section',
      ['reader', 'rosa', 'quinn'],
      '2026-12-12T17:00:00.000Z',
    );
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const remind = (a: Agent) =>
      a.post('/api/forms/remind_group', {
        multilistId,
        groupName: 'Tuesday Section',
      });

    const elsewhere = await author.post('/api/forms/remind_group', {
      multilistId,
      groupName: 'Nobody Here',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toEqual({ error: 'Nobody Here is not a group of this board.' });
    // A member of the group, not its owner: refused, and no one is mailed.
    expect((await remind(reader)).statusCode).toBe(403);
    const sent = await remind(author);
    expect(sent.statusCode, sent.body).toBe(200);
    // Sam wrote already; Quinn's profile turns alerts off.
    expect(sent.json()).toEqual({ mailed: 1, notMailed: 1 });
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.map((m) => m.to)).toEqual([['rosa@example.edu']]);
    const mail = inbox.shift()!;
    expect(mail.raw).toContain(
      'Maya Ortiz (author), who runs your group Tuesday Section, asks you',
    );
    expect(mail.raw).toContain('https://boards.example.edu/author/home;week-one-reading');
    // When the notes are due, in UTC, said as such (the server does not know the reader's zone).
    expect(mail.raw).toContain('Notes on it are due Saturday, 12 December 2026 at 17:00 UTC.');
    expect(mail.raw).not.toContain('Is the chapter the whole of it?');

    // Insight says when, and a day must pass before the next.
    const insight = (await author.post('/api/forms/board_insight', { multilistId })).json<{
      groups: { group: string; roster: { remindedAt: string | null } | null }[];
    }>();
    const remindedAt = insight.groups[0]?.roster?.remindedAt;
    expect(Date.now() - Date.parse(remindedAt ?? '')).toBeLessThan(60_000);
    const again = await remind(author);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error:
        'Tuesday Section was reminded of this board less than a day ago. Remind them again tomorrow.',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox).toEqual([]);
  });
});

describe('a note to a reader group', () => {
  it('tells the members who ask for their groups’ notes, each once, and no other reader', async () => {
    await t.database.db.insert(users).values(
      [
        ['gwen', { emailAlerts: true, groupAlerts: true }],
        ['hal', { emailAlerts: true }],
        ['ivo', { emailAlerts: false, groupAlerts: true }],
        ['jade', { emailAlerts: true, groupAlerts: true }],
      ].map(([username, fields]) => ({
        username: username as string,
        email: `${username as string}@example.edu`,
        roles: ['reader'],
        fields: fields as Record<string, boolean>,
      })),
    );
    // Jade asks for her groups' notes, but is not of this one.
    const { listId, itemId } = await groupReading(
      'Pair reading',
      'Study Pair',
      ['reader', 'gwen', 'hal', 'ivo'],
      '2026-12-19T17:00:00.000Z',
    );
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    /** Writes a note and waits for the mails it should send (the board's owner is told too). */
    const write = async (noteSpec: { text: string; groupName?: string }, mails: number) => {
      expect(
        (await reader.post('/api/forms/insert_note', { listId, itemId, noteSpec })).statusCode,
      ).toBe(200);
      await waitFor(() => inbox.length >= mails);
      await new Promise((r) => setTimeout(r, 300));
    };
    const toGwen = () => inbox.filter((m) => m.to.includes('gwen@example.edu'));
    await write({ text: 'For the pair: page 12 answers it.', groupName: 'Study Pair' }, 2);
    const grouped = inbox.filter((m) => /Subject: New note in your group/.test(m.raw));
    expect(grouped.map((m) => m.to)).toEqual([['gwen@example.edu']]);
    const mail = grouped[0]!.raw;
    expect(mail).toContain(
      'Subject: New note in your group Study Pair on Pair reading from Sam Lee',
    );
    expect(mail).toContain('For the pair: page 12 answers it.');
    expect(mail).toMatch(/https:\/\/boards\.example\.edu\/author\/home;pair-reading#note-[\w-]+/);
    expect(mail).toContain(whyGroupAlerted('https://boards.example.edu', 'gwen'));
    inbox.length = 0;
    // A note to no group is not the group's.
    await write({ text: 'For the teacher alone.' }, 1);
    expect(toGwen()).toEqual([]);
    inbox.length = 0;
    // One that mentions her too is told her once.
    await write({ text: 'Page 12, @gwen?', groupName: 'Study Pair' }, 2);
    expect(toGwen()).toHaveLength(1);
    inbox.length = 0;
  });
});

describe('a reminder and the visibility rule', () => {
  it('mails no member who may not open the board: a board behind a password they have not given', async () => {
    const author = new Agent(t.app);
    await author.signIn('author');
    const { multilistId } = (
      await author.post('/api/forms/insert_multilist', { titleText: 'Locked reading' })
    ).json<{ multilistId: string }>();
    await author.post('/api/dbedit/edit_multilist', {
      multilistId,
      password: 'sesame',
    });
    await author.post('/api/forms/create_group', { name: 'Locked Section' });
    await author.post('/api/forms/add_group_member', {
      groupName: 'Locked Section',
      username: 'rosa',
    });
    await author.post('/api/forms/assign_group', {
      multilistId,
      groupName: 'Locked Section',
    });
    inbox.length = 0;
    const sent = await author.post('/api/forms/remind_group', {
      multilistId,
      groupName: 'Locked Section',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ mailed: 0, notMailed: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox).toEqual([]);
  });
});

describe('the default outbox', () => {
  it('writes each message to DATA_DIR/outbox when no SMTP server is set', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-outbox-'));
    const local = await createTestApp({ DATA_DIR: dir });
    try {
      const reader = new Agent(local.app);
      await reader.signIn('reader');
      const c = (
        await reader.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
      ).json()[0]!;
      const item = c.lists[0]!.items[0]!;
      await reader.post('/api/forms/email_an_item', {
        email: 'friend@example.org',
        multilistId: c._id,
        listId: item.listId,
        itemId: item._id,
      });
      const files = fs.readdirSync(path.join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(
        JSON.parse(fs.readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8')),
      ).toMatchObject({ to: 'friend@example.org' });
    } finally {
      await local.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the sender of an item, and sends no more than MAIL_ITEM_RATE_LIMIT an hour per user', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-outbox-'));
    const local = await createTestApp({ DATA_DIR: dir, MAIL_ITEM_RATE_LIMIT: '3' });
    try {
      const reader = new Agent(local.app);
      await reader.signIn('reader');
      const other = new Agent(local.app);
      await other.signIn('demo');
      const c = (
        await reader.post('/api/dbload/load_multilists', { addresses: ['/author/course'] })
      ).json()[0]!;
      const item = c.lists[0]!.items[0]!;
      const send = (a: Agent, to: string) =>
        a.post('/api/forms/email_an_item', {
          email: to,
          multilistId: c._id,
          listId: item.listId,
          itemId: item._id,
        });
      for (let i = 1; i <= 3; i++)
        expect((await send(reader, `r${i}@example.org`)).statusCode).toBe(200);
      const over = await send(reader, 'r4@example.org');
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toBe(
        'You have e-mailed 3 items in the last hour, the most allowed. Please try again later.',
      );
      // The limit is each user's own.
      expect((await send(other, 'd1@example.org')).statusCode).toBe(200);
      const mails = fs.readdirSync(path.join(dir, 'outbox')).map(
        (f) =>
          JSON.parse(fs.readFileSync(path.join(dir, 'outbox', f), 'utf8')) as {
            to: string;
            subject: string;
            text: string;
          },
      );
      expect(mails.map((m) => m.to).sort()).toEqual(
        ['d1@example.org', 'r1@example.org', 'r2@example.org', 'r3@example.org'].sort(),
      );
      const fromReader = mails.find((m) => m.to === 'r1@example.org');
      expect(fromReader?.subject).toMatch(/\(reader\) sent you an item from “/);
      expect(fromReader?.text).toContain('You get this because reader entered your address.');
      // Its link opens the item itself on its board, selected and in view.
      expect(fromReader?.text).toContain(`/${c.owner}/home;${c.ptitle}#item-${item._id}`);
    } finally {
      await local.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reminders a day before notes are due', () => {
  /** One sweep of the reminders coming due, as the app's timer runs it, at `at`. */
  const sweep = (at: Date) =>
    sendDueReminders(
      t.database.db,
      { mailer: createMailer(t.config), publicUrl: t.config.PUBLIC_URL, alertLimit: ALERT_LIMIT },
      at,
    );

  it('mails, once for a date, the members yet to write of a board that asks for it; not before the day, nor on a board that does not ask', async () => {
    await t.database.db.insert(users).values([
      {
        username: 'tess',
        email: 'tess@example.edu',
        roles: ['reader'],
        fields: { emailAlerts: true },
      },
    ]);
    const due = new Date(Date.now() + 3 * 24 * 3600_000);
    const { author, multilistId } = await groupReading(
      'Week two reading',
      'Thursday Section',
      ['reader', 'tess'],
      due.toISOString(),
    );
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const set = (change: Record<string, unknown>) =>
      author.post('/api/dbedit/edit_multilist', { multilistId, ...change });
    const dayBefore = new Date(due.getTime() - 12 * 3600_000);

    // Not asked for: nothing, even within the day.
    expect(await sweep(dayBefore)).toEqual({ boards: 0, lists: 0, mailed: 0 });
    expect((await set({ remindDue: true })).statusCode).toBe(200);
    // The board's authors see the setting; its readers are not sent it.
    const load = async (a: Agent) =>
      (
        await a.post('/api/dbload/load_multilists', { addresses: ['/author/week-two-reading'] })
      ).json<Multilist[]>()[0]!;
    expect((await load(author)).remindDue).toBe(true);
    expect('remindDue' in (await load(reader))).toBe(false);
    // Asked for, but more than a day ahead: nothing yet.
    expect(await sweep(new Date())).toEqual({ boards: 0, lists: 0, mailed: 0 });
    // A day before: Tess, who has written nothing, is mailed; Sam, who wrote, is not.
    expect(await sweep(dayBefore)).toEqual({ boards: 1, lists: 0, mailed: 1 });
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.map((m) => m.to)).toEqual([['tess@example.edu']]);
    expect(inbox[0]!.raw).toContain('who runs your group Thursday Section, asks you');
    expect(inbox[0]!.raw).toContain('Notes on it are due');
    // A reminder is never gathered into the day's mail: its last line offers no such thing.
    expect(inbox[0]!.raw).toContain('you can turn them off there: https://');
    inbox.length = 0;
    // In the activity log, as the owner's.
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.call, 'due_reminder'), eq(auditLog.multilistId, multilistId)));
    expect(logged.map((r) => [r.username, r.details])).toEqual([
      ['author', { groupName: 'Thursday Section', mailed: 1 }],
    ]);
    // Once for the date, however often it is swept.
    expect(await sweep(dayBefore)).toEqual({ boards: 0, lists: 0, mailed: 0 });
    // A date moved later is a date of its own; within a day of the last reminder, the group is
    // not mailed again.
    const later = new Date(due.getTime() + 6 * 3600_000);
    await set({ notesDue: later.toISOString() });
    expect(await sweep(new Date(later.getTime() - 3600_000))).toEqual({
      boards: 1,
      lists: 0,
      mailed: 0,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox).toEqual([]);
  });

  it('mails, a day before a list’s own date, the members yet to write on that list’s items', async () => {
    const passwordHash = await hashPassword(SEED_PASSWORD);
    await t.database.db.insert(users).values(
      ['uma', 'vic'].map((username) => ({
        username,
        email: `${username}@example.edu`,
        passwordHash,
        roles: ['reader'],
        fields: { emailAlerts: true },
      })),
    );
    // The board's own date is a week off; Week 2's is in three days.
    const { author, multilistId, listId, itemId } = await groupReading(
      'Weekly essays',
      'Friday Section',
      ['uma', 'vic'],
      new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
    );
    const { listId: week2 } = (
      await author.post('/api/forms/insert_list', { multilistId, titleText: 'Week 2' })
    ).json<{ listId: string }>();
    const { itemId: onWeek2 } = (
      await author.post('/api/forms/insert_item', { listId: week2, text: 'Read chapter two.' })
    ).json<{ itemId: string }>();
    const due = new Date(Date.now() + 3 * 24 * 3600_000);
    expect(
      (await author.post('/api/forms/edit_list', { listId: week2, notesDue: due.toISOString() }))
        .statusCode,
    ).toBe(200);
    // Uma wrote on Week 1 only; Vic on Week 2.
    const uma = new Agent(t.app);
    await uma.signIn('uma');
    const vic = new Agent(t.app);
    await vic.signIn('vic');
    await uma.post('/api/forms/insert_note', { listId, itemId, noteSpec: { text: 'Week one.' } });
    await vic.post('/api/forms/insert_note', {
      listId: week2,
      itemId: onWeek2,
      noteSpec: { text: 'Week two.' },
    });
    await waitFor(() => inbox.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    inbox.length = 0;
    const dayBefore = new Date(due.getTime() - 12 * 3600_000);
    // Not asked for on the board: nothing.
    expect(await sweep(dayBefore)).toEqual({ boards: 0, lists: 0, mailed: 0 });
    await author.post('/api/dbedit/edit_multilist', { multilistId, remindDue: true });
    expect(await sweep(new Date())).toEqual({ boards: 0, lists: 0, mailed: 0 });
    // A day before Week 2's date: Uma, who wrote nothing on it, is mailed of it; Vic is not.
    expect(await sweep(dayBefore)).toEqual({ boards: 0, lists: 1, mailed: 1 });
    expect(await waitFor(() => inbox.length > 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.map((m) => m.to)).toEqual([['uma@example.edu']]);
    expect(inbox[0]!.raw).toMatch(/Notes on \W+Week 2\W+ are due /);
    inbox.length = 0;
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.call, 'due_reminder'), eq(auditLog.multilistId, multilistId)));
    expect(logged.map((r) => r.details)).toEqual([
      { groupName: 'Friday Section', mailed: 1, list: 'Week 2' },
    ]);
    // Once for the date.
    expect(await sweep(dayBefore)).toEqual({ boards: 0, lists: 0, mailed: 0 });
    // The board's own date, the day before it, is another reminder: of the whole board, to those
    // who wrote nothing on it at all (here, everyone wrote).
    const boardDay = new Date(Date.now() + 6.5 * 24 * 3600_000);
    expect(await sweep(boardDay)).toEqual({ boards: 1, lists: 0, mailed: 0 });
  });
});
