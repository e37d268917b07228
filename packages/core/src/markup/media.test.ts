import { describe, expect, it } from 'vitest';
import { parseMediaLine, titleToSlug } from './media';

const ctx = { owner: 'maya' };

describe('parseMediaLine', () => {
  it('takes the first token as the address', () => {
    expect(parseMediaLine('clip.mp4', ctx)).toMatchObject({
      address: 'clip.mp4',
      suffix: 'mp4',
      kind: 'video',
      resolved: { url: 'maya/clip.mp4', isUpload: true },
      hasOptions: false,
    });
  });

  it('reads poster, caption and alt text with title', () => {
    const media = parseMediaLine(
      '/media/lecture.webm # poster.jpg ~ Week 1 lecture : A lecture hall | Week 1: Intro!',
      ctx,
    );
    expect(media).toMatchObject({
      address: '/media/lecture.webm',
      posterPath: 'poster.jpg',
      posterUrl: 'maya/poster.jpg',
      caption: 'Week 1 lecture',
      altText: 'A lecture hall',
      titleText: 'week-1-intro',
      hasOptions: true,
    });
  });

  it('takes the parts in any order, each once', () => {
    const media = parseMediaLine('a.png : alt ~ caption : with colon # p.png', ctx);
    expect(media).toMatchObject({
      altText: 'alt',
      caption: 'caption : with colon',
      posterPath: 'p.png',
    });
  });

  it("uses the file name for the caption 'default'", () => {
    expect(parseMediaLine('https://x.org/d/My%20Song.mp3 ~ default')?.caption).toBe('My Song.mp3');
  });

  it('reads a start-end range token after the address', () => {
    const media = parseMediaLine('clip.mp4 1:05-1:30 ~ A clip', ctx);
    expect(media?.range).toEqual({
      start: 65,
      end: 90,
      startCode: '1:05',
      endCode: '1:30',
      url: 'maya/clip.mp4#t=65,90',
      posterCode: '1-05',
    });
    expect(media?.caption).toBe('A clip');
  });

  it('reads a #t= media fragment on the address', () => {
    const media = parseMediaLine('https://x.org/v.mp4#t=10,20');
    expect(media?.range).toMatchObject({ start: 10, end: 20, startCode: '10', endCode: '20' });
    expect(media?.resolved.fullpathnq).toBe('https://x.org/v.mp4');
  });

  it('prefers the range token to the fragment', () => {
    expect(parseMediaLine('v.mp4#t=1,2 3-4')?.range).toMatchObject({ start: 3, end: 4 });
  });

  it('is not a media line when other text follows the address', () => {
    expect(parseMediaLine('clip.mp4 is my favourite', ctx)).toBeNull();
    expect(parseMediaLine('clip.mp4 # two tokens.png', ctx)).toBeNull();
    expect(parseMediaLine('clip.mp4 # javascript:x', ctx)).toBeNull();
    expect(parseMediaLine('clip.mp4#poster.png', ctx)?.posterPath).toBeUndefined();
  });

  it('needs an address first', () => {
    expect(parseMediaLine('')).toBeNull();
    expect(parseMediaLine('# heading')).toBeNull();
    expect(parseMediaLine('[a](b.mp4)')).toBeNull();
  });

  it('treats an empty part as absent', () => {
    const media = parseMediaLine('a.jpg ~', ctx);
    expect(media?.caption).toBeUndefined();
    expect(media?.hasOptions).toBe(true);
  });
});

describe('titleToSlug', () => {
  it('lower-cases and turns punctuation into hyphens', () => {
    expect(titleToSlug('My Title!')).toBe('my-title');
    expect(titleToSlug('Week 1: Intro, part 2')).toBe('week-1-intro-part-2');
    expect(titleToSlug('Ünïcode Tïtle')).toBe('ünïcode-tïtle');
  });
});
