import type { Page } from 'playwright-core';

/** Signs in through the sign-in form and waits until the header names the user. */
export async function signIn(page: Page, base: string, username: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill('listboard');
  await page
    .getByRole('form', { name: 'Sign in' })
    .getByRole('button', { name: 'Sign in', exact: true })
    .click();
  await page.locator('.user-name', { hasText: username }).waitFor();
  await page.waitForURL(`**/${username}/home`);
}

/** Opens an entry of the toolbar's More menu. */
export async function more(page: Page, item: string): Promise<void> {
  await page.getByText('More', { exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}
