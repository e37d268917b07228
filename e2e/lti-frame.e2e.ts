/**
 * An LTI 1.3 launch as a student meets it: a course page of a learning platform shows
 * Listboard in an iframe, and the launch runs in that frame in a real browser, from the
 * platform's login initiation through the tool's redirect to the platform's authentication
 * page and the id_token it posts back (e2e/lti-platform-page.ts).
 *
 * The tool is served over plain http, so a launched session's cookie is SameSite=Lax: a course
 * page of another site (localhost framing 127.0.0.1) keeps no cookie in the frame, and the
 * frame offers the board in a window of its own; a course page of the same site (127.0.0.1 on
 * another port) keeps it, and the board opens in the frame.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, inject } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { ROLE, startPlatformPage, type PlatformPage } from './lti-platform-page';
import { freePort, startServer, type RunningServer } from './server';
import { more, postAsPage } from './session';

let server: RunningServer;
let base: string;
/** A platform on another site than the tool: localhost, where the tool is 127.0.0.1. */
let cross: PlatformPage;
/** A platform on the tool's own site: 127.0.0.1, another port. */
let same: PlatformPage;
let platformsFile: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${String(port)}`;
  [cross, same] = await Promise.all([
    startPlatformPage({
      host: 'localhost',
      tool: base,
      people: {
        teacher: {
          sub: 'p1-t',
          name: 'Ada Lovelace',
          email: 'ada@poetry.example',
          role: ROLE.instructor,
        },
        student: {
          sub: 'p1-s',
          name: 'Grace Hopper',
          email: 'grace@poetry.example',
          role: ROLE.learner,
        },
      },
      course: { id: 'poetry-101', title: 'Poetry 101' },
      link: { id: 'link-week-1', title: 'Week 1 readings' },
    }),
    startPlatformPage({
      host: '127.0.0.1',
      tool: base,
      people: {
        teacher: {
          sub: 'p2-t',
          name: 'Emmy Noether',
          email: 'emmy@maths.example',
          role: ROLE.instructor,
        },
        student: {
          sub: 'p2-s',
          name: 'Alan Turing',
          email: 'alan@maths.example',
          role: ROLE.learner,
        },
      },
      course: { id: 'maths-201', title: 'Maths 201' },
      link: { id: 'link-proofs', title: 'Proofs to read' },
    }),
  ]);
  platformsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lb-lti-')), 'platforms.json');
  fs.writeFileSync(platformsFile, JSON.stringify([cross.registration, same.registration]));
  server = await startServer(
    {
      PORT: String(port),
      PUBLIC_URL: base,
      LTI_PLATFORMS: platformsFile,
    },
    { template: inject('dataTemplate') },
  );
});
afterAll(async () => {
  // Any of them may be missing when starting them failed.
  await (server as RunningServer | undefined)?.stop();
  await (cross as PlatformPage | undefined)?.close();
  await (same as PlatformPage | undefined)?.close();
  if (platformsFile) fs.rmSync(path.dirname(platformsFile), { recursive: true, force: true });
});

let b: Browser;
/** A second person's browser, started early so that it is ready by their turn. */
let second: Promise<Browser> | null = null;
function secondBrowser(): Promise<Browser> {
  if (!second) {
    second = openBrowser();
    // Its failure is reported where the test awaits it.
    second.catch(() => undefined);
  }
  return second;
}
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => {
  await b.close();
  const opened = second;
  second = null;
  if (opened) await (await opened).close();
});

/** Every answer of the tool's, redirects included, as the browser received them. */
function toolAnswers(page: Page): Response[] {
  const seen: Response[] = [];
  page.on('response', (r) => {
    if (r.url().startsWith(`${base}/`)) seen.push(r);
  });
  return seen;
}

const answerTo = (seen: Response[], pathname: string) => {
  const found = seen.filter((r) => new URL(r.url()).pathname === pathname);
  expect(found, `an answer to ${pathname}`).not.toHaveLength(0);
  return found[found.length - 1]!;
};

/** The tool's frame in the course page. */
const toolFrame = (page: Page) => page.frameLocator('iframe[title="Listboard"]');

/** The frame's document address (after every redirect). */
function frameUrl(page: Page): URL {
  const frame = page.mainFrame().childFrames()[0];
  expect(frame, 'the course page has a frame').toBeDefined();
  return new URL(frame!.url());
}

/** The page's cookies for the tool's address, by name. */
async function toolCookies(browser: Browser) {
  const cookies = await browser.context.cookies(base);
  return new Map(cookies.map((c) => [c.name, c]));
}

/** What the tool's frame-ancestors names, from a page's Content-Security-Policy. */
async function frameAncestors(r: Response): Promise<string[]> {
  const csp = (await r.headerValue('content-security-policy')) ?? '';
  const directive = csp.split(';').find((d) => d.trim().startsWith('frame-ancestors'));
  return (directive ?? '').trim().split(/\s+/).slice(1);
}

/**
 * Opens the course page of another site as this person; the frame offers the board in a new
 * window; the person opens it, as they would, and gets the board's window.
 */
async function launchAcrossSites(browser: Browser, as: string): Promise<Page> {
  const { page, context } = browser;
  const seen = toolAnswers(page);
  await page.goto(cross.courseUrl(as));
  await page.getByRole('heading', { name: 'Poetry 101' }).waitFor();
  const frame = toolFrame(page);
  await frame.getByRole('heading', { name: 'Open Listboard in a new window' }).waitFor();

  // The frame shows the tool's own page: frame-ancestors names the platform, and nothing
  // else (X-Frame-Options) forbids the frame.
  const url = frameUrl(page);
  expect(url.origin).toBe(base);
  expect(url.pathname).toBe('/lti/open');
  const open = answerTo(seen, '/lti/open');
  expect(open.status()).toBe(200);
  expect(await frameAncestors(open)).toEqual(expect.arrayContaining(["'self'", cross.origin]));
  expect(await open.headerValue('x-frame-options')).toBeNull();

  // The launch set its session cookie, SameSite=Lax over http; the browser did not keep it in
  // another site's frame, so the frame has no session.
  const launch = answerTo(seen, '/lti/launch');
  expect(launch.status()).toBe(302);
  const setCookie = (await launch.headerValue('set-cookie')) ?? '';
  expect(setCookie).toMatch(/^lb_session=/);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect((await toolCookies(browser)).has('lb_session')).toBe(false);

  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    frame.getByRole('link', { name: 'Open the board' }).click(),
  ]);
  await popup.waitForLoadState();
  return popup;
}

describe('an LTI 1.3 launch inside a platform’s course page', () => {
  it('from a course page of another site: the frame offers a new window, which opens the board signed in as the launched person (teacher first, then a student)', async () => {
    void secondBrowser();
    const board = await launchAcrossSites(b, 'teacher');
    // The instructor's first launch of the link makes the course's board, titled after it.
    await board.getByRole('heading', { name: 'Week 1 readings', exact: true }).waitFor();
    await board.getByRole('region', { name: 'Readings', exact: true }).waitFor();
    await expect(board.getByLabel('Signed in as').locator('.user-name').innerText()).resolves.toBe(
      'ada.lovelace',
    );
    const address = new URL(board.url());
    expect(address.origin).toBe(base);
    expect(address.pathname).toMatch(/^\/ada\.lovelace\/[^/]+$/);
    // The window is first-party: its session cookie is kept there.
    expect((await toolCookies(b)).get('lb_session')?.sameSite).toBe('Lax');
    await screenshot(board, 'lti-frame-cross-site-window');

    // The hand-off works once: the frame's link again is refused.
    const again = await b.context.newPage();
    const open = new URL(
      (await toolFrame(b.page)
        .getByRole('link', { name: 'Open the board' })
        .getAttribute('href')) ?? '',
      base,
    );
    await again.goto(open.toString());
    await again.getByText('This link to the board has expired or was used already.').waitFor();

    // A student of the course, in a browser of their own, opens the same board.
    const studentBoard = await launchAcrossSites(await secondBrowser(), 'student');
    await studentBoard.getByRole('heading', { name: 'Week 1 readings', exact: true }).waitFor();
    await expect(
      studentBoard.getByLabel('Signed in as').locator('.user-name').innerText(),
    ).resolves.toBe('grace.hopper');
    expect(studentBoard.url()).toBe(board.url());
  });

  it('from a course page of the same site: the cookie is kept and the board opens inside the frame', async () => {
    const { page, context } = b;
    const seen = toolAnswers(page);
    void secondBrowser();
    await page.goto(same.courseUrl('teacher'));
    const frame = toolFrame(page);
    await frame.getByRole('heading', { name: 'Proofs to read', exact: true }).waitFor();
    await frame.getByRole('region', { name: 'Readings', exact: true }).waitFor();
    await expect(frame.getByLabel('Signed in as').locator('.user-name').innerText()).resolves.toBe(
      'emmy.noether',
    );
    // The board, not the new-window page, and in the frame: no other window opened.
    const url = frameUrl(page);
    expect(url.origin).toBe(base);
    expect(url.pathname).toMatch(/^\/emmy\.noether\/[^/]+$/);
    expect(context.pages()).toHaveLength(1);
    await expect(
      frame.getByRole('heading', { name: 'Open Listboard in a new window' }).count(),
    ).resolves.toBe(0);
    expect(answerTo(seen, '/lti/open').status()).toBe(302);
    // The app's page itself may be framed by the platform.
    const app = seen.filter((r) => new URL(r.url()).pathname === url.pathname).pop();
    expect(app, 'the board page').toBeDefined();
    expect(await frameAncestors(app!)).toEqual(expect.arrayContaining(["'self'", same.origin]));
    expect(await app!.headerValue('x-frame-options')).toBeNull();
    expect((await toolCookies(b)).get('lb_session')?.sameSite).toBe('Lax');
    await screenshot(page, 'lti-frame-same-site');
    expect(same.refusals).toEqual([]);

    // A student of the course, in a browser of their own, gets the same board in the frame.
    const student = (await secondBrowser()).page;
    await student.goto(same.courseUrl('student'));
    const theirs = toolFrame(student);
    await theirs.getByRole('heading', { name: 'Proofs to read', exact: true }).waitFor();
    await expect(theirs.getByLabel('Signed in as').locator('.user-name').innerText()).resolves.toBe(
      'alan.turing',
    );
    expect(frameUrl(student).pathname).toBe(url.pathname);
  });

  it('an instructor places a new board in the course from the picker in the frame of another site (deep linking)', async () => {
    const { page } = b;
    const title = `Placed board ${Date.now().toString(36)}`;
    await page.goto(cross.courseUrl('teacher', { deep: true }));
    const frame = toolFrame(page);
    await frame.getByRole('heading', { name: 'Place a Listboard board in the course' }).waitFor();
    await frame.getByLabel('A new board titled').check();
    await frame.getByLabel('Title of the new board').fill(title);
    await frame.getByRole('button', { name: 'Place in the course' }).click();
    // The tool's signed answer goes back to the platform, which shows what it placed.
    await frame.getByRole('heading', { name: 'Placed in the course' }).waitFor();
    await frame.getByText(title).waitFor();
    expect(cross.placed.map((p) => p.title)).toContain(title);
    await screenshot(page, 'lti-deep-link-placed');
  });

  it('a refused launch shows, in the frame, what failed and what the platform’s admin should check', async () => {
    const { page } = b;
    const seen = toolAnswers(page);
    const refusal = async (
      course: string,
      what: string,
      check: string,
      pathname: '/lti/login' | '/lti/launch',
    ) => {
      seen.length = 0;
      await page.goto(course);
      const frame = toolFrame(page);
      await frame.getByRole('heading', { name: 'Listboard could not open this link' }).waitFor();
      await expect(frame.locator('#what').innerText()).resolves.toBe(what);
      await expect(frame.locator('#check').innerText()).resolves.toBe(check);
      await frame.getByText("For the platform's administrator:").waitFor();
      expect(frameUrl(page).pathname).toBe(pathname);
      const answer = answerTo(seen, pathname);
      expect(answer.status()).toBe(400);
      expect(await frameAncestors(answer)).toContain(cross.origin);
    };

    // A deployment the tool does not know, refused at the login initiation.
    await refusal(
      cross.courseUrl('student', { deployment: 'deployment-9' }),
      'The deployment deployment-9 is not registered for this platform.',
      "Add the deployment id to the platform's registration in Listboard.",
      '/lti/login',
    );
    // A token whose claims were changed after the platform signed it.
    await refusal(
      cross.courseUrl('student', { tamper: true }),
      "The token's signature does not verify with the platform's keyset.",
      `Check the keyset URL registered in Listboard (${cross.registration.keysetUrl}).`,
      '/lti/launch',
    );
    // A student opening a link the instructor has not opened yet.
    await refusal(
      cross.courseUrl('student', { link: 'link-week-2' }),
      'This link has no board yet.',
      'The course instructor opens the link once first (or places a board with deep linking).',
      '/lti/launch',
    );
    await screenshot(page, 'lti-frame-refused');
    // None of them signed anyone in.
    expect((await toolCookies(b)).has('lb_session')).toBe(false);
    expect(cross.refusals).toEqual([]);
  });
  it('the instructor sets a learner’s score on the Course grades page and sends every score to the course’s gradebook', async () => {
    const { page } = b;
    // A link of the course's new on each try, and so a board of its own: on the usual link's
    // board a retry would find the first try's note, score and weights.
    const linkId = `proofs-${Date.now().toString(36)}`;
    const title = `Link ${linkId}`;
    // The teacher opens the course link (the same site: the board opens in the frame).
    await page.goto(same.courseUrl('teacher', { link: linkId }));
    const frame = toolFrame(page);
    await frame.getByRole('heading', { name: title, exact: true }).waitFor();
    const boardPath = frameUrl(page).pathname;
    // Set up through the API: an item by the teacher, a note on it by the student.
    const [board] = await postAsPage<{ _id: string; lists: { _id: string }[] }[]>(
      page,
      base,
      '/api/dbload/load_multilists',
      { addresses: [boardPath] },
    );
    const listId = board?.lists[0]?._id ?? '';
    const { itemId } = await postAsPage<{ itemId: string }>(page, base, '/api/forms/insert_item', {
      listId,
      text: 'Prove that the square root of 2 is irrational.',
    });
    const student = (await secondBrowser()).page;
    await student.goto(same.courseUrl('student', { link: linkId }));
    await toolFrame(student).getByRole('heading', { name: title, exact: true }).waitFor();
    const question = await postAsPage<{ itemId: string }>(student, base, '/api/forms/insert_note', {
      listId,
      itemId,
      noteSpec: { text: 'Is the proof by contradiction the only way?' },
    });

    // The teacher opens the board itself, then Course grades from the Annotate menu.
    await page.goto(`${base}${boardPath}`);
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await more(page, 'Course grades');
    await page.getByRole('heading', { name: `Course grades: ${title}` }).waitFor();
    const link = page.getByRole('region', { name: title, exact: true });
    await link.getByText('In the course Maths 201').waitFor();
    const row = link.getByRole('row', { name: /Alan Turing/ });
    // One note of 8 words, no Helpful mark yet: 10 points for the note and 0.1 a word.
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual([
      '1',
      '0',
      '8',
      '0',
      '10.8',
      '',
      '',
      'Save',
      expect.any(String),
    ]);

    // A score of the teacher's own, with a comment, saved by Enter in its field.
    await row.getByLabel('Score for Alan Turing', { exact: true }).fill('95');
    await row.getByLabel('Comment for Alan Turing').fill('Presented the proof in class.');
    await row.getByLabel('Comment for Alan Turing').press('Enter');
    await link.getByRole('status').getByText('Alan Turing: score set to 95.').waitFor();
    await link.getByRole('button', { name: 'Send scores now' }).click();
    await link.getByRole('status').getByText('1 score sent to the gradebook.').waitFor();
    expect(same.scores.at(-1)).toMatchObject({
      userId: 'p2-s',
      scoreGiven: 95,
      comment: 'Presented the proof in class.',
    });
    // The table is read again after the send; the cell shows the score once it has.
    await expect.poll(() => row.getByRole('cell').last().innerText()).toMatch(/^95\n/);

    // Weights of the teacher's own: 20 points a note.
    await link.getByLabel('Points per note').fill('20');
    await link.getByRole('button', { name: 'Save weights' }).click();
    await link.getByRole('status').getByText('Weights saved.').waitFor();
    await link.getByText('Set on this page.').waitFor();
    await row.getByRole('cell').nth(4).getByText('20.8', { exact: true }).waitFor();
    // A bad weight is said, and nothing is lost.
    await link.getByLabel('Points per word').fill('500');
    await link.getByRole('button', { name: 'Save weights' }).click();
    await link
      .getByRole('status')
      .getByText('Points per word must be a number from 0 to 100.')
      .waitFor();
    await expect(link.getByLabel('Points per word').inputValue()).resolves.toBe('500');
    await link.getByLabel('Points per word').fill('0.1');

    // The board's notes were due a moment ago; the student's next note, of five words, is late.
    await postAsPage(page, base, '/api/dbedit/edit_multilist', {
      multilistId: board?._id ?? '',
      notesDue: new Date(Date.now() - 1000).toISOString(),
    });
    await postAsPage(student, base, '/api/forms/insert_note', {
      listId,
      itemId,
      noteSpec: { text: 'Here is a second proof.' },
    });
    await page.reload();
    await link.getByRole('columnheader', { name: 'Late' }).waitFor();
    // Late work earns 40% of its points: 20.8 on time, and 40% of 20.5.
    await link.getByLabel('Late work earns (%)').fill('40');
    await link.getByRole('button', { name: 'Save weights' }).click();
    await link.getByRole('status').getByText('Weights saved.').waitFor();
    await expect
      .poll(() => row.getByRole('cell').allInnerTexts())
      .toEqual(['2', '0', '13', '0', '1', '29', '', '', 'Save', expect.any(String)]);
    // The teacher marks the first note Helpful; marks earn points once the weights give them.
    await postAsPage(page, base, '/api/forms/mark_helpful', {
      itemId: question.itemId,
      helpful: true,
    });
    await page.reload();
    await expect.poll(() => row.getByRole('cell').nth(3).innerText()).toBe('1');
    await link.getByLabel('Points per Helpful mark').fill('2');
    await link.getByRole('button', { name: 'Save weights' }).click();
    await link.getByRole('status').getByText('Weights saved.').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(5).innerText()).toBe('31');
    await screenshot(page, 'lti-grades');
    // The table fits the desktop's width: no word of scrolling it.
    await expect(page.getByText('Swipe the table sideways').count()).resolves.toBe(0);

    // On a phone, the page fits its screen: the table scrolls inside its own region.
    const phone = await openPhone('iPhone 13');
    try {
      await phone.context.addCookies(await b.context.cookies(base));
      await phone.page.goto(`${base}${boardPath}/grades`);
      await phone.page.getByRole('heading', { name: `Course grades: ${title}` }).waitFor();
      await phone.page.getByRole('row', { name: /Alan Turing/ }).waitFor();
      const overflow = await phone.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      const send = await phone.page.getByRole('button', { name: 'Send scores now' }).boundingBox();
      expect(send?.height).toBeGreaterThanOrEqual(44);
      // It says that the table scrolls sideways; scrolled, the learner's name stays in view.
      await phone.page.getByText('Swipe the table sideways for the score and comment.').waitFor();
      const region = phone.page.getByRole('region', { name: /^Scores for / });
      await region.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      const name = phone.page.getByRole('rowheader', { name: /Alan Turing/ });
      const [nameBox, regionBox] = [await name.boundingBox(), await region.boundingBox()];
      expect(Math.round(nameBox!.x)).toBeGreaterThanOrEqual(Math.round(regionBox!.x));
      await screenshot(phone.page, 'lti-grades-phone');
    } finally {
      await phone.close();
    }
  });
});
