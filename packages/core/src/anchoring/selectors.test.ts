import { describe, expect, it } from 'vitest';
import {
  describeSelection,
  isMediaHighlight,
  isTextTarget,
  isPageHighlight,
  mediaHighlightSchema,
  momentLabel,
  placeWords,
  readHighlight,
} from './selectors';

describe('a note’s moment, as it is named', () => {
  it('is whole seconds, as m:ss, and h:mm:ss past an hour', () => {
    expect(momentLabel(0)).toBe('0:00');
    expect(momentLabel(59.9)).toBe('0:59');
    expect(momentLabel(65.2)).toBe('1:05');
    expect(momentLabel(3723)).toBe('1:02:03');
  });
});

describe('a note’s moment of a recording', () => {
  it('keeps the block it was written at, and refuses a span that runs backwards', () => {
    const at = { startTime: 65.2, endTime: 65.2, block: { id: 'b1', index: 1 } };
    expect(readHighlight(at)).toEqual(at);
    expect(isMediaHighlight(readHighlight(at))).toBe(true);
    // Stored or imported without a block: the span alone.
    expect(readHighlight({ startTime: 3, endTime: 9 })).toEqual({ startTime: 3, endTime: 9 });
    expect(mediaHighlightSchema.safeParse({ startTime: 9, endTime: 3 }).success).toBe(false);
  });
});

describe('a note on a PDF’s page', () => {
  it('keeps its page and block, and is said in words as its place, as a moment is', () => {
    const on = { page: 2, block: { id: 'b2', index: 1 } };
    expect(readHighlight(on)).toEqual(on);
    expect(isPageHighlight(readHighlight(on))).toBe(true);
    expect(readHighlight({ page: 0 })).toBeNull();
    expect(placeWords(on)).toBe('on page 2 of the PDF');
    expect(placeWords({ startTime: 65.2, endTime: 65.2 })).toBe('at 1:05 of the recording');
    expect(placeWords(null)).toBeNull();
  });

  it('keeps words chosen on a page of it as words on that page: a passage with its place', () => {
    const words = { ...describeSelection('Table 2: results', 0, 7, { blockIndex: 1 }), page: 3 };
    const read = readHighlight(words);
    expect(read).toEqual(words);
    expect(isTextTarget(read) && isPageHighlight(read)).toBe(true);
    expect(placeWords(read)).toBe('on page 3 of the PDF');
    // A page that is none is no page: the words are refused with it, not kept without it.
    expect(readHighlight({ ...words, page: 0 })).toBeNull();
    expect(readHighlight({ ...words, page: 2.5 })).toBeNull();
  });
});
