import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, openPhone, type Browser } from './browser';
import { apiAs, appUrl, more, signIn, signOut } from './session';
import { selectItem } from './board-helpers';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

const prompt = (page: Page) => page.getByRole('region', { name: 'Prompt', exact: true });

describe('reader groups through the UI', () => {
  it('an author makes a group for a board; a reader joins and posts a note only the group and the author see, until the author takes them out', async () => {
    const { page } = b;
    // The group's name and the note's words are new on each try: group names are the site's, and
    // a retry would find the first try's group and note.
    const n = Date.now().toString(36);
    const group = `Tuesday Seminar ${n}`;
    const words = `For the seminar: two headlines from Monday. ${n}`;
    await signIn(page, base, 'author');
    await page.goto(`${base}/author/course`);
    await more(page, 'New group');
    await page.getByLabel('Group name').fill(group);
    // Made here but given to the board with Assign group, below.
    await page.getByLabel('Assign it to this board').uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
    // Each form says what it did.
    await page.getByText(`Group ${group} created.`).waitFor();
    await more(page, 'Assign group');
    await page.getByLabel('Group', { exact: true }).selectOption(group);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('form').count()).toBe(0);
    await page.getByText(`Group ${group} assigned to this board.`).waitFor();
    await signOut(page);

    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    // Before joining, a reader has no group to post to. A first try of this test may have joined
    // its own group already (this test does not leave it): then this try's group is not among the
    // reader's.
    await more(page, 'Post notes to a group');
    const postTo = page.getByRole('form', { name: 'Post my notes to a group' });
    const choice = postTo.getByLabel('Group', { exact: true });
    const none = page.getByText('You do not belong to any groups.');
    // Which the page came to: the message (an alert, gone after a few seconds), or the form with
    // the reader's groups to choose from (the form shows while it asks for them, with none).
    const ready = async () =>
      (await choice.isVisible()) && (await choice.locator('option').count()) > 0;
    let shown = '';
    await expect
      .poll(async () => (shown = (await none.isVisible()) ? 'none' : (await ready()) ? 'form' : ''))
      .not.toBe('');
    if (shown === 'form') {
      expect(await choice.locator('option').allInnerTexts()).not.toContain(group);
      await postTo.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByRole('form').count()).toBe(0);
    }
    await more(page, 'Groups');
    await page.getByLabel('Group', { exact: true }).selectOption(group);
    // Not kept on the home board this time (the phone's student below keeps it).
    const keep = page.getByLabel('Add this board to my home board');
    if ((await keep.count()) > 0) await keep.uncheck();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.getByRole('form').count()).toBe(0);
    await page.getByText(`You joined ${group}.`).waitFor();
    // A group joined is not offered again.
    await more(page, 'Groups');
    const join = page.getByRole('form', { name: 'Join a group of this board' });
    const joinChoice = join.getByLabel('Group', { exact: true });
    const everyOne = page.getByText('You are in every group of this board already.');
    await expect
      .poll(async () =>
        (await everyOne.isVisible())
          ? 'none left'
          : (await joinChoice.locator('option').count()) > 0
            ? 'form'
            : '',
      )
      .not.toBe('');
    if (await joinChoice.isVisible()) {
      expect(await joinChoice.locator('option').allInnerTexts()).not.toContain(group);
      await join.getByRole('button', { name: 'Cancel' }).click();
    }
    await expect.poll(() => page.getByRole('form').count()).toBe(0);
    await more(page, 'Post notes to a group');
    await page.getByLabel('Group', { exact: true }).selectOption(group);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`Your notes go to ${group}.`).waitFor();
    // The choice is the board's, kept in its view state: a reload keeps it, and the Note form
    // says where the note goes before it is sent.
    await page.reload();
    await selectItem(prompt(page).getByRole('article').nth(1));
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page.getByText(`Goes to ${group}: its members and this board’s authors see it`).waitFor();
    await page.getByLabel('Your note').fill(words);
    await page.getByRole('button', { name: 'Submit' }).click();
    const posted = prompt(page).getByRole('listitem').filter({ hasText: words });
    // The note says whom it went to.
    await posted.locator('.status', { hasText: group }).waitFor();
    // Another board is not this group's: notes there go to every reader, and the form says so.
    await page.goto(`${base}/admin/help`);
    await selectItem(page.locator('main [data-board] article').first());
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page
      .getByText('Everyone who reads this board sees it, unless you tick Private.')
      .waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await signOut(page);

    await signIn(page, base, 'demo');
    await page.goto(`${base}/author/course`);
    await prompt(page).waitFor();
    await expect(prompt(page).getByText('For the seminar').count()).resolves.toBe(0);
    await signOut(page);

    await signIn(page, base, 'author');
    // The author's profile says how many are in the group: the author and the reader.
    await page.goto(`${base}/author/home?code=profile`);
    const groupsOnProfile = page.locator('.profile dt', { hasText: 'Groups' }).locator('+ dd');
    await expect.poll(() => groupsOnProfile.innerText()).toContain(`${group} (yours, 2 members)`);
    await page.goto(`${base}/author/course`);
    await prompt(page).getByText(words).waitFor();
    // The author takes the reader out of the group.
    await more(page, 'Remove a member from my group');
    const remove = page.getByRole('form', { name: 'Remove a member from my group' });
    await remove.getByLabel('Member').selectOption(`Sam Lee (reader), ${group}`);
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText(`reader is no longer in ${group} (1 member).`).waitFor();
    await signOut(page);

    // The reader's notes on the board were going to the group: the Note form now says they go to
    // every reader of the board, before anything is sent.
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    await selectItem(prompt(page).getByRole('article').nth(2));
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page
      .getByText('Everyone who reads this board sees it, unless you tick Private.')
      .waitFor();
    await expect(page.getByText(`Goes to ${group}`).count()).resolves.toBe(0);
  });

  it('an author makes a group on the board and its join link is copied; a student opening it on a phone signs in, joins by tapping Submit, notes there, and leaves the group (iPhone 13)', async () => {
    const { page, context } = b;
    const n = Date.now().toString(36);
    const group = `Thursday Lab ${n}`;
    const staff = `Staff Room ${n}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    await signIn(page, base, 'author');
    await page.goto(`${base}/author/course`);
    // Made on the course, a group is given to it (the box is ticked): a private one has no link,
    // its members are added by name; an open one's link is copied.
    await more(page, 'New group');
    await page.getByLabel('Group name').fill(staff);
    await page.getByLabel('Private (members are added by name)').check();
    await expect(page.getByLabel('Assign it to this board').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`Group ${staff} created.`).waitFor();
    await page.getByText(`Group ${staff} assigned to this board.`).waitFor();
    const info = page.getByRole('status').filter({ hasText: staff });
    await info.getByText(`${staff} is private: readers cannot join it from a link.`).waitFor();
    await more(page, 'New group');
    await page.getByLabel('Group name').fill(group);
    await page.getByRole('button', { name: 'Submit' }).click();
    const link = `${base}/author/course?join=${encodeURIComponent(group)}`;
    await page.getByText(`Readers join ${group} from its link, copied: ${link}`).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(link);

    const phone = await openPhone('iPhone 13');
    try {
      const p = phone.page;
      // A forged link to the private group, signed in: it cannot be joined from the board.
      await p.goto(`${base}/author/course?join=${encodeURIComponent(staff)}`);
      await p.getByText(`Sign in, or sign up, to join the group ${staff}.`).waitFor();
      const form = p.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('User name').fill('reader');
      await form.getByLabel('Password').fill('listboard');
      await form.getByRole('button', { name: 'Sign in', exact: true }).tap();
      await p.getByText(`You cannot join the group ${staff} from this board.`).waitFor();
      await expect.poll(() => p.getByRole('form').count()).toBe(0);
      // Another visit, signed out.
      await phone.context.clearCookies();

      // The link the author copied: the board opens, the address loses the link's group, and
      // the student is asked to sign in, then to join.
      await p.goto(link);
      await p.getByText(`Sign in, or sign up, to join the group ${group}.`).waitFor();
      await prompt(p).waitFor();
      expect(new URL(p.url()).search).toBe('');
      await form.getByLabel('User name').fill('reader');
      await form.getByLabel('Password').fill('listboard');
      await form.getByRole('button', { name: 'Sign in', exact: true }).tap();
      const join = p.getByRole('form', { name: 'Join a group of this board' });
      await expect.poll(() => join.getByLabel('Group', { exact: true }).inputValue()).toBe(group);
      // The course goes on the student's home board too, unless it is there already (a first
      // try of this test put it there).
      const keep = join.getByLabel('Add this board to my home board');
      const kept = (await keep.count()) > 0;
      if (kept) await expect(keep.isChecked()).resolves.toBe(true);
      await join.getByRole('button', { name: 'Submit' }).tap();
      await p
        .getByText(
          `You joined ${group}. Your notes on this board go to ${group}.${kept ? ' “course” is added to your home board.' : ''}`,
        )
        .waitFor();
      // The note form says where a note goes before it is sent.
      const item = prompt(p).getByRole('article').first();
      await selectItem(item, { tap: true, position: { x: 4, y: 4 } });
      await item.locator('summary', { hasText: 'Actions' }).tap();
      await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
      await p.getByText(`Goes to ${group}: its members and this board’s authors see it`).waitFor();
      await p.getByRole('button', { name: 'Cancel' }).tap();
      // The same link again: nothing to join.
      await p.goto(link);
      await p.getByText(`You are in ${group} already.`).waitFor();
      // Next time, the course is on the student's home board.
      await p.goto(`${base}/reader/home`);
      await p
        .getByRole('region', { name: 'My boards' })
        .getByRole('link', { name: 'course', exact: true })
        .waitFor();
      // Joined the wrong group: the profile lists one's groups, and leaves one.
      await p.goto(`${base}/reader/home?code=profile`);
      const groupsOnProfile = p.locator('.profile dt', { hasText: 'Groups' }).locator('+ dd');
      await expect.poll(() => groupsOnProfile.innerText()).toContain(group);
      await p.getByRole('main').getByRole('button', { name: 'Leave a group' }).tap();
      const leave = p.getByRole('form', { name: 'Leave a group' });
      await leave.getByLabel('Group', { exact: true }).selectOption(group);
      await leave.getByRole('button', { name: 'Leave', exact: true }).tap();
      await p.getByText(`You left ${group}.`).waitFor();
      await expect.poll(() => p.getByRole('form').count()).toBe(0);
      // The profile says so at once; and on the board, notes go to every reader again.
      await expect.poll(() => groupsOnProfile.innerText()).not.toContain(group);
      await p.goto(`${base}/author/course`);
      await selectItem(item, { tap: true, position: { x: 4, y: 4 } });
      await item.locator('summary', { hasText: 'Actions' }).tap();
      await item.getByRole('menuitem', { name: 'Note', exact: true }).tap();
      await p
        .getByText('Everyone who reads this board sees it, unless you tick Private.')
        .waitFor();
    } finally {
      await phone.close();
    }
  });

  it('a teacher of two sections reads one section at a time: Insight’s readers of one group, who in each section has not written yet (reminded by mail), its Groups leading to that group’s Discussion, then the other chosen on the page or by a note’s group, and one student’s notes, on a phone too (iPhone 13)', async () => {
    const { page } = b;
    const n = Date.now().toString(36);
    const [monday, wednesday] = [`Monday ${n}`, `Wednesday ${n}`];
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Two sections ${n}` },
    );
    const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 1',
    });
    const { itemId } = await author.post<{ itemId: string }>('/api/forms/insert_item', {
      listId,
      text: 'Read the front page of two papers.',
    });
    for (const group of [monday, wednesday]) {
      await author.post('/api/forms/create_group', { name: group });
      await author.post('/api/forms/assign_group', {
        multilistId: made.multilistId,
        groupName: group,
      });
    }
    const notes: [string, string, string][] = [
      ['reader', monday, `Monday wonders which papers ${n}`],
      ['demo', wednesday, `Wednesday asks about the headlines ${n}`],
    ];
    for (const [who, group, text] of notes) {
      const student = await apiAs(base, who);
      await student.post('/api/forms/join_group', {
        multilistId: made.multilistId,
        groupName: group,
      });
      await student.post('/api/forms/insert_note', {
        listId,
        itemId,
        noteSpec: { text, groupName: group },
      });
    }
    // One more in the Monday section who has written nothing yet.
    await author.post('/api/forms/add_group_member', { groupName: monday, username: 'admin' });
    const [mondayNote, wednesdayNote] = [
      page.getByText(notes[0]![2]),
      page.getByText(notes[1]![2]),
    ];

    await signIn(page, base, 'author');
    await page.goto(`${base}/author/${made.ptitle}/insight`);
    // Each reader's groups, and one group's readers chosen.
    const readers = page.getByRole('table', { name: 'Readers' });
    await readers.getByRole('row', { name: /^Sam Lee \(reader\).*Monday/ }).waitFor();
    await page.getByLabel('Group', { exact: true }).selectOption(wednesday);
    await expect
      .poll(() => readers.getByRole('rowheader').allInnerTexts())
      .toEqual(['Demo Reader (demo)']);
    // Of each section the teacher owns: how many wrote, and who has not yet.
    const byGroup = page.getByRole('table', { name: 'Notes by group' });
    await expect(
      byGroup.getByRole('row', { name: new RegExp(`^${monday}`) }).innerText(),
    ).resolves.toMatch(/1 of 2$/);
    await expect
      .poll(async () =>
        // Each line without the Remind button under it.
        (
          await page
            .getByRole('list', { name: 'Yet to write' })
            .getByRole('listitem')
            .allInnerTexts()
        ).map((line) => line.split('\n')[0]),
      )
      .toEqual([
        `${monday}, yet to write here (1 of 2): Site Admin (admin)`,
        `${wednesday}: its one member has written here.`,
      ]);
    // Those yet to write are reminded by mail, once.
    await page
      .getByRole('button', { name: `Remind by mail those of ${monday} yet to write` })
      .click();
    await page.getByText(`Reminder mailed to 1 member of ${monday}.`).waitFor();
    await expect(
      page.getByRole('button', { name: `Remind by mail those of ${monday} yet to write` }).count(),
    ).resolves.toBe(0);
    await byGroup.getByRole('link', { name: monday }).click();
    await page
      .getByRole('heading', { name: `Pending notes: Two sections ${n} (${monday})` })
      .first()
      .waitFor();
    await mondayNote.waitFor();
    await expect.poll(() => wednesdayNote.count()).toBe(0);
    const choice = page.getByLabel('Group', { exact: true });
    await expect(choice.inputValue()).resolves.toBe(monday);
    // The other section, chosen on the page.
    await choice.selectOption(wednesday);
    await wednesdayNote.waitFor();
    await expect.poll(() => mondayNote.count()).toBe(0);
    // The tabs keep to the group: answered, none yet.
    await page.getByRole('link', { name: 'Answered notes' }).click();
    await page
      .getByText(`No answered notes on Two sections ${n} from the group ${wednesday}.`)
      .waitFor();
    await page.getByRole('link', { name: 'Pending notes' }).click();
    await wednesdayNote.waitFor();
    // Every group again: both sections' notes.
    await choice.selectOption('All groups');
    await mondayNote.waitFor();
    await wednesdayNote.waitFor();
    // A note's group leads to that group's notes.
    await page.getByRole('link', { name: wednesday, exact: true }).click();
    await expect.poll(() => mondayNote.count()).toBe(0);
    await wednesdayNote.waitFor();
    await expect(choice.inputValue()).resolves.toBe(wednesday);
    // And a note's writer to theirs, in that group still.
    await page.getByRole('link', { name: 'Demo Reader', exact: true }).click();
    await page
      .getByRole('heading', {
        name: `Pending notes: Two sections ${n} (${wednesday}, Demo Reader)`,
      })
      .first()
      .waitFor();
    await wednesdayNote.waitFor();
    // One student's notes, from Insight's readers table: every status, that student's alone.
    await page.goto(`${base}/author/${made.ptitle}/insight`);
    await page
      .getByRole('table', { name: 'Readers' })
      .getByRole('link', { name: 'Demo Reader (demo)' })
      .click();
    await page
      .getByRole('heading', { name: `My notes: Two sections ${n} (Demo Reader)` })
      .first()
      .waitFor();
    await wednesdayNote.waitFor();
    await expect.poll(() => mondayNote.count()).toBe(0);
    await page.getByRole('link', { name: 'All readers' }).click();
    await mondayNote.waitFor();
    await wednesdayNote.waitFor();

    const phone = await openPhone('iPhone 13');
    try {
      const p = phone.page;
      await signIn(p, base, 'author');
      await p.goto(`${base}/author/home?code=pending&username=author&board=${made.ptitle}`);
      const strip = p.getByLabel('Group', { exact: true });
      await strip.selectOption(monday);
      await p.getByText(notes[0]![2]).waitFor();
      await expect.poll(() => p.getByText(notes[1]![2]).count()).toBe(0);
      // The choice fits the phone's screen.
      const box = await strip.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(p.viewportSize()!.width);
    } finally {
      await phone.close();
    }
  });

  it('a join link to a board behind a password offers the group once the password is given', async () => {
    const { page } = b;
    const n = Date.now().toString(36);
    const group = `Evening Class ${n}`;
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Locked reading ${n}` },
    );
    await author.post('/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      password: 'sesame',
    });
    await author.post('/api/forms/create_group', { name: group });
    await author.post('/api/forms/assign_group', {
      multilistId: made.multilistId,
      groupName: group,
    });

    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/${made.ptitle}?join=${encodeURIComponent(group)}`);
    const locked = page.getByRole('form', { name: 'Board password' });
    await locked.getByRole('textbox', { name: 'Password' }).fill('sesame');
    // Nothing is asked of the group while the board is shut.
    await expect(
      page.getByRole('form', { name: 'Join a group of this board' }).count(),
    ).resolves.toBe(0);
    await locked.getByRole('button', { name: 'Open board' }).click();
    const join = page.getByRole('form', { name: 'Join a group of this board' });
    await expect.poll(() => join.getByLabel('Group', { exact: true }).inputValue()).toBe(group);
    await join.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(`You joined ${group}.`).waitFor();
  });
});
