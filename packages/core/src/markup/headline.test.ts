import { describe, expect, it } from 'vitest';
import { textToBlocks } from './blocks';
import { excerptMarkup, headlineOf, markdownLiteral } from './headline';

describe('headlineOf', () => {
  it('is the first non-blank block’s first line, without heading marks, emphasis or link targets', () => {
    expect(
      headlineOf([{ text: '  ' }, { text: '## Week *2*: [who](/a/b) published it\nmore' }]),
    ).toBe('Week 2: who published it');
  });
  it('falls back to the text when no block has words, and is cut at 120 characters', () => {
    expect(headlineOf([], 'x'.repeat(200))).toHaveLength(120);
    expect(headlineOf([{ text: '' }], '')).toBe('');
  });
  it('names an item by what its first block shows, never by its markup', () => {
    const cases: [string, string][] = [
      ['$$\\int_0^1 x^2\\,dx = \\tfrac{1}{3}$$', '\\int_0^1 x^2\\,dx = \\tfrac{1}{3}'],
      ['\\(a^2 + b^2 = c^2\\)', 'a^2 + b^2 = c^2'],
      ['```js\nconst answer = 42;\n```', 'const answer = 42;'],
      ['/media/lecture.webm # /media/poster.jpg ~ Lecture 1: sources', 'Lecture 1: sources'],
      ['/media/interview.ogg', 'interview.ogg'],
      ['![Two front pages](/media/pattern.jpg)', 'Two front pages'],
      ['<img src=x>\n\nThe words after', 'The words after'],
      ['Mixed ***bold*** and <em>html em</em> too.', 'Mixed bold and html em too.'],
      ['- first *point* here\n- second', 'first point here'],
      ['1. one\n2. two', 'one'],
      ['| term | meaning |\n| --- | --- |\n| a | b |', 'term | meaning'],
      ['> A quoted **claim**', 'A quoted claim'],
      ['The area is $$\\pi r^2$$ here.', 'The area is \\pi r^2 here.'],
      // Marks written as themselves, as result pages quote an item (markdownLiteral).
      [
        "Pick one article from this week's news\\. Who are its sources\\?",
        "Pick one article from this week's news. Who are its sources?",
      ],
      ['2 \\* 3 \\_is\\_ six', '2 * 3 _is_ six'],
    ];
    for (const [text, shown] of cases) expect(headlineOf([], text), text).toBe(shown);
    // Blocks as the server sends them, classified already.
    for (const [text, shown] of cases) expect(headlineOf(textToBlocks(text)), text).toBe(shown);
  });
});

describe('excerptMarkup', () => {
  it('shows each recording, picture, document or page by its kind and caption, never its address', () => {
    const cases: [string, string][] = [
      [
        '### Week 1: Who is speaking?\n\n/media/lecture.webm # /media/lecture-poster.jpg ~ Lecture 1: sources',
        'Week 1: Who is speaking?\n\n(video: Lecture 1: sources)',
      ],
      ['Read\n\n/media/pattern.jpg ~ Two *front* pages', 'Read\n\n(picture: Two front pages)'],
      ['/media/interview.ogg', '(audio: interview.ogg)'],
      ['![a cell](/files/author/cell_diagram.png)', '(picture: a cell)'],
      ['/files/author/cell_diagram.png', '(picture: cell_diagram.png)'],
      ['Phenology-2026.pdf', '(document: Phenology-2026.pdf)'],
      ['https://example.com/news/article-1', '(page: example.com/news/article-1)'],
      // A caption's marks that could still start markup are escaped; its words read as typed.
      [
        '/media/a.webm ~ Costs $$5 [draft] a\\b & c',
        '(video: Costs \\$\\$5 \\[draft\\] a\\\\b \\& c)',
      ],
    ];
    for (const [text, shown] of cases) expect(excerptMarkup(text), text).toBe(shown);
  });
  it('keeps words, emphasis and links as written, without a heading’s marks', () => {
    expect(excerptMarkup('## A **bold** [link](/a/b)\n\n[guide](/admin/help)')).toBe(
      'A **bold** [link](/a/b)\n\n[guide](/admin/help)',
    );
  });
});

describe('markdownLiteral', () => {
  it('escapes every punctuation mark and keeps everything else', () => {
    expect(markdownLiteral('$$x$$ <b>[a](b)</b> *c*')).toBe(
      '\\$\\$x\\$\\$ \\<b\\>\\[a\\]\\(b\\)\\<\\/b\\> \\*c\\*',
    );
    expect(markdownLiteral('Week 2 — Ünïcode 👍\nnext')).toBe('Week 2 — Ünïcode 👍 next');
  });
});
