import { afterAll, afterEach } from 'vitest';
import { closeChromium } from './browser';
import { releaseApp } from './session';

// Each test file's Chromium ends with the file, and its app goes to the next file.
afterAll(async () => {
  await closeChromium();
  releaseApp();
});

// E2E_TRY_TWICE=1 fails each test's first try once it has passed, so the retry runs it again
// on the database its first try left: a test whose second try cannot pass (a name taken, a count
// grown, a toggle flipped back) is found before CI retries it for real.
if (process.env.E2E_TRY_TWICE === '1')
  afterEach(({ task }) => {
    if ((task.result?.retryCount ?? 0) === 0 && task.result?.state !== 'fail')
      throw new Error('E2E_TRY_TWICE: first try passed; trying again');
  });
