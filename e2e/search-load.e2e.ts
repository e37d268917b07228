import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { makeDocx, makePdf, makePng } from '../apps/server/test/import-fixtures';
import { apiAs, appUrl, more, signIn } from './session';

const base = appUrl();
/** Names unique to one attempt, so a retried test does not meet its own earlier boards. */
const tag = () => Date.now().toString(36);
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

const list = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const itemTexts = async (page: Page, name: string) =>
  (await list(page, name).getByRole('article').allInnerTexts()).map((t) => t.trim());
const listTitles = (page: Page) =>
  page
    .locator('main [data-board]')
    .last()
    .getByRole('region')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

/** Fills the load form with a file made in the test and submits it. */
async function loadFile(page: Page, name: string, mimeType: string, buffer: Buffer, title: string) {
  await more(page, 'Load');
  const form = page.getByRole('form', { name: 'Load a board' });
  await form.getByLabel('File').setInputFiles({ name, mimeType, buffer });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('button', { name: 'Submit' }).click();
}

/** Opens the search form and runs a search; extra fields by their labels. */
async function search(page: Page, fields: Record<string, string>) {
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const form = page.getByRole('form', { name: 'Search' });
  for (const [label, value] of Object.entries(fields)) {
    const field = form.getByLabel(label, { exact: true });
    if ((await field.evaluate((e) => e.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
  await form.getByRole('button', { name: 'Submit' }).click();
  return form;
}

const resultsBar = (page: Page) => page.getByRole('navigation', { name: 'Search results' });

/** A calendar day in the search's default zone (eastern), as YYYY-MM-DD. */
const easternDay = (offsetDays: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

describe('loading documents as boards', () => {
  it('a .docx and a .pdf made by the test become boards with the expected lists', async () => {
    const { page } = b;
    const run = tag();
    await signIn(page, base, 'author');

    // The progress bar is recorded as it changes, however quickly the load goes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('[role="status"][aria-label="Load progress"]');
        const text = bar?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const docx = makeDocx([
      { heading: 1, text: 'Week 1' },
      { text: 'Read the first chapter of Walden.' },
      { image: makePng(), alt: 'pond' },
      { heading: 1, text: 'Week 2' },
      { text: 'Read the second chapter of Walden.' },
      { text: 'Write one page about it.' },
    ]);
    await loadFile(
      page,
      'walden.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      docx,
      `Walden ${run}`,
    );
    await page.waitForURL(`**/author/walden-${run}`);
    await list(page, 'Week 2').waitFor();
    expect(await listTitles(page)).toEqual(['Week 1', 'Week 2']);
    expect(await itemTexts(page, 'Week 1')).toEqual(['Read the first chapter of Walden.', '']);
    await expect(list(page, 'Week 1').getByRole('img', { name: 'pond' }).count()).resolves.toBe(1);
    expect(await itemTexts(page, 'Week 2')).toEqual([
      'Read the second chapter of Walden.',
      'Write one page about it.',
    ]);
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(seen[0]).toMatch(/^Sending walden\.docx/);

    const pdf = makePdf([
      [
        { text: 'Field Notes', size: 22, y: 720 },
        { text: 'Herons nest by the pond.', size: 11, y: 690 },
        { text: 'Frogs call at dusk.', size: 11, y: 650 },
      ],
      [
        { text: 'Weather', size: 22, y: 720 },
        { text: 'Rain on Tuesday.', size: 11, y: 690 },
      ],
    ]);
    await loadFile(page, 'notes.pdf', 'application/pdf', pdf, `Pond ${run}`);
    await page.waitForURL(`**/author/pond-${run}`);
    await list(page, 'Weather').waitFor();
    expect(await listTitles(page)).toEqual(['Field Notes', 'Weather']);
    expect(await itemTexts(page, 'Field Notes')).toEqual([
      'Herons nest by the pond.',
      'Frogs call at dusk.',
    ]);
    expect(await itemTexts(page, 'Weather')).toEqual(['Rain on Tuesday.']);
    await screenshot(page, 'load-pdf-board');
  });

  it('a loaded board is linked from its loader’s home board, unless they uncheck the box', async () => {
    const { page } = b;
    const run = tag();
    await signIn(page, base, 'author');
    const text = (title: string) => Buffer.from(`${title}\n\nRead the handout before class.\n`);
    await loadFile(page, 'pack.txt', 'text/plain', text('Pack'), `Reading pack ${run}`);
    await page.waitForURL(`**/author/reading-pack-${run}`);
    await page.getByText(`“Reading pack ${run}” is added to your home board.`).waitFor();

    await more(page, 'Load');
    const form = page.getByRole('form', { name: 'Load a board' });
    await form.getByLabel('File').setInputFiles({
      name: 'scratch.txt',
      mimeType: 'text/plain',
      buffer: text('Scratch'),
    });
    await form.getByLabel('Title').fill(`Scratch ${run}`);
    const keep = form.getByRole('checkbox', { name: 'Link it from my home board' });
    await expect(keep.isChecked()).resolves.toBe(true);
    await keep.uncheck();
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/author/scratch-${run}`);

    await page.goto(`${base}/author/home`);
    await page.getByRole('link', { name: `Reading pack ${run}` }).click();
    await page.waitForURL(`**/author/home;reading-pack-${run}`);
    await expect(page.getByRole('link', { name: `Scratch ${run}` }).count()).resolves.toBe(0);
  });

  it('the load form asks for a URL, a file or a query, and says what went wrong', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await more(page, 'Load');
    const form = page.getByRole('form', { name: 'Load a board' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('You must provide either a URL, a file, or a query.').waitFor();
    await form.getByLabel('File').setInputFiles({
      name: 'broken.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 no'),
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Could not read broken.pdf as a PDF document.').waitFor();
    await screenshot(page, 'load-form-error');
    // Nothing typed is lost: the form is still open with its file.
    await expect(
      form.getByLabel('File').evaluate((e) => (e as HTMLInputElement).files?.length),
    ).resolves.toBe(1);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The URL form says the same when left empty.
    await more(page, 'URL load');
    const url = page.getByRole('form', { name: 'Load a URL' });
    await url.getByRole('button', { name: 'Submit' }).click();
    await url.getByText('You must provide either a URL, a file, or a query.').waitFor();
    // An address typed as people copy it, without https://, is tried as https (a phone shows its
    // keyboard for addresses in the field).
    const field = url.getByLabel('URL');
    await expect(field.getAttribute('type')).resolves.toBe('url');
    await field.fill('no-such-host.invalid/reading');
    await url.getByRole('button', { name: 'Submit' }).click();
    await url
      .getByText('Could not load https://no-such-host.invalid/reading: no such host.')
      .waitFor();
    await url.getByRole('button', { name: 'Cancel' }).click();
  });

  it('import list adds a list of items after the selected list', async () => {
    const { page } = b;
    const run = tag();
    await signIn(page, base, 'author');
    await loadFile(page, 'plan.md', 'text/markdown', Buffer.from('# First\n\nOne.'), `Plan ${run}`);
    await page.waitForURL(`**/author/plan-${run}`);
    await list(page, 'First').getByRole('button', { name: 'First' }).click();
    await more(page, 'Import list');
    const form = page.getByRole('form', { name: 'Import list' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Please fill in items field.').waitFor();
    await form.getByLabel('Title').fill('Second');
    await form.getByLabel(/^Items/).fill('Two.\n\nThree.');
    await form.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Second').waitFor();
    expect(await listTitles(page)).toEqual(['First', 'Second']);
    expect(await itemTexts(page, 'Second')).toEqual(['Two.', 'Three.']);
  });
});

describe('searching from the UI', () => {
  it('text, a label and a date range; pages; save; results link to their boards', async () => {
    const { page } = b;
    const run = tag();
    const word = `zephyrine${run}`;
    await signIn(page, base, 'author');
    // 55 paragraphs with one rare word: more than a page of results.
    const md = Array.from({ length: 55 }, (_, i) => `${word} entry number ${i + 1}.`).join('\n\n');
    await loadFile(
      page,
      'zephyr.md',
      'text/markdown',
      Buffer.from(`# Entries\n\n${md}`),
      `Log ${run}`,
    );
    await page.waitForURL(`**/author/log-${run}`);
    await list(page, 'Entries').waitFor();

    // A label: annotate the first entry with one.
    await list(page, 'Entries').getByRole('article').first().click();
    await more(page, 'Annotate');
    await page.getByRole('textbox', { name: 'Annotation' }).fill(`See the quercus${run} survey.`);
    // Label search is fuzzy (similar labels match too): this try's label is like no other's.
    const label = `q${Math.random().toString(36).slice(2, 10)}`;
    await page.getByLabel(/^Label/).fill(label);
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Entries').getByText(`See the quercus${run} survey.`).waitFor();

    // The form checks what it can before asking the server, with the spec's messages.
    const form = await search(page, { 'Search for': '  ' });
    await form.getByText('A search string is required for text or labels search.').waitFor();
    await form.getByLabel('Search by').selectOption('date');
    await form.getByLabel('Search for').fill('2023-01-01');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Date search requires a date range').waitFor();
    await form.getByLabel('Search for').fill('2023-02-01--2023-01-01');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Bad date range').waitFor();
    await form.getByLabel('Search for').fill('--2023-01-01');
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('A start date is required').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Text: the results follow the board as a chained link with --searched--.
    await search(page, { 'Search for': word });
    await page.waitForURL(`**/author/log-${run};results?--searched--&searchStr=${word}&by=text`);
    await resultsBar(page).getByText('Page 1 · 50 results').waitFor();
    await expect(list(page, 'Entries').count()).resolves.toBe(1);
    await screenshot(page, 'search-results');

    // Paging: back from the first page is refused; next is blocked after the last hits.
    await resultsBar(page).getByRole('button', { name: 'Previous page' }).click();
    await page.getByText('Already at first search result page.').waitFor();
    await resultsBar(page).getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/page=1/);
    await resultsBar(page).getByText('Page 2 · 5 results').waitFor();
    expect(await resultsBar(page).getByRole('button', { name: 'Next page' }).isDisabled()).toBe(
      true,
    );
    await resultsBar(page).getByRole('button', { name: 'Previous page' }).click();
    await resultsBar(page).getByText('Page 1 · 50 results').waitFor();

    // Sort by title, then save the search as a board of its own.
    await resultsBar(page).getByRole('button', { name: 'Sort' }).click();
    await page.getByLabel('Sort by').selectOption('Start Date');
    await page.getByLabel('Order').selectOption('Ascending');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/sort=Start%20Date&ascend=true/);
    await resultsBar(page).getByText('by Start Date').waitFor();
    await resultsBar(page).getByRole('button', { name: 'Save search' }).click();
    await page.waitForURL(`**/author/search-${word}`);
    const saved = page.locator(`main [data-board="author/search-${word}"]`);
    await saved.getByText('55 results of a saved search.').waitFor();
    // A long list draws only the items in view; each says its place in the whole list.
    await expect(saved.getByRole('article').first().getAttribute('aria-setsize')).resolves.toBe(
      '55',
    );

    // A label, with its annotation linking back to the board it is on.
    await page.goto(`${base}/author/log-${run}`);
    await list(page, 'Entries').waitFor();
    await search(page, { 'Search for': label, 'Search by': 'label' });
    await page.waitForURL(/by=label/);
    await resultsBar(page).getByText('Page 1 · 1 result').waitFor();
    await page
      .locator('main [data-board]')
      .last()
      .getByText(`Annotation by author on Log ${run}`)
      .waitFor();

    // A date range in two formats: everything made today is in it.
    await search(page, {
      'Search for': `${easternDay(-1)}--${new Date(Date.now() + 86_400_000).toLocaleDateString('en-US', { timeZone: 'America/New_York', month: 'long', day: '2-digit', year: 'numeric' })}`,
      'Search by': 'date',
      'Time zone': 'eastern',
    });
    await page.waitForURL(/by=date/);
    await resultsBar(page).getByText('Page 1 · 50 results').waitFor();
    await expect(
      page
        .locator('main [data-board]')
        .last()
        .getByRole('region', { name: easternDay(0) })
        .count(),
    ).resolves.toBe(1);

    // An item of the results links to its source board.
    await page
      .locator('main [data-board]')
      .last()
      .getByRole('link', { name: `Log ${run}` })
      .first()
      .click();
    await page.waitForURL(`**/author/home;log-${run}`);
    await list(page, 'Entries').waitFor();
  });

  it('shows a reader’s note in the results once, as on its item, under a line that says whose it is and where', async () => {
    const { page } = b;
    const word = `marginalia${tag()}`;
    const typed = `${word}: **bold** <b>tag</b> ![pic](chart.png) # not a heading @label`;
    const reader = await apiAs(base, 'reader');
    const [course] = await reader.post<{ lists: { _id: string; items: { _id: string }[] }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: ['/author/course'] },
    );
    const week = course!.lists[0]!;
    await reader.post('/api/forms/insert_note', {
      listId: week._id,
      itemId: week.items[0]!._id,
      noteSpec: { text: typed },
    });
    await signIn(page, base, 'reader');
    await search(page, { 'Search for': word });
    await resultsBar(page).waitFor();
    const hit = page.locator('main').getByRole('article').filter({ hasText: word });
    // The hit's line says whose note it is, on which board and item; the note is not told twice.
    await hit
      .getByText('Note by reader on course: Week 1: Who is speaking?', { exact: true })
      .waitFor();
    await expect(hit.getByText(word).count()).resolves.toBe(1);
    // The note beneath it, as on its item: its emphasis shown, its HTML as typed, no picture.
    const note = hit.locator('.note-text');
    await expect(note.locator('strong').textContent()).resolves.toBe('bold');
    await expect(note.innerText()).resolves.toBe(
      `${word}: bold <b>tag</b> ![pic](chart.png) # not a heading @label`,
    );
    await screenshot(page, 'search-note-as-typed');
    await expect(hit.locator('img, h1, h2, h3, b').count()).resolves.toBe(0);
    // The item's name takes the reader to the note on its board, shown and flashed there.
    await hit.getByRole('link', { name: 'Week 1: Who is speaking?' }).click();
    await page.waitForURL(/\/author\/home;course#note-/);
    const shown = page.locator('.note-flash').filter({ hasText: word });
    await shown.waitFor();
    await expect(shown.evaluate((e) => e === document.activeElement)).resolves.toBe(true);
  });

  it('a reader searching their own items is offered the same search over everyone’s, and told when none of theirs match', async () => {
    const { page } = b;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    await search(page, { 'Search for': 'statistic' });
    await expect
      .poll(() => resultsBar(page).innerText())
      .toContain('Page 1 · nothing you wrote matches');
    await screenshot(page, 'search-own-nothing');
    await resultsBar(page).getByRole('button', { name: 'Search everyone' }).click();
    await page.waitForURL(/users=all/);
    const hit = page.locator('main [data-board]').last().getByRole('article');
    await hit.filter({ hasText: 'Find one statistic in the news' }).first().waitFor();
    await expect(resultsBar(page).innerText()).resolves.toMatch(/Page 1 · \d+ results?/);
    await expect(
      resultsBar(page).getByRole('button', { name: 'Search everyone' }).count(),
    ).resolves.toBe(0);
    // Offered too when some of one's own items match: others' may as well.
    const word = `mine${tag()}`;
    const reader = await apiAs(base, 'reader');
    const [course] = await reader.post<{ lists: { _id: string; items: { _id: string }[] }[] }[]>(
      '/api/dbload/load_multilists',
      { addresses: ['/author/course'] },
    );
    await reader.post('/api/forms/insert_note', {
      listId: course!.lists[1]!._id,
      itemId: course!.lists[1]!.items[0]!._id,
      noteSpec: { text: `A note of my own: ${word}.` },
    });
    // The form keeps the last search's fields: everyone's, now.
    await search(page, { 'Search for': word, Users: 'me' });
    await page.waitForURL((url) => url.search.includes(word) && !url.search.includes('users=all'));
    await expect.poll(() => resultsBar(page).innerText()).toContain('Page 1 · 1 result');
    await resultsBar(page).getByRole('button', { name: 'Search everyone' }).waitFor();
  });

  it('marks the words searched for where they show in the results, at the start of a word, and not the words left out', async () => {
    const { page } = b;
    const run = tag();
    const word = `orrery${run}`;
    const api = await apiAs(base, 'author');
    const made = await api.post<{ multilistId: string }>('/api/forms/insert_multilist', {
      titleText: `Marked ${run}`,
      listed: true,
    });
    await api.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Notes',
      itemText: [
        `The ${word} turns; **${word.toUpperCase()}** shown in capitals, a brass model.`,
        `Not an ${word} inside a word: x${word}, and brass again.`,
      ].join('\n\n'),
    });
    await signIn(page, base, 'author');
    // Two words, one left out, and an or: brass is marked, the word left out is not.
    await search(page, { 'Search for': `${word} or brass -capitals` });
    await resultsBar(page).waitFor();
    const painted = () =>
      page.evaluate(() => {
        const hits = (
          CSS as unknown as { highlights: Map<string, Iterable<Range>> }
        ).highlights.get('search-hit');
        return hits ? [...hits].map((r) => r.toString()).sort() : [];
      });
    // The second item only: the first holds "capitals", which the search leaves out.
    await expect.poll(painted).toEqual([word, 'brass'].sort());
    await screenshot(page, 'search-hits');
  });

  it('a guest searches everyone’s boards too', async () => {
    const { page } = b;
    await page.goto(`${base}/author/course`);
    await search(page, { 'Search for': 'week' });
    await page.waitForURL(/\/author\/course;guest\/results\?--searched--/);
    await resultsBar(page).waitFor();
    await expect(page.getByRole('button', { name: 'Save search' }).count()).resolves.toBe(0);
  });
});

