import { describe, expect, it } from 'vitest';
import { parseMediaLine } from '@listboard/core';
import { setMediaLineAddress, setMediaLinePoster } from './media-line';

describe('setMediaLinePoster', () => {
  it('adds a poster after the address and its range, before caption and alt text', () => {
    expect(setMediaLinePoster('clip.mp4 0:01-0:02 ~ Clip : alt', '/files/p.png')).toBe(
      'clip.mp4 0:01-0:02 # /files/p.png ~ Clip : alt',
    );
    expect(setMediaLinePoster('clip.mp4', '/files/p.png')).toBe('clip.mp4 # /files/p.png');
    expect(setMediaLinePoster('clip.mp4 ~ A caption', 'p.png')).toBe(
      'clip.mp4 # p.png ~ A caption',
    );
  });

  it('replaces a poster wherever it is written, and keeps further lines', () => {
    expect(setMediaLinePoster('clip.mp4 ~ Cap # old.png\nmore', 'new.png')).toBe(
      'clip.mp4 ~ Cap # new.png\nmore',
    );
    const line = setMediaLinePoster('v.webm#t=3 # a.jpg : alt | Title', '/files/b.png');
    expect(line).toBe('v.webm#t=3 # /files/b.png : alt | Title');
    expect(parseMediaLine(line)).toMatchObject({ posterPath: '/files/b.png', altText: 'alt' });
  });

  it('refuses what is not a media line', () => {
    expect(() => setMediaLinePoster('Just some words here', 'p.png')).toThrow();
  });
});

describe('setMediaLineAddress', () => {
  it('keeps the range, poster and caption', () => {
    expect(setMediaLineAddress('a.mp4 1-2 # p.png ~ Cap', '/media/b.webm')).toBe(
      '/media/b.webm 0:01-0:02 # p.png ~ Cap',
    );
    expect(setMediaLineAddress('a.mp4#t=5', 'b.mp4')).toBe('b.mp4#t=5');
  });
});
