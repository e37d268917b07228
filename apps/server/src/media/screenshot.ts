/**
 * Page thumbnails (spec section 7): a screenshot of a page at 1280x960 in headless Chromium
 * (Debian's, through playwright-core), after an optional delay. One browser is started on first
 * use and kept; each shot gets a fresh context, and shots run one at a time. All of the browser's
 * traffic goes through the policy proxy (page-proxy.ts). playwright-core (most of a second to
 * import) is loaded with the browser, not with the app.
 */
import type { Browser } from 'playwright-core';
import type { HostPolicy } from './host-policy';
import { REFUSED_HEADER, startPageProxy, type PageProxy } from './page-proxy';

export const THUMBNAIL_VIEWPORT = { width: 1280, height: 960 } as const;
/** Shots waiting beyond this are turned away rather than queued for minutes. */
const MAX_WAITING = 16;

export class ScreenshotError extends Error {
  constructor(
    readonly kind: 'refused' | 'failed' | 'missing' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

export interface ScreenshotOptions {
  chromiumPath: string;
  policy: HostPolicy;
  timeoutMs?: number;
}

export class Screenshotter {
  private browser: Promise<Browser> | null = null;
  private proxy: Promise<PageProxy> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly opts: ScreenshotOptions) {}

  private start(): Promise<{ browser: Browser; proxy: PageProxy }> {
    this.proxy ??= startPageProxy(this.opts.policy);
    this.browser ??= Promise.all([this.proxy, import('playwright-core')]).then(
      ([proxy, { chromium }]) =>
        chromium.launch({
          executablePath: this.opts.chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            // Without this Chromium would reach loopback directly, past the proxy.
            '--proxy-bypass-list=<-loopback>',
          ],
          proxy: { server: proxy.url },
        }),
    );
    return Promise.all([this.browser, this.proxy]).then(([browser, proxy]) => ({
      browser,
      proxy,
    }));
  }

  /** A PNG of the page; one at a time, in order. */
  shot(url: string, delayMs: number): Promise<Buffer> {
    if (this.waiting >= MAX_WAITING)
      return Promise.reject(
        new ScreenshotError('busy', 'Too many page thumbnails are on the way.'),
      );
    this.waiting++;
    const run = this.queue.then(() => this.take(url, delayMs));
    const settled = run.catch(() => undefined).finally(() => this.waiting--);
    this.queue = settled;
    return run;
  }

  private async take(url: string, delayMs: number): Promise<Buffer> {
    let started: { browser: Browser; proxy: PageProxy };
    try {
      started = await this.start();
    } catch (err) {
      this.browser = null;
      throw new ScreenshotError('missing', `Chromium could not be started: ${String(err)}`);
    }
    const context = await started.browser.newContext({
      viewport: THUMBNAIL_VIEWPORT,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    try {
      const page = await context.newPage();
      const timeout = this.opts.timeoutMs ?? 20_000;
      let res;
      try {
        res = await page.goto(url, { waitUntil: 'load', timeout });
      } catch (err) {
        throw new ScreenshotError('failed', `The page could not be opened: ${String(err)}`);
      }
      if (!res) throw new ScreenshotError('failed', 'The page sent nothing.');
      if (res.headers()[REFUSED_HEADER])
        throw new ScreenshotError('refused', 'The page is refused by the thumbnail policy.');
      if (!res.ok()) throw new ScreenshotError('failed', `The page answered ${res.status()}.`);
      if (delayMs > 0) await page.waitForTimeout(delayMs);
      return await page.screenshot({ type: 'png', timeout });
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const [browser, proxy] = [this.browser, this.proxy];
    this.browser = null;
    this.proxy = null;
    await (await browser?.catch(() => null))?.close().catch(() => undefined);
    await (await proxy?.catch(() => null))?.close();
  }
}