describe('local search (accent)', () => {
  it('marks every match on the board without sending its words to the server, and clears on close', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await page.goto(`${base}/admin/help`);
    await page.locator('main [data-board]').first().waitFor();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(r.url());
    });
    await more(page, 'Local search');
    await page.getByLabel('Highlight on this board').fill('board');
    await page.getByRole('button', { name: 'Submit' }).click();
    const bar = page.getByRole('status', { name: 'Local search' });
    await bar.waitFor();
    const count = Number((await bar.innerText()).match(/(\d+) match/)![1]);
    expect(count).toBeGreaterThan(1);
    const painted = await page.evaluate(() => {
      const h = CSS.highlights.get('accent');
      return h ? [...h].map((r) => (r as Range).toString().toLowerCase()) : [];
    });
    expect(painted).toHaveLength(count);
    expect(new Set(painted)).toEqual(new Set(['board']));
    // The words are never sent: the only calls keep the reader's place (the item gone to).
    expect(calls.filter((u) => !u.includes('/api/events') && !u.includes('/api/display/'))).toEqual(
      [],
    );
    await screenshot(page, 'accent');
    await bar.getByRole('button', { name: 'Close local search' }).click();
    await expect(page.evaluate(() => CSS.highlights.has('accent'))).resolves.toBe(false);
    await expect(bar.count()).resolves.toBe(0);
  });
});
