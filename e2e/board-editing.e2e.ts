import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { carry, carryByGrip, list, longPress, newBoard, selectList } from './board-helpers';
import { apiAs, appUrl, more, signIn } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
});
afterEach(async () => b.close());

describe('an author edits lists and items in place', () => {
  it('opens a list editor with a 750 ms press, one mode at a time, and uses the item action buttons', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    const title = `Editor Lab ${Date.now()}`;
    await newBoard(page, title, [
      { title: 'Alpha', items: ['First **one**', 'Second item', 'Third item'] },
    ]);
    const alpha = list(page, 'Alpha');
    const articles = () => alpha.getByRole('article').allInnerTexts();

    // A long press on the list title opens its editor and does not select the list.
    await longPress(page, alpha.getByRole('button', { name: 'Alpha', exact: true }), 900);
    const editor = alpha.getByRole('group', { name: 'List editor modes' });
    await editor.waitFor();
    expect(
      await alpha.getByRole('button', { name: 'Alpha', exact: true }).getAttribute('aria-pressed'),
    ).toBe('false');

    // One mode at a time: Title, then Description replaces it.
    await editor.getByRole('button', { name: 'Title', exact: true }).click();
    await alpha.getByRole('form', { name: 'Edit list title' }).waitFor();
    await editor.getByRole('button', { name: 'Description', exact: true }).click();
    await alpha.getByRole('form', { name: 'Edit list description' }).waitFor();
    await expect(alpha.getByRole('form', { name: 'Edit list title' }).count()).resolves.toBe(0);
    // Upload and import open the media and load areas' forms inside the list.
    await editor.getByRole('button', { name: 'Upload', exact: true }).click();
    await alpha.getByRole('form', { name: 'Insert item with files' }).waitFor();
    await editor.getByRole('button', { name: 'Import', exact: true }).click();
    await alpha.getByRole('form', { name: 'Import list' }).waitFor();
    await editor.getByRole('button', { name: 'Description', exact: true }).click();
    await alpha.getByRole('form', { name: 'Edit list description' }).waitFor();
    // Another form while a mode is open is refused.
    await page.getByRole('button', { name: 'Insert list', exact: true }).click();
    await page.getByText('Please submit, cancel, or close the form first.').waitFor();
    await alpha.getByLabel('Description', { exact: true }).fill('Openers for week one.');
    await alpha.getByRole('button', { name: 'Submit' }).click();
    await alpha.getByText('Openers for week one.').waitFor();

    // Duplicate mode names the copy; delete mode removes it.
    await editor.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await alpha.getByLabel('Title of the copy').fill('Alpha again');
    await alpha.getByRole('button', { name: 'Submit' }).click();
    const copy = list(page, 'Alpha again');
    await copy.waitFor();
    await expect(copy.getByRole('article').count()).resolves.toBe(3);
    await longPress(page, alpha.getByRole('button', { name: 'Alpha', exact: true }), 900);
    await editor.waitFor({ state: 'detached' });
    await copy.getByRole('button', { name: 'List editor' }).click();
    await copy.getByRole('button', { name: 'Delete', exact: true }).click();
    await copy.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await copy.waitFor({ state: 'detached' });

    // Item actions show on the selected item only, and only the ones this user has.
    await expect(page.getByRole('toolbar', { name: 'Item actions' }).count()).resolves.toBe(0);
    await alpha.getByRole('article', { name: 'Second item' }).click();
    const actions = alpha.getByRole('toolbar', { name: 'Item actions' });
    expect(await actions.getByRole('button').allInnerTexts()).toEqual([
      'Annotate',
      'Delete',
      'Label',
      'Duplicate',
      'Insert after',
      'Edit',
    ]);
    await actions.getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(async () => (await articles()).length).toBe(4);
    await actions.getByRole('button', { name: 'Label' }).click();
    await page.getByRole('textbox', { name: /^Labels/ }).fill('week:1');
    await page.getByRole('button', { name: 'Submit' }).click();
    const chip = alpha.getByRole('button', { name: 'week: 1' });
    await chip.waitFor();
    // alt+t hides the label chips and shows them again.
    await page.keyboard.press('Alt+t');
    await chip.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+t');
    await chip.waitFor();
    await alpha
      .getByRole('toolbar', { name: 'Item actions' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByLabel('Text', { exact: true }).fill('Second item, *edited*');
    await page.getByRole('button', { name: 'Submit' }).click();
    await alpha.getByText('edited').waitFor();

    // A 350 ms press closes an item to its headline; the state is kept across a reload.
    const third = alpha.getByRole('article', { name: 'Third item' });
    await longPress(page, third, 500);
    await expect.poll(() => third.getAttribute('class')).toContain('closed');
    await page.reload();
    await list(page, 'Alpha').waitFor();
    await expect.poll(() => third.getAttribute('class')).toContain('closed');
    await longPress(page, third, 500);
    await expect.poll(() => third.getAttribute('class')).not.toContain('closed');

    // alt+n closes and opens the selected item; alt+d the selected list.
    await third.click();
    await page.keyboard.press('Alt+n');
    await expect.poll(() => third.getAttribute('class')).toContain('closed');
    await page.keyboard.press('Alt+n');
    await expect.poll(() => third.getAttribute('class')).not.toContain('closed');
    await alpha.getByRole('button', { name: 'Alpha', exact: true }).click();
    await page.keyboard.press('Alt+d');
    await third.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+d');
    await third.waitFor();

    // Lists move with ctrl+shift+b / f and stop at the ends.
    await page.getByRole('button', { name: 'Insert list', exact: true }).click();
    await page.getByLabel('Title', { exact: true }).fill('Beta');
    await page.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Beta').waitFor();
    const order = () =>
      page
        .locator('[data-list-id]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(await order()).toEqual(['Alpha', 'Beta']);
    await list(page, 'Beta').getByRole('button', { name: 'Beta', exact: true }).click();
    await page.keyboard.press('Control+Shift+f');
    await page.getByText('The list is already last.').waitFor();
    await page.keyboard.press('Control+Shift+b');
    await expect.poll(order).toEqual(['Beta', 'Alpha']);
    await screenshot(page, 'board-editing-desktop');
  });

  it('selects an item it inserts below the list’s fold and brings it into sight', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    const stamp = Date.now();
    const author = await apiAs(base, 'author');
    const made = await author.post<{ multilistId: string; ptitle: string }>(
      '/api/forms/insert_multilist',
      { titleText: `Long list ${stamp}` },
    );
    const { listId } = await author.post<{ listId: string }>('/api/forms/insert_list', {
      multilistId: made.multilistId,
      titleText: 'Readings',
    });
    for (let i = 1; i <= 14; i++)
      await author.post('/api/forms/insert_item', {
        listId,
        text: `### Reading ${i}\n\nA paragraph of notes on reading ${i}, long enough to take some room in its list.`,
      });
    await page.goto(`${base}/author/${made.ptitle}`);
    const readings = list(page, 'Readings');
    await readings.getByRole('button', { name: 'Readings', exact: true }).click();
    // With the list selected and no item, ctrl+i inserts at the list's end, below its fold.
    await page.keyboard.press('Control+i');
    const form = page.getByRole('form', { name: 'Insert item' });
    await form.getByLabel('Text').fill(`The newest reading ${stamp}`);
    await form.getByRole('button', { name: 'Submit' }).click();
    const added = readings.getByRole('article').filter({ hasText: `The newest reading ${stamp}` });
    await added.waitFor();
    await expect.poll(() => added.getAttribute('aria-current')).toBe('true');
    const inSight = () =>
      added.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const pane = el.closest('.list-items')!.getBoundingClientRect();
        return box.top >= pane.top - 1 && box.bottom <= Math.min(pane.bottom, innerHeight) + 1;
      });
    await expect.poll(inSight).toBe(true);
    await screenshot(page, 'inserted-item-in-sight');
  });

  it('keeps a form opened while the last one waited for its answer', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Slow Answer ${Date.now()}`, [{ title: 'Gamma', items: ['One item'] }]);
    const gamma = list(page, 'Gamma');
    // The description's change is made at once, and shows through the live stream, but its
    // answer reaches the page only when the test lets it.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/forms/edit_list', async (route) => {
      const response = await route.fetch();
      await answered;
      await route.fulfill({ response });
    });
    await gamma.getByRole('button', { name: 'List editor' }).click();
    const editor = gamma.getByRole('group', { name: 'List editor modes' });
    await editor.getByRole('button', { name: 'Description', exact: true }).click();
    await gamma.getByLabel('Description', { exact: true }).fill('Read before class.');
    await gamma.getByRole('button', { name: 'Submit' }).click();
    await gamma.getByText('Read before class.').waitFor();

    // Meanwhile the author goes on to the next mode; the late answer must not close it.
    await editor.getByRole('button', { name: 'Duplicate', exact: true }).click();
    const copyTitle = gamma.getByLabel('Title of the copy');
    await copyTitle.waitFor();
    const late = page.waitForResponse('**/api/forms/edit_list');
    answer();
    await late;
    await copyTitle.fill('Gamma again');
    await gamma.getByRole('button', { name: 'Submit' }).click();
    await list(page, 'Gamma again').waitFor();
  });

  it('moves an item to the end of another list from its Actions menu', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Move Across ${Date.now()}`, [
      { title: 'Week 1', items: ['Intro', 'Food webs', 'Quiz'] },
      { title: 'Week 2', items: ['Biomes'] },
    ]);
    const week1 = list(page, 'Week 1');
    const week2 = list(page, 'Week 2');
    const webs = week1.getByRole('article', { name: 'Food webs' });
    await webs.click();
    await webs.locator('summary', { hasText: 'Actions' }).click();
    await webs.getByRole('menuitem', { name: 'Move to list…' }).click();
    const form = page.getByRole('form', { name: 'Move to list' });
    await form.getByLabel('To list').selectOption('2. Week 2');
    await form.getByRole('button', { name: 'Move' }).click();
    await week2.getByRole('article', { name: 'Food webs' }).waitFor();
    const names = (l: typeof week1) =>
      l
        .getByRole('article')
        .evaluateAll((els) => els.map((e) => e.querySelector('.block')?.textContent));
    await expect.poll(() => names(week1)).toEqual(['Intro', 'Quiz']);
    await expect.poll(() => names(week2)).toEqual(['Biomes', 'Food webs']);
  });

  it('drags an item within a list split in two panes, each scrolled its own way: the line and the drop follow the pane under the pointer', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    const items = Array.from({ length: 16 }, (_, i) => `Item ${i + 1}`);
    await newBoard(page, `Split Drag ${Date.now()}`, [{ title: 'Long', items }]);
    const long = list(page, 'Long');
    await selectList(page, 'Long');
    await page.keyboard.press('Control+Shift+L');
    const second = long.getByRole('group', { name: 'Long, second pane' });
    await second.waitFor();
    // The second pane scrolled to its end; the first stays at its start.
    await second.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const onto = second.getByRole('article', { name: 'Item 12' });
    await onto.waitFor();
    const first = long.getByRole('group', { name: 'Long, first pane' });
    const card = first.getByRole('article', { name: 'Item 1', exact: true });
    await card.hover();
    const { hand, to } = await carryByGrip(page, card, onto);
    const line = long.locator('.item-drop-line');
    const pane = (await second.boundingBox())!;
    // Just above Item 12, across the second pane alone.
    await expect
      .poll(async () => {
        await hand.tremble();
        const l = await line.boundingBox();
        return (
          !!l &&
          Math.abs(l.y - to.y) < 10 &&
          l.x >= pane.x &&
          l.x + l.width <= pane.x + pane.width + 1
        );
      })
      .toBe(true);
    await screenshot(page, 'item-drag-split');
    await page.mouse.up();
    const names = () =>
      first
        .getByRole('article')
        .evaluateAll((els) => els.map((e) => e.querySelector('.block')?.textContent));
    await first.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect
      .poll(async () => (await names()).slice(-6))
      .toEqual(['Item 1', 'Item 12', 'Item 13', 'Item 14', 'Item 15', 'Item 16']);
  });

  it('drags an item by its grip between two items of another list, and up its own list; the info bar’s Undo puts it back', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    const title = `Drag Across ${Date.now()}`;
    await newBoard(page, title, [
      { title: 'Week 1', items: ['Intro', 'Food webs', 'Quiz', 'Review'] },
      { title: 'Week 2', items: ['Biomes', 'Climate'] },
    ]);
    const week1 = list(page, 'Week 1');
    const week2 = list(page, 'Week 2');
    const names = (l: typeof week1) =>
      l
        .getByRole('article')
        .evaluateAll((els) => els.map((e) => e.querySelector('.block')?.textContent));
    const line = page.locator('.item-drop-line');
    /** Presses the mouse on the item's grip and lets go over the upper part of `onto`. */
    const drag = async (name: string, from: typeof week1, onto: typeof week1) => {
      const card = from.getByRole('article', { name });
      const grip = card.locator('.item-grip');
      await grip.scrollIntoViewIfNeeded();
      await card.hover();
      await expect(grip.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('1');
      // Once the board has come to rest (a board opened beside another scrolls into view).
      let last = Number.NaN;
      await expect
        .poll(async () => last === (last = (await grip.boundingBox())!.x), { interval: 150 })
        .toBe(true);
      const { hand, to } = await carryByGrip(page, card, onto);
      // The line shows where it goes: just above `onto`.
      await expect
        .poll(async () => {
          await hand.tremble();
          return Math.abs((await line.boundingBox())!.y - to.y);
        })
        .toBeLessThan(10);
      await screenshot(page, 'item-drag');
      await page.mouse.up();
    };
    await drag('Food webs', week1, week2.getByRole('article', { name: 'Climate' }));
    await expect.poll(() => names(week2)).toEqual(['Biomes', 'Food webs', 'Climate']);
    await expect.poll(() => names(week1)).toEqual(['Intro', 'Quiz', 'Review']);
    const info = page.getByRole('status', { name: 'Info bar' });
    await expect(info.innerText()).resolves.toMatch(/^Item moved to “Week 2”/);
    await expect(line.count()).resolves.toBe(0);
    // Kept: the board read again shows it there.
    await page.reload();
    await week2.getByRole('article', { name: 'Food webs' }).waitFor();
    await expect.poll(() => names(week2)).toEqual(['Biomes', 'Food webs', 'Climate']);

    // Up its own list, to the top; the Undo puts it back at the bottom.
    await drag('Review', week1, week1.getByRole('article', { name: 'Intro' }));
    await expect.poll(() => names(week1)).toEqual(['Review', 'Intro', 'Quiz']);
    await info.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => names(week1)).toEqual(['Intro', 'Quiz', 'Review']);
    await expect(info.innerText()).resolves.toMatch(/^Item moved back/);

    // Onto a list of another board opened beside it (the author's home): not there, and said so.
    const address = new URL(page.url()).pathname;
    const ptitle = address.split('/').pop()!;
    await page.goto(`${base}/author/home;${ptitle}`);
    const home = page.getByRole('region', { name: 'Elsewhere', exact: true });
    await drag('Intro', week1, home.getByRole('article').first());
    await page.locator('.alert-bar').getByText('That list is not on this board.').waitFor();
    await expect.poll(() => names(week1)).toEqual(['Intro', 'Quiz', 'Review']);
    await page.goto(`${base}${address}`);

    // Drag lock (View menu) takes the grips away; so does a reader's seat, and a phone's touch,
    // where the Actions menu's Move to list does it.
    await more(page, 'Drag lock');
    await expect(page.locator('.item-grip').count()).resolves.toBe(0);
    await more(page, 'Drag lock');
    await week1.getByRole('article', { name: 'Intro' }).locator('.item-grip').waitFor({
      state: 'attached',
    });
    const reader = await openBrowser();
    try {
      await signIn(reader.page, base, 'reader');
      await reader.page.goto(`${base}${address}`);
      await list(reader.page, 'Week 1').getByRole('article', { name: 'Intro' }).waitFor();
      await expect(reader.page.locator('.item-grip').count()).resolves.toBe(0);
    } finally {
      await reader.close();
    }
    const phone = await openPhone('iPhone 13');
    try {
      await signIn(phone.page, base, 'author');
      await phone.page.goto(`${base}${address}`);
      const intro = list(phone.page, 'Week 1').getByRole('article', { name: 'Intro' });
      await intro.tap();
      await expect(intro.locator('.item-grip').isVisible()).resolves.toBe(false);
    } finally {
      await phone.close();
    }
  });

  it('drags a list by its header before another list, or after the last one; drag lock keeps them still', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Drag Lists ${Date.now()}`, [
      { title: 'Week 1', items: ['Intro'] },
      { title: 'Week 2', items: ['Biomes'] },
      { title: 'Week 3', items: ['Climate'] },
    ]);
    const order = () =>
      page
        .locator('section.list')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    /** Presses on `name`'s header and lets go over `side` half of `onto`, as a hand moves. */
    const drag = async (name: string, onto: string, side: 'left' | 'right') => {
      const from = (await list(page, name).locator('.list-header h3').boundingBox())!;
      const to = (await list(page, onto).boundingBox())!;
      const hand = await carry(
        page,
        { x: from.x + 10, y: from.y + from.height / 2 },
        { x: to.x + to.width * (side === 'left' ? 0.25 : 0.75), y: to.y + 60 },
      );
      // The side it would go is marked on the list it is over.
      await expect
        .poll(async () => {
          await hand.tremble();
          return (await list(page, onto).getAttribute('class')) ?? '';
        })
        .toContain(side === 'left' ? 'drop-before' : 'drop-after');
      await page.mouse.up();
    };
    await drag('Week 1', 'Week 3', 'right');
    await expect.poll(order).toEqual(['Week 2', 'Week 3', 'Week 1']);
    await drag('Week 3', 'Week 2', 'left');
    await expect.poll(order).toEqual(['Week 3', 'Week 2', 'Week 1']);
    await page.reload();
    await list(page, 'Week 1').waitFor();
    await expect.poll(order).toEqual(['Week 3', 'Week 2', 'Week 1']);
    await more(page, 'Drag lock');
    await expect(
      list(page, 'Week 1').locator('.list-header').getAttribute('draggable'),
    ).resolves.toBe('false');
    await more(page, 'Drag lock');
  });

  it('a picture dragged from the computer onto a list becomes an item where it is let go; let go elsewhere, it is refused, not opened in the page’s place', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Drop Files ${Date.now()}`, [
      { title: 'Week 1', items: ['Intro', 'Quiz'] },
    ]);
    const week1 = list(page, 'Week 1');
    const quiz = week1.getByRole('article', { name: 'Quiz' });
    const name = `diagram-${Date.now()}.png`;
    // What the browser hands the page for a file dragged in from the desktop.
    const files = await page.evaluateHandle((fileName) => {
      const png = Uint8Array.from(
        atob(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        ),
        (c) => c.charCodeAt(0),
      );
      const dt = new DataTransfer();
      dt.items.add(new File([png], fileName, { type: 'image/png' }));
      return dt;
    }, name);
    const at = (await quiz.boundingBox())!;
    const spot = { dataTransfer: files, clientX: at.x + 40, clientY: at.y + 6 };
    await quiz.dispatchEvent('dragenter', spot);
    await quiz.dispatchEvent('dragover', spot);
    const line = week1.locator('.item-drop-line');
    await line.waitFor();
    expect(Math.abs((await line.boundingBox())!.y - at.y)).toBeLessThan(10);
    await quiz.dispatchEvent('drop', spot);
    // Uploaded, then one new item between the two.
    const picture = week1.locator(`img[src*="${name}"]`);
    await picture.waitFor({ timeout: 30_000 });
    await expect
      .poll(() =>
        week1
          .getByRole('article')
          .evaluateAll((els) =>
            els.map((e) => (e.querySelector('img') ? 'picture' : e.textContent.trim())),
          ),
      )
      .toEqual(['Intro', 'picture', 'Quiz']);
    await expect(line.count()).resolves.toBe(0);

    // Let go over the board's title, the drop is refused: the page stays.
    const title = page.getByRole('heading', { level: 2 }).first();
    const refused = await title.evaluate((el, dt) => {
      const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: dt });
      el.dispatchEvent(over);
      const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt });
      el.dispatchEvent(drop);
      return [over.defaultPrevented, over.dataTransfer?.dropEffect, drop.defaultPrevented];
    }, files);
    expect(refused).toEqual([true, 'none', true]);
    await expect(week1.getByRole('article').count()).resolves.toBe(3);
  });

  it('shows a list’s description as written in light markup: bold, and a link to another board that opens it', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Described ${Date.now()}`, [{ title: 'Week 1', items: ['Intro'] }]);
    const week = list(page, 'Week 1');
    await week.getByRole('button', { name: 'List editor' }).click();
    const editor = week.getByRole('group', { name: 'List editor modes' });
    await editor.getByRole('button', { name: 'Description', exact: true }).click();
    await week
      .getByLabel('Description', { exact: true })
      .fill('Read **chapter 1**; see [the sample course](/author/course).');
    await week.getByRole('button', { name: 'Submit' }).click();
    const description = week.locator('.list-description');
    await description.locator('strong', { hasText: 'chapter 1' }).waitFor();
    await expect(description.innerText()).resolves.toBe('Read chapter 1; see the sample course.');
    await description.getByRole('link', { name: 'the sample course' }).click();
    await page.waitForURL(/;course$/);
    await list(page, 'Tip').waitFor();
  });

  it('Escape takes back the open mode first, then closes the list editor, and the keyboard goes back to its button', async () => {
    const { page } = b;
    await signIn(page, base, 'author');
    await newBoard(page, `Escape Editor ${Date.now()}`, [{ title: 'Delta', items: ['One item'] }]);
    const delta = list(page, 'Delta');
    const opener = delta.getByRole('button', { name: 'List editor' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const editor = delta.getByRole('group', { name: 'List editor modes' });
    await editor.getByRole('button', { name: 'Title', exact: true }).click();
    const form = delta.getByRole('form', { name: 'Edit list title' });
    await form.getByLabel('Title').focus();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    await expect(editor.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(() => opener.evaluate((el) => el === document.activeElement), { timeout: 5_000 })
      .toBe(true);
  });
});
