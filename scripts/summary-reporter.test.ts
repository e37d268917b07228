/**
 * The summary reporter's last line counts every test, and a test that passed only on a retry is
 * named with the error of its failed try.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import SummaryReporter from './summary-reporter';

interface FakeTest {
  fullName: string;
  state: 'passed' | 'failed' | 'skipped';
  flaky?: boolean;
  errors?: { message: string; stack?: string }[];
}

const moduleOf = (moduleId: string, tests: FakeTest[], state = 'passed'): TestModule =>
  ({
    moduleId,
    state: () => state,
    children: {
      allTests: () =>
        tests.map((t) => ({
          fullName: t.fullName,
          result: () => ({ state: t.state, errors: t.errors }),
          diagnostic: () => ({ flaky: t.flaky ?? false }),
        })),
    },
  }) as unknown as TestModule;

function printed(modules: TestModule[]): string {
  let out = '';
  const write = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  new SummaryReporter().onTestRunEnd(modules);
  write.mockRestore();
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('the summary reporter', () => {
  it('counts passed, failed and skipped tests, and a file that failed without a failed test', () => {
    const out = printed([
      moduleOf('a.test.ts', [
        { fullName: 'one', state: 'passed' },
        { fullName: 'two', state: 'failed', errors: [{ message: 'no' }] },
        { fullName: 'three', state: 'skipped' },
      ]),
      moduleOf('b.test.ts', [], 'failed'),
    ]);
    expect(out.trim().split('\n').at(-1)).toBe('1 passed, 2 failed, 1 skipped');
    expect(out).not.toContain('Passed on a retry');
  });

  it('names a test that passed on a retry, with why its first try failed', () => {
    const out = printed([
      moduleOf('e2e/undo.e2e.ts', [
        {
          fullName: 'undo › deletes the board',
          state: 'passed',
          flaky: true,
          errors: [{ message: 'Timeout 30000ms exceeded', stack: 'TimeoutError: waiting for …' }],
        },
      ]),
    ]);
    expect(out).toContain('Passed on a retry: e2e/undo.e2e.ts › undo › deletes the board');
    expect(out).toContain('TimeoutError: waiting for …');
    expect(out.trim().split('\n').at(-1)).toBe('1 passed, 0 failed, 0 skipped');
  });
});
