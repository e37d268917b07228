import { describe, expect, it } from 'vitest';
import { inlineLinkDestinations, parseWholeMarkdownLink, sectionLinkAt } from './mdlink';

describe('markdown links', () => {
  it('reads a whole-block link with an optional title', () => {
    expect(parseWholeMarkdownLink('[a [nested] text](/x/y "T")')).toEqual({
      image: false,
      text: 'a [nested] text',
      destination: '/x/y',
      title: 'T',
      end: 27,
    });
    expect(parseWholeMarkdownLink(' ![alt](<a b.png>) ')).toMatchObject({
      image: true,
      text: 'alt',
      destination: 'a b.png',
    });
    expect(parseWholeMarkdownLink('[w](https://en.wikipedia.org/wiki/A_(b))')?.destination).toBe(
      'https://en.wikipedia.org/wiki/A_(b)',
    );
  });

  it('refuses anything more or less than one link', () => {
    for (const t of [
      '[a](b) c',
      '[a] (b)',
      '[a](b',
      '[a\\](b)',
      'x[a](b)',
      '[a](b "t)',
      '[a](b c)',
    ]) {
      expect(parseWholeMarkdownLink(t), t).toBeNull();
    }
  });

  it('lists inline link destinations', () => {
    expect(inlineLinkDestinations('[a](/1) x ![b](2.png "t") [bad](3 4) [c](<5>)')).toEqual([
      '/1',
      '2.png',
      '5',
    ]);
  });
});

describe('section links to titles with spaces', () => {
  it('reads [Week 2](#Week 2) as a section link with its spaces encoded', () => {
    const text = 'Go to [Week 2](#Week 2) next.';
    const at = text.indexOf('[');
    expect(sectionLinkAt(text, at)).toEqual({
      text: 'Week 2',
      labelStart: at + 1,
      labelEnd: at + 7,
      href: '#Week%202',
      end: text.indexOf(' next'),
    });
    expect(sectionLinkAt('[*The* end](#The  long end)', 0)).toMatchObject({
      text: '*The* end',
      href: '#The%20long%20end',
    });
  });

  it('leaves every other link to markdown', () => {
    for (const t of [
      '[Week 2](#week-2)',
      '[a](/x y)',
      '[a](#a "title")',
      '[a](#a\nb c)',
      '[a](# )',
      '[a] (#a b)',
      'no link',
      '[a](#a b',
    ]) {
      expect(sectionLinkAt(t, 0), t).toBeNull();
    }
  });
});
