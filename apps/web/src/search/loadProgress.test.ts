import { describe, expect, it } from 'vitest';
import { progressOf, readLines } from './loadProgress';

describe('the load progress stream', () => {
  it('reads complete lines as they come, and leaves a half line for later', () => {
    const first = readLines('{"phase":"reading","source":"a.pdf","done":0,"total":1}\n{"pha', 0);
    expect(first.lines).toEqual([{ phase: 'reading', source: 'a.pdf', done: 0, total: 1 }]);
    expect(first.next).toBe(1);
    const text =
      '{"phase":"reading","source":"a.pdf","done":0,"total":1}\n' +
      '{"phase":"reading","source":"a.pdf","done":1,"total":3}\n' +
      'not json\n';
    expect(readLines(text, first.next)).toEqual({
      lines: [{ phase: 'reading', source: 'a.pdf', done: 1, total: 3 }],
      next: 3,
    });
  });

  it('turns each step into a share of the whole and a label', () => {
    expect(progressOf({ phase: 'uploading', sent: 50, total: 100, name: 'a.pdf' })).toEqual({
      fraction: 0.2,
      label: 'Sending a.pdf… 50%',
    });
    expect(progressOf({ phase: 'fetching', url: 'https://x.org/a' })).toEqual({
      fraction: 0.4,
      label: 'Fetching https://x.org/a…',
    });
    expect(progressOf({ phase: 'reading', source: 'a.pdf', done: 2, total: 4 })).toEqual({
      fraction: 0.55,
      label: 'Reading page 2 of 4…',
    });
    expect(progressOf({ phase: 'reading', source: 'a.docx', done: 0, total: 1 })?.label).toBe(
      'Reading a.docx…',
    );
    const writing = progressOf({ phase: 'writing', done: 1, total: 4, items: 9 })!;
    expect(writing.fraction).toBeCloseTo(0.775);
    expect(writing.label).toBe('Writing list 2 of 4 (9 items)…');
    expect(progressOf({ phase: 'writing', done: 0, total: 1, items: 1 })?.label).toBe(
      'Writing list 1 of 1 (1 item)…',
    );
    expect(progressOf({ phase: 'error', status: 400, error: 'x' })).toBeNull();
  });
});
