import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, openPhone, screenshot, type Browser } from './browser';
import { appUrl, signIn } from './session';

const base = appUrl();
let b: Browser;
beforeEach(async () => {
  b = await openBrowser();
  // Tours never start under automated testing (navigator.webdriver); this browser says it is
  // not automated, as a person's would, so the rule itself stays in the app untouched.
  await b.context.addInitScript({
    content:
      "Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true })",
  });
});
afterEach(async () => b.close());

const popover = (b: Browser) => b.page.locator('.driver-popover');

/** Presses Next and waits for the next step to show. */
async function next(b: Browser): Promise<string> {
  const title = b.page.locator('.driver-popover-title');
  const before = await title.textContent();
  await b.page.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => title.textContent(), { timeout: 10_000 }).not.toBe(before);
  return (await title.textContent()) ?? '';
}

/** Steps through the tour with Next up to its last step, which points at the tour button. */
async function toLastStep(b: Browser): Promise<void> {
  for (let i = 0; i < 20; i++) if ((await next(b)) === 'This tour') return;
  throw new Error('the tour has no last step');
}

describe('guided tours', () => {
  it('the author’s first visit starts the home tour; completing it records it, and a reload does not start it again', async () => {
    const { page } = b;
    // The author has not toured home yet: the same call the tour makes when it starts.
    await page.goto(`${base}/`);
    await signIn(page, base, 'author');
    const reset = await page.request.post(`${base}/api/display/update_user_fields_tourCateg`, {
      data: { tourCateg: 'author-home', value: false },
    });
    expect(reset.status()).toBe(200);
    await page.reload();

    await popover(b).getByText('Welcome to Listboard').waitFor();
    await popover(b).getByText('1 of', { exact: false }).waitFor();
    await screenshot(page, 'tour-author-home');
    // Walk through every step with the Next button, then Done.
    expect(await next(b)).toBe('Your dashboard');
    await toLastStep(b);
    await page.locator('.driver-popover-done-btn').waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => popover(b).count(), { timeout: 10_000 }).toBe(0);

    // Recorded on the server: the account's toured categories now hold the home tour.
    const toured = async () =>
      (
        (await (await page.request.get(`${base}/api/auth/session`)).json()) as {
          user: { fields: { touredBoardCategs: string[] } };
        }
      ).user.fields.touredBoardCategs;
    await expect.poll(toured, { timeout: 10_000 }).toContain('author-home');

    await page.reload();
    await page.getByRole('navigation', { name: 'Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Courses' }).waitFor();
    // The app starts a tour on the first frame its first control is drawn; give it a few.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          let n = 0;
          const tick = () => (++n >= 10 ? done() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
    );
    await expect(popover(b).count()).resolves.toBe(0);

    // The tour button still runs it by hand; on its last step, which points at the tour button
    // itself, pressing the button again ends it.
    await page.getByRole('button', { name: 'Tour' }).click();
    await popover(b).getByText('Welcome to Listboard').waitFor();
    await toLastStep(b);
    await page.locator('.controls-bar').getByRole('button', { name: 'Tour' }).click();
    await expect.poll(() => popover(b).count(), { timeout: 10_000 }).toBe(0);
  });

  it('is taken by tapping on a phone: the tour’s buttons and its close button are 44 px, Next to Done (iPhone 13)', async () => {
    const phone = await openPhone('iPhone 13');
    try {
      const { page } = phone;
      await signIn(page, base, 'reader');
      await page.locator('summary', { hasText: 'Menu' }).first().tap();
      await page.locator('summary.tool-menu-group', { hasText: 'Help' }).tap();
      await page.getByRole('menuitem', { name: 'Tour' }).tap();
      const shown = popover(phone);
      await shown.getByText('Welcome to Listboard').waitFor();
      for (let step = 0; step < 20; step++) {
        const buttons = await shown.getByRole('button').evaluateAll((els) =>
          els.map((e) => {
            const r = e.getBoundingClientRect();
            return { name: e.textContent.trim(), w: Math.round(r.width), h: Math.round(r.height) };
          }),
        );
        // The close button, Previous, and Next or Done.
        expect(buttons.length, JSON.stringify(buttons)).toBe(3);
        for (const box of buttons) {
          expect(box.w, `${box.name} width`).toBeGreaterThanOrEqual(44);
          expect(box.h, `${box.name} height`).toBeGreaterThanOrEqual(44);
        }
        if (step === 0) await screenshot(page, 'phone/reader-tour');
        const done = shown.getByRole('button', { name: 'Done' });
        if (await done.count()) {
          await done.tap();
          break;
        }
        const title = await shown.locator('.driver-popover-title').textContent();
        await shown.getByRole('button', { name: 'Next' }).tap();
        await expect
          .poll(() => shown.locator('.driver-popover-title').textContent())
          .not.toBe(title);
      }
      await expect.poll(() => shown.count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await phone.close();
    }
  });

  it('has no tour on a board that is not the user’s page, and says so', async () => {
    const { page } = b;
    await signIn(page, base, 'reader');
    await page.goto(`${base}/author/course`);
    await page.getByRole('region', { name: 'Tip', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Tour' }).click();
    await page.getByText('You (reader) have no tour for: author/course').waitFor();
    await expect(popover(b).count()).resolves.toBe(0);
  });
});
