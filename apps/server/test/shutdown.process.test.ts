import { describe, expect, inject, it } from 'vitest';
import { startServer } from '../../../e2e/server';

describe('graceful shutdown', () => {
  it('stops on SIGTERM with exit code 0, and the data folder reopens with the seeded boards', async () => {
    const s = await startServer({ LOG_LEVEL: 'silent' });
    const exited = new Promise<number | null>((r) => s.proc.once('exit', (code) => r(code)));
    s.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    const again = await startServer({ LOG_LEVEL: 'silent', DATA_DIR: s.dataDir });
    const res = await fetch(`${again.url}/api/dbload/load_multilists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addresses: ['/admin/home'] }),
    });
    expect(((await res.json()) as { title: string }[])[0]!.title).toBe('home');
    await again.stop();
    await s.stop();
  }, 120_000);

  it('stops on SIGTERM while a viewer holds a live stream open', async () => {
    // A copy of the API tests' migrated and seeded folder: the first test covers a fresh one.
    const s = await startServer({ LOG_LEVEL: 'silent' }, { template: inject('pgliteTemplate') });
    const guest = await fetch(`${s.url}/api/auth/guest`, { method: 'POST' });
    const cookie = guest.headers.get('set-cookie')!.split(';')[0]!;
    const [home] = (await (
      await fetch(`${s.url}/api/dbload/load_multilists`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ addresses: ['/admin/home'] }),
      })
    ).json()) as { _id: string }[];
    const stream = await fetch(`${s.url}/api/events?boards=${home!._id}`, { headers: { cookie } });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: ready');
    const exited = new Promise<number | null>((r) => s.proc.once('exit', (code) => r(code)));
    s.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    // The viewer's stream ended with the server; its browser reconnects to the next one.
    expect((await reader.read()).done).toBe(true);
    await s.stop();
  }, 120_000);
});
