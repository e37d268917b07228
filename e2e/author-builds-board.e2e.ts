import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, type Browser } from './browser';
import { apiAs, appUrl, more, postAsPage, signOut, toggleEntry } from './session';
import { selectItem } from './board-helpers';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

async function signIn(page: Page, username: string) {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill('listboard');
  // Enter in a one-line input does not submit; the button does.
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('form', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
  await page
    .getByRole('form', { name: 'Sign in' })
    .getByRole('button', { name: 'Sign in', exact: true })
    .click();
  await page.waitForURL(`**/${username}/home`);
}

const list = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const listWidth = async (page: Page, name: string) => (await list(page, name).boundingBox())!.width;

describe('an author builds a board from nothing', () => {
  it('with the mouse and the shortcuts, and finds it as left after a reload', async () => {
    const { page } = b;
    await signIn(page, 'author');
    await expect(
      page.getByRole('banner').getByText('author@listboard.local').isVisible(),
    ).resolves.toBe(true);

    // A new board (its name new on each try: a retry finds the first try's board there)
    const n = Date.now().toString(36);
    await page.getByRole('button', { name: 'New board' }).click();
    await page.getByLabel('Title', { exact: true }).fill(`Seminar Plan ${n}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`**/author/seminar-plan-${n}`);
    await page.getByText('This board has no lists yet.').waitFor();

    // Insert a list with two items, from the empty board's own button
    await page.getByRole('button', { name: 'Insert the first list' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Readings');
    await page
      .getByRole('textbox', { name: /^Items/ })
      .fill('## Orwell\n\nPolitics and the English Language\n\nDidion: *Why I Write*');
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Readings').waitFor();
    await expect(list(page, 'Readings').getByRole('article').count()).resolves.toBe(3);

    // Select the list and rename it with 'l'
    await list(page, 'Readings').getByRole('button', { name: 'Readings', exact: true }).click();
    await page.keyboard.press('l');
    await page.getByLabel('Title', { exact: true }).fill('Week 1 readings');
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Week 1 readings').waitFor();

    // A second form while one is open is refused with the spec's message
    await page.keyboard.press('Control+l');
    await page.getByRole('button', { name: 'Insert item', exact: true }).click();
    await page.getByText('Please submit, cancel, or close the form first.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Insert an item with ctrl+i after selecting one
    await list(page, 'Week 1 readings')
      .getByRole('article', { name: /Didion/ })
      .click();
    await page.keyboard.press('Control+i');
    await page.getByLabel('Text', { exact: true }).fill('Bring **two** questions.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Week 1 readings').getByText('two', { exact: true }).waitFor();
    // Each item's own text, without the action buttons the selected one shows.
    const texts = async () =>
      list(page, 'Week 1 readings')
        .getByRole('article')
        .evaluateAll((els) =>
          els.map((el) =>
            [...el.children]
              .filter((c) => !c.matches('.item-actions'))
              .map((c) => (c as HTMLElement).innerText)
              .join(''),
          ),
        );
    expect((await texts()).map((t) => t.trim())).toEqual([
      'Orwell',
      'Politics and the English Language',
      'Didion: Why I Write',
      'Bring two questions.',
    ]);

    // The item inserted is selected: ctrl+shift+p moves it up; moving the first item up is refused
    await expect
      .poll(() =>
        list(page, 'Week 1 readings')
          .getByRole('article', { name: /Bring/ })
          .getAttribute('aria-current'),
      )
      .toBe('true');
    await page.keyboard.press('Control+Shift+p');
    await expect.poll(async () => (await texts())[2]?.trim()).toBe('Bring two questions.');
    await list(page, 'Week 1 readings').getByRole('article', { name: 'Orwell' }).click();
    await page.keyboard.press('Control+Shift+p');
    await page.getByText('The item is already first.').waitFor();

    // Edit with 'i', then delete with ctrl+alt+i
    await page.keyboard.press('i');
    await page.getByLabel('Text', { exact: true }).fill('## George Orwell');
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Week 1 readings').getByText('George Orwell').waitFor();
    await list(page, 'Week 1 readings')
      .getByRole('article', { name: /Politics/ })
      .click();
    await page.keyboard.press('Control+Alt+i');
    await page
      .getByRole('form', { name: /^Delete this item/ })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(async () => (await texts()).length).toBe(3);

    // Zoom with the keyboard and the toolbar; the width steps follow the spec
    expect(await listWidth(page, 'Week 1 readings')).toBe(325);
    await page.keyboard.press('Control+z');
    await expect.poll(() => listWidth(page, 'Week 1 readings')).toBe(375);
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => listWidth(page, 'Week 1 readings')).toBe(275);

    // Theme from its form, kept in local storage
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme()).toBe('dark');
    await more(page, 'Theme');
    await page.getByLabel('Colour theme').selectOption('light');
    await page.getByRole('button', { name: 'Apply' }).click();
    expect(await theme()).toBe('light');
    // Headline view from the toolbar: items show their first line only.
    await more(page, 'Headline view');
    await expect
      .poll(() => list(page, 'Week 1 readings').locator('article.closed').count())
      .toBe(3);
    await screenshot(page, 'author-built-board');

    // Reload: zoom and theme are as left
    const after = await theme();
    await page.reload();
    await list(page, 'Week 1 readings').waitFor();
    await expect.poll(() => listWidth(page, 'Week 1 readings')).toBe(275);
    expect(await theme()).toBe(after);
    await expect(list(page, 'Week 1 readings').locator('article.closed').count()).resolves.toBe(3);
    expect(await toggleEntry(page, 'Headline view').getAttribute('aria-checked')).toBe('true');
  });

  it('an empty list offers its first item, as an empty board offers its first list', async () => {
    const { page } = b;
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Empty list ${Date.now().toString(36)}` },
    );
    await author.post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Week 2',
    });
    await signIn(page, 'author');
    await page.goto(`${base}/author/${made.ptitle}`);
    const week = list(page, 'Week 2');
    await week.getByText('No items yet.').waitFor();
    await week.getByRole('button', { name: 'Insert the first item' }).click();
    // The list's editor opens at Insert item, its form in the list.
    await expect(
      week.getByRole('button', { name: 'Insert item', exact: true }).getAttribute('aria-pressed'),
    ).resolves.toBe('true');
    await week.getByLabel('Text', { exact: true }).fill('Read chapter *two* before class.');
    // The page loaded again before it is sent: the list's editor opens again at Insert item,
    // with the words.
    page.once('dialog', (d) => void d.accept());
    await page.reload();
    await expect
      .poll(() =>
        week.getByRole('button', { name: 'Insert item', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await expect(week.getByLabel('Text', { exact: true }).inputValue()).resolves.toBe(
      'Read chapter *two* before class.',
    );
    await week.getByRole('button', { name: 'Submit' }).click();
    await week.getByRole('article', { name: /Read chapter two/ }).waitFor();
    await expect(week.getByText('No items yet.').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Insert the first item' }).count()).resolves.toBe(
      0,
    );
  });

  it('a reader sees the board without edit controls, and a guest cannot select', async () => {
    const { page } = b;
    await signIn(page, 'reader');
    await page.goto(`${base}/author/course`);
    await list(page, 'Tip').waitFor();
    await expect(
      page.getByRole('button', { name: 'Insert list', exact: true }).count(),
    ).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Note', exact: true }).count()).resolves.toBe(1);
    await page.keyboard.press('i');
    await expect(page.getByRole('form').count()).resolves.toBe(0);
    // No list editor, and a selected item offers no edit actions to a reader.
    await expect(page.getByRole('button', { name: 'List editor' }).count()).resolves.toBe(0);
    await selectItem(list(page, 'Tip').getByRole('article').first());
    await expect(
      page
        .getByRole('toolbar', { name: 'Item actions' })
        .getByRole('button', { name: 'Edit' })
        .count(),
    ).resolves.toBe(0);

    await signOut(page);
    await page.goto(`${base}/author/course`);
    const item = list(page, 'Tip').getByRole('article').first();
    await item.click();
    expect(await item.getAttribute('aria-current')).toBeNull();
    await expect(page.locator('.item.selected').count()).resolves.toBe(0);
    await expect(page.getByRole('toolbar', { name: 'Item actions' }).count()).resolves.toBe(0);
  });

  it('a reader adds a note to an item and sees it pending', async () => {
    const { page } = b;
    await signIn(page, 'reader');
    await page.goto(`${base}/author/course`);
    await selectItem(list(page, 'Prompt').getByRole('article').first());
    // The note's words new on each try, so a retry does not meet the first try's.
    const words = `The BBC piece quotes three officials. ${Date.now()}`;
    await page.getByRole('button', { name: 'Note', exact: true }).click();
    await page.getByLabel('Your note').fill(words);
    await page.getByRole('button', { name: 'Submit' }).click();
    const note = list(page, 'Prompt').getByRole('list', { name: 'Notes' }).getByText(words);
    await note.waitFor();
    // This note's status, not another's (a first try's note is pending too).
    await list(page, 'Prompt')
      .getByRole('listitem')
      .filter({ hasText: words })
      .getByText('pending')
      .waitFor();
  });
});

describe('a board with a password', () => {
  it('asks for it, refuses a wrong one with the spec message, and opens with the right one', async () => {
    const { page } = b;
    // The owner sets a password through the API the edit form uses.
    await signIn(page, 'author');
    const post = (path: string, body: object) =>
      postAsPage<Record<string, string>>(page, base, path, body);
    // A name new on each try: a retry would find the first try's board there.
    const n = Date.now().toString(36);
    const made = await post('/api/forms/insert_multilist', { titleText: `Staff Room ${n}` });
    await post('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Marking',
      itemText: 'Rubric v2',
    });
    await post('/api/dbedit/edit_multilist', {
      multilistId: made.multilistId,
      password: 'tuesday',
    });
    expect(made.ptitle).toBe(`staff-room-${n}`);
    await signOut(page);
    await signIn(page, 'reader');
    await page.goto(`${base}/author/staff-room-${n}`);
    const form = page.getByRole('form', { name: 'Board password' });
    await form.getByLabel('Password').fill('monday');
    await form.getByRole('button', { name: 'Open board' }).click();
    await form.getByText('The password you entered was incorrect.').waitFor();
    await form.getByLabel('Password').fill('tuesday');
    await form.getByRole('button', { name: 'Open board' }).click();
    await page.getByText('Rubric v2').waitFor();
  });
});
