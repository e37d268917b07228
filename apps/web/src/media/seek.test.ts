import { describe, expect, it } from 'vitest';
import { MEDIA } from '@listboard/core';
import { clampTime, rangeOf, seekTarget, STEPS } from './seek';

describe('media time', () => {
  it('uses the spec’s steps', () => {
    expect(STEPS).toEqual({ jump: 3, skip: 1, nudge: 0.25, scrub: 5, scrubByKey: 10 });
    expect(MEDIA.defaultVolume).toBe(0.8);
  });

  it('clamps every seek between 0 and the duration', () => {
    expect(clampTime(-STEPS.jump, 60)).toBe(0);
    expect(clampTime(58 + STEPS.jump, 60)).toBe(60);
    expect(clampTime(12.25, 60)).toBe(12.25);
    // Before the metadata is in, only the lower bound is known.
    expect(clampTime(500, NaN)).toBe(500);
    expect(clampTime(NaN, 60)).toBe(0);
  });

  it('keeps seeks inside the range when trimmed, and only inside the file when not', () => {
    const range = { start: 10, end: 20 };
    expect(seekTarget(5, 60, range, true)).toBe(10);
    expect(seekTarget(25, 60, range, true)).toBe(20);
    expect(seekTarget(5, 60, range, false)).toBe(5);
    expect(seekTarget(70, 60, { start: 10, end: null }, true)).toBe(60);
  });

  it('reads a block’s range; an end of -1 or before the start means to the end', () => {
    const r = (start: number, end: number) => ({
      range: { start, end, startCode: '', endCode: '' },
    });
    expect(rangeOf(r(1, 2))).toEqual({ start: 1, end: 2 });
    expect(rangeOf(r(3, -1))).toEqual({ start: 3, end: null });
    expect(rangeOf({})).toEqual({ start: 0, end: null });
  });
});
