/**
 * Listboard as a deployment runs it: three app instances on one PostgreSQL and one S3-compatible
 * bucket, nginx in front. Sessions, live updates and uploads must work whichever instance a
 * request lands on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../scripts/cluster-lib';
import { freePort } from '../apps/server/test/postgres-server';
import { openBrowser, screenshot, type Browser } from './browser';
import { apiAs, signIn } from './session';

let cluster: Cluster;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-cluster-'));
  cluster = await startCluster({ dir, port: await freePort(), instances: 3 });
}, 180_000);

afterAll(async () => {
  // Missing when starting it failed.
  await (cluster as Cluster | undefined)?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Instance addresses under the same host name as the balanced one, so the cookie goes along. */
const local = (url: string) => url.replace('127.0.0.1', 'localhost');

describe('three instances behind nginx', () => {
  let b: Browser;
  it('keep one session, pass live notes between instances and share uploads', async () => {
    b = await openBrowser();
    const { page } = b;
    // Sign in through the balancer: whichever instance answers, the session is in the database.
    await signIn(page, cluster.url, 'author');

    // The same browser, now talking to instance 3 only: still signed in.
    const third = local(cluster.instances[2]!);
    await page.goto(`${third}/author/course`);
    await page.getByRole('banner').getByText('author@listboard.local').waitFor();
    const [course] = (await (
      await page.request.post(`${third}/api/dbload/load_multilists`, {
        data: { addresses: ['/author/course'] },
      })
    ).json()) as { lists: { _id: string; title: string; items: { _id: string }[] }[] }[];
    const list = course!.lists[0]!;
    await page.getByRole('region', { name: list.title, exact: true }).waitFor();

    // A reader posts a note through instance 1; the author's page on instance 3 shows it live.
    // Its words, and the upload's caption below, are new on each try: a retry finds the first
    // try's on the board too.
    const n = Date.now().toString(36);
    const posted = `Posted through the first instance ${n}`;
    const reader = await apiAs(local(cluster.instances[0]!), 'reader');
    await reader.post('/api/forms/insert_note', {
      listId: list._id,
      itemId: list.items[0]!._id,
      noteSpec: { text: posted },
    });
    await page.getByText(posted).waitFor({ timeout: 15_000 });

    // An upload signed by instance 2, sent straight to the bucket, recorded by instance 3 and
    // placed on the board by instance 1, shows in the browser that came through nginx.
    const author2 = await apiAs(local(cluster.instances[1]!), 'author');
    const author3 = await apiAs(third, 'author');
    const author1 = await apiAs(local(cluster.instances[0]!), 'author');
    const image = fs.readFileSync(
      path.resolve(import.meta.dirname, '../apps/web/public/media/pattern.jpg'),
    );
    const signed = await author2.post<{ url: string; headers: Record<string, string> }>(
      '/api/upload/s3',
      { bucketPath: 'author/cluster-pattern.jpg', fileType: 'image/jpeg' },
    );
    expect(signed.url).toContain('/listboard/author/cluster-pattern.jpg');
    const put = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body: image });
    expect(put.status).toBe(200);
    const record = await author3.post<{ url: string }>('/api/upload/record', {
      bucketPath: 'author/cluster-pattern.jpg',
      fileType: 'image/jpeg',
      size: image.length,
    });
    const caption = `A pattern uploaded through three instances ${n}`;
    await author1.post('/api/forms/insert_item', {
      listId: list._id,
      text: `Shared upload\n\n${record.url} ~ ${caption}`,
    });
    await page.goto(`${cluster.url}/author/course`);
    const img = page.getByRole('img', { name: caption });
    await img.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'cluster-board');
    await b.close();
  }, 120_000);
});
