import { describe, expect, it } from 'vitest';
import { setMediaLineRange } from './range-edit';
import { textToBlocks } from './blocks';

describe('setMediaLineRange', () => {
  it('adds a range token after the address, keeping poster and caption', () => {
    const text = setMediaLineRange('/media/a.webm # /media/p.jpg ~ Lecture', 65, 90);
    expect(text).toBe('/media/a.webm 1:05-1:30 # /media/p.jpg ~ Lecture');
    const [block] = textToBlocks(text);
    expect(block).toMatchObject({
      type: 'video',
      caption: 'Lecture',
      range: { start: 65, end: 90 },
    });
  });

  it('replaces an existing token or fragment', () => {
    expect(setMediaLineRange('/media/a.webm 0:10-0:20 ~ x', 30, 40)).toBe(
      '/media/a.webm 0:30-0:40 ~ x',
    );
    expect(setMediaLineRange('/media/a.webm#t=10,20', 5, 6)).toBe('/media/a.webm 0:05-0:06');
  });

  it('writes an open end as a fragment, and keeps further lines', () => {
    const text = setMediaLineRange('/media/a.mp3\nmore caption', 12, -1);
    expect(text).toBe('/media/a.mp3#t=12\nmore caption');
    expect(textToBlocks(text)[0]!.range).toMatchObject({ start: 12, end: -1 });
  });
});
