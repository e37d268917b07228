/**
 * A signed-in author visits another site, whose page tries to write to Listboard behind their
 * back: an auto-submitted form and a fetch with credentials. Nothing may change.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './browser';
import { appUrl, signIn } from './session';

const base = appUrl();
let b: Browser;
let evil: http.Server;
let evilUrl: string;
let page = '';

beforeEach(async () => {
  b = await openBrowser();
  evil = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page);
  });
  await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
  // Another host name than the app's own address: another site, as far as the browser knows.
  const host = new URL(base).hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  evilUrl = `http://${host}:${(evil.address() as AddressInfo).port}/`;
});
afterEach(async () => {
  await b.close();
  await new Promise((r) => evil.close(r));
});

describe('a page on another site', () => {
  it('cannot write through the signed-in author’s session', async () => {
    const { page: tab } = b;
    await signIn(tab, base, 'author');
    const load = async () =>
      (
        (await (
          await tab.request.post(`${base}/api/dbload/load_multilists`, {
            data: { addresses: ['/author/course'] },
          })
        ).json()) as { lists: { _id: string; items: { text: string }[] }[] }[]
      )[0]!;
    const listId = (await load()).lists[0]!._id;
    const target = `${base}/api/forms/insert_item`;
    const forged = JSON.stringify({ listId, text: 'forged by another site' });
    page = `<!doctype html><title>Win a prize</title>
      <form id="f" method="POST" action="${target}" enctype="text/plain">
        <input name='${forged.slice(0, -1)},"x":"' value='"}'>
      </form>
      <script>
        fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
          headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(forged)} })
          .finally(() => document.getElementById('f').submit());
      </script>`;
    // Both attempts are sent: the form's post ends on our refusal, and the fetch's answer is
    // withheld from the other site by our Cross-Origin-Resource-Policy header.
    const answers: number[] = [];
    const blocked: string[] = [];
    tab.on('response', (r) => {
      if (r.url() === target) answers.push(r.status());
    });
    tab.on('requestfailed', (r) => {
      if (r.url() === target) blocked.push(r.failure()?.errorText ?? '');
    });
    await tab.goto(evilUrl);
    await tab.waitForURL(target);
    await expect.poll(() => answers.length + blocked.length).toBe(2);
    for (const status of answers) expect(status).toBeGreaterThanOrEqual(400);
    for (const why of blocked) expect(why).toMatch(/BLOCKED_BY_RESPONSE/);
    const texts = (await load()).lists.flatMap((l) => l.items.map((i) => i.text));
    expect(texts).not.toContain('forged by another site');
    expect(texts.join(' ')).not.toContain('forged by another site');
  });
});
