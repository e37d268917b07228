import type { Reporter, TestModule } from 'vitest/node';

/** How much of a retried attempt's error is printed. */
const ERROR_CHARS = 800;

/**
 * Ends the run with one plain line, `N passed, N failed, N skipped`, for humans and CI alike.
 * Before it, each test that passed only on a retry, with what failed the first time: the default
 * reporter shows such a test as passed and says nothing of why it needed another try.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const retried: string[] = [];
    for (const m of modules) {
      let failedHere = 0;
      for (const t of m.children.allTests()) {
        const result = t.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') failedHere++;
        else skipped++;
        if (result.state === 'passed' && t.diagnostic()?.flaky) {
          const why = (result.errors ?? [])
            .map((e) => (e.stack ?? e.message).slice(0, ERROR_CHARS))
            .join('\n');
          retried.push(`${m.moduleId} › ${t.fullName}\n${why}`);
        }
      }
      // A file whose setup failed has no failed test of its own, but it failed all the same.
      failed += failedHere > 0 ? failedHere : m.state() === 'failed' ? 1 : 0;
    }
    for (const r of retried) process.stdout.write(`\nPassed on a retry: ${r}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
