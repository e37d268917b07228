import { describe, expect, it } from 'vitest';
import { blocksToText, textToBlocks } from './blocks';

const ctx = { owner: 'maya' };

describe('textToBlocks', () => {
  it('splits and types each block', () => {
    const text = [
      '### Week 1',
      'lecture.webm 0:30-12:00 # lecture.jpg ~ Lecture',
      '```sql\nselect 1;\n\nselect 2;\n```',
      'Read [the notes](/maya/notes) first.',
    ].join('\n\n');
    expect(textToBlocks(text, ctx).map((b) => b.type)).toEqual([
      'mdtext',
      'video',
      'fencedcode',
      'mdtext',
    ]);
  });

  it('reads the seeded help item the way its text promises', () => {
    const text =
      '### Writing items\n\nItems are written in a light markup. A blank line starts a new block. A line that is only a media address becomes a player:\n\n```\n/media/lecture.webm # /media/lecture-poster.jpg ~ Week 1 lecture\n```';
    expect(textToBlocks(text).map((b) => b.type)).toEqual(['mdtext', 'text', 'fencedcode']);
    expect(
      textToBlocks('/media/lecture.webm # /media/lecture-poster.jpg ~ Week 1 lecture'),
    ).toEqual([
      {
        text: '/media/lecture.webm # /media/lecture-poster.jpg ~ Week 1 lecture',
        type: 'video',
        url: '/media/lecture.webm',
        fullpathnq: '/media/lecture.webm',
        suffix: 'webm',
        isUpload: false,
        caption: 'Week 1 lecture',
        posterUrl: '/media/lecture-poster.jpg',
        posterPath: '/media/lecture-poster.jpg',
      },
    ]);
  });

  it('gives no blocks for blank text', () => {
    expect(textToBlocks('  \n\n ')).toEqual([]);
  });
});

describe('blocksToText', () => {
  it('joins block texts with one blank line', () => {
    expect(
      blocksToText([{ text: 'a' }, { text: '\n\n  b  \n' }, { text: ' ' }, { text: 'c\r\nd' }]),
    ).toBe('a\n\n  b\n\nc\nd');
  });

  it('is the inverse of textToBlocks up to blank-line runs and trailing spaces', () => {
    const text = '\n\n   indented\n\n\n\n$$\nx\n\n\ny\n$$   \n\n| a |\n|--|\n\n\n| b |\n\n\n';
    const blocks = textToBlocks(text, ctx);
    expect(blocksToText(blocks)).toBe('   indented\n\n$$\nx\n\n\ny\n$$\n\n| a |\n|--|\n\n\n| b |');
    expect(textToBlocks(blocksToText(blocks), ctx)).toEqual(blocks);
  });
});
