import { describe, expect, it } from 'vitest';
import { inlineLinkDestinations, parseWholeMarkdownLink } from './mdlink';

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
