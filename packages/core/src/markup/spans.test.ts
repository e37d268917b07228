import { describe, expect, it } from 'vitest';
import { blockSpans, replaceBlock, sentenceEnds, sentenceSpans, sentencesOf } from './spans';

const words = (text: string, spans: { start: number; end: number }[]) =>
  spans.map((s) => text.slice(s.start, s.end));

describe('sentences', () => {
  it('cut after . ! ? … with closing quotes, at white space only', () => {
    const t = 'He said "Go." Then left! Really? Yes… e.g. 3.14 is pi.';
    expect(words(t, sentencesOf(t))).toEqual([
      'He said "Go."',
      'Then left!',
      'Really?',
      'Yes…',
      'e.g.',
      '3.14 is pi.',
    ]);
  });

  it('are numbered across blocks; a media or code block is one sentence', () => {
    const t = 'One. Two.\n\n/media/a.mp4 ~ A. B.\n\n```\nx. y.\n```\n\nThree';
    expect(words(t, sentenceSpans(t))).toEqual([
      'One.',
      'Two.',
      '/media/a.mp4 ~ A. B.',
      '```\nx. y.\n```',
      'Three',
    ]);
  });
});

describe('blocks', () => {
  it('are found in order even when texts repeat, and with CRLF line ends', () => {
    const t = 'same\r\n\r\nsame\r\n\r\nother';
    expect(words(t.replace(/\r\n/g, '\n'), blockSpans(t))).toEqual(['same', 'same', 'other']);
    expect(replaceBlock(t, 1, 'changed')).toBe('same\n\nchanged\n\nother');
  });
});

describe('sentenceEnds', () => {
  it('tells which sentence of shown text an offset is in', () => {
    const shown = 'One is here. Two “is” there! Three.';
    expect(sentenceEnds(shown, 0)).toBe(0);
    expect(sentenceEnds(shown, shown.indexOf('here'))).toBe(0);
    expect(sentenceEnds(shown, shown.indexOf('Two'))).toBe(1);
    expect(sentenceEnds(shown, shown.indexOf('Three'))).toBe(2);
    expect(sentenceEnds(shown, shown.length)).toBe(2);
    expect(sentenceEnds('No end at all', 5)).toBe(0);
  });
});
