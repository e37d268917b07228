import { describe, expect, it } from 'vitest';
import { lateWords } from './GradeParts';

describe('what Course grades says counts as late', () => {
  const due = '2030-03-15T17:00:00.000Z';
  it('names the board’s date, the lists with their own, both, or neither', () => {
    expect(lateWords(null, 0, '50')).toBe(
      'The board has no due date, so nothing is late: set one in Board settings.',
    );
    expect(lateWords(due, 0, '50')).toMatch(
      /^Notes and replies written after the board's notes were due \(.*2030.*\) earn 50% of their points\.$/,
    );
    expect(lateWords(null, 1, '50')).toBe(
      "Notes and replies written after their list's notes were due (1 list has a date) earn 50% of their points.",
    );
    expect(lateWords(due, 3, '0')).toMatch(
      /^Notes and replies written after they were due \(.*2030.*, or their list's own date on 3 lists\) earn 0% of their points\.$/,
    );
    // A link placed at one section: that list's date (else the board's).
    expect(lateWords(due, 0, '50', true)).toMatch(
      /^Notes and replies written on the section after they were due \(.*2030.*\) earn 50% of their points\.$/,
    );
    expect(lateWords(null, 0, '50', true)).toBe(
      'Neither this section nor the board has a due date, so nothing is late.',
    );
  });
});
