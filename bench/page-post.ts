/** A JSON POST made from inside a page, with the page's session: how the browser benches set up boards. */
import type { Page } from 'playwright-core';

export async function post(
  page: Page,
  url: string,
  body: object,
): Promise<Record<string, unknown>> {
  return (await page.evaluate(
    async ([u, b]) => {
      const r = await fetch(u, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      });
      return r.json();
    },
    [url, body] as const,
  )) as Record<string, unknown>;
}
