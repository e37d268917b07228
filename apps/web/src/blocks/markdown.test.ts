import { describe, expect, it } from 'vitest';
import { markdownLiteral } from '@listboard/core';
import katex from 'katex';
import { renderMarkdown, renderNoteMarkdown } from './markdown';
import { noteHasMarkup } from './markdownLoad';

/** A link whose words are `words`, made the way the server writes results and Discussion. */
function linkOf(words: string): HTMLAnchorElement {
  const host = document.createElement('div');
  host.innerHTML = renderMarkdown(`On a board: [${markdownLiteral(words)}](/author/home;b#note-1)`);
  const links = host.querySelectorAll('a');
  expect(links).toHaveLength(1);
  return links[0]!;
}

describe('words made literal (markdownLiteral) in a link', () => {
  it('show exactly as written, as the link’s own words, with nothing made of their marks', () => {
    for (const words of [
      '\\int_0^1 x^2\\,dx = \\tfrac{1}{3}',
      '$$\\pi r^2$$ and $x$',
      '<img src=x onerror="window.__xss=1"> and <b>bold</b>',
      '[a](javascript:alert(1)) ![b](/media/x.jpg)',
      '*emphasis* __strong__ `code` ~~struck~~',
      '# not a heading',
      '1. not a list',
      'a \\ backslash, a | bar -- and ... dots "quoted"',
      'Week 2 — Ünïcode 👍',
    ]) {
      const a = linkOf(words);
      expect(a.textContent, words).toBe(words);
      expect(a.getAttribute('href')).toBe('/author/home;b#note-1');
      expect(a.querySelector('*'), words).toBeNull();
    }
  });
});

describe('a formula inside a sentence', () => {
  const shown = (text: string) => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown(text, katex);
    return host;
  };

  it('is set with KaTeX in the line, written $…$ or $$…$$', () => {
    const host = shown('Where $n$ is the size, the mean is $$\\bar{x}$$ and prices stay: $5.');
    const formulas = host.querySelectorAll('p > .katex');
    expect(formulas).toHaveLength(2);
    expect(host.querySelector('.katex-display')).toBeNull();
    expect(formulas[0]!.querySelector('.katex-html')?.textContent).toBe('n');
    host.querySelectorAll('.katex-mathml').forEach((m) => m.remove());
    expect(host.textContent.trim()).toMatch(
      /^Where n is the size, the mean is x\S+ and prices stay: \$5\.$/,
    );
  });

  it('is not made of prices, an escaped dollar or code', () => {
    for (const text of [
      'It costs $5 and $6 a week.',
      'From $5–$10 a month.',
      'Write \\$x\\$ for dollars.',
      'Type `$x$` to get a formula.',
    ]) {
      expect(shown(text).querySelector('.katex'), text).toBeNull();
    }
    expect(shown('Type `$x$` to get a formula.').querySelector('code')?.textContent).toBe('$x$');
  });
});

describe("an item's headings", () => {
  const tags = (text: string) => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown(text);
    return [...host.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
      (h) => `${h.tagName} ${h.textContent}`,
    );
  };

  it('sit under the list’s title: the block’s top one is an h4 whatever its mark, the rest follow', () => {
    expect(tags('# Week 1\n\nText\n\n## Reading\n\n### Notes\n\n#### Deeper')).toEqual([
      'H4 Week 1',
      'H5 Reading',
      'H6 Notes',
      'H6 Deeper',
    ]);
    expect(tags('### Week 1: Who is speaking?\n\nText')).toEqual(['H4 Week 1: Who is speaking?']);
    expect(tags('## Two\n\n### Three')).toEqual(['H4 Two', 'H5 Three']);
    // No heading, nothing changed; a heading's words keep their marks.
    expect(tags('Plain *text*')).toEqual([]);
    expect(renderMarkdown('# A *b*')).toBe('<h4>A <em>b</em></h4>\n');
  });
});

describe('a list, a quote or a table', () => {
  it('reads in the direction of its first letter, so its bullets, bar or columns start on that side', () => {
    const host = document.createElement('div');
    host.innerHTML = renderMarkdown(
      '- الأول\n- الثاني\n\n1. one\n\n> اقتباس\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    const dirs = [...host.querySelectorAll('ul, ol, blockquote, table')].map(
      (e) => `${e.tagName} ${e.getAttribute('dir')}`,
    );
    expect(dirs).toEqual(['UL auto', 'OL auto', 'BLOCKQUOTE auto', 'TABLE auto']);
  });
});

describe("a note's words", () => {
  const note = (text: string) => {
    const host = document.createElement('div');
    host.innerHTML = renderNoteMarkdown(text, katex);
    return host;
  };
  it('show emphasis, code, links and formulas, and keep their lines and quotes as written', () => {
    const host = note(
      'I found **two** sources, `AP` and https://example.org/a.\nSee [the list](#Week 2) and $x^2$.\n\n"Quoted" -- as typed...',
    );
    expect(host.querySelector('strong')?.textContent).toBe('two');
    expect(host.querySelector('code')?.textContent).toBe('AP');
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/a',
      '#Week%202',
    ]);
    expect(host.querySelector('.katex')).not.toBeNull();
    // The note keeps white space, so its line breaks and blank line stay where they were typed.
    expect(host.textContent).toContain('example.org/a.\nSee');
    expect(host.textContent).toContain('\n\n"Quoted" -- as typed...');
  });
  it('never make HTML, a picture or a link that runs a command', () => {
    const host = note(
      '<b onmouseover="window.__x=1">bold</b> ![p](/media/x.jpg) [run](^deleteItem()) [js](javascript:alert(1))',
    );
    expect(host.querySelector('b, img, [onmouseover]')).toBeNull();
    expect(host.querySelectorAll('a')).toHaveLength(0);
    expect(host.textContent).toContain('<b onmouseover="window.__x=1">bold</b>');
    expect(host.textContent).toContain('[run](^deleteItem())');
    expect(host.textContent).toContain('![p](/media/x.jpg)');
  });
  it('set off each mention, but not an address, nor words in code', () => {
    const host = note('Ask @maya_o. Or (@lee), mail sam@school.edu, `@decorator`, **@bold**');
    expect([...host.querySelectorAll('.mention')].map((m) => m.textContent)).toEqual([
      '@maya_o',
      '@lee',
      '@bold',
    ]);
    expect(host.querySelector('a')?.getAttribute('href')).toBe('mailto:sam@school.edu');
    expect(host.textContent).toBe('Ask @maya_o. Or (@lee), mail sam@school.edu, @decorator, @bold');
  });
  it('set off each tag, leading to the notes with it where the page says, and not a number, word, link or code', () => {
    const text = '#Question: why? (#confused) #1, C#, [Week 2](#Week 2), `#define`, **#bold**';
    const tags = (host: HTMLElement) =>
      [...host.querySelectorAll('.tag')].map((t) => [
        t.tagName,
        t.textContent,
        t.getAttribute('href'),
      ]);
    const host = document.createElement('div');
    host.innerHTML = renderNoteMarkdown(text, katex, (tag) =>
      tag === 'bold' ? null : `/ann/home?code=pending&tag=${tag}`,
    );
    expect(tags(host)).toEqual([
      ['A', '#Question', '/ann/home?code=pending&tag=question'],
      ['A', '#confused', '/ann/home?code=pending&tag=confused'],
      ['SPAN', '#bold', null],
    ]);
    expect(host.textContent).toBe('#Question: why? (#confused) #1, C#, Week 2, #define, #bold');
    // In a link's words, a tag is set off and the link leads where it was written to.
    const linked = document.createElement('div');
    linked.innerHTML = renderNoteMarkdown(
      '[see #sources](https://example.org/s)',
      katex,
      () => '/t',
    );
    expect(linked.querySelectorAll('a')).toHaveLength(1);
    expect(linked.querySelector('a')?.getAttribute('href')).toBe('https://example.org/s');
    expect(linked.querySelector('a .tag')?.textContent).toBe('#sources');
    // Where the page gives no place for them (a reader's board), tags are set off, leading nowhere.
    expect(tags(note(text)).map(([tag, words]) => [tag, words])).toEqual([
      ['SPAN', '#Question'],
      ['SPAN', '#confused'],
      ['SPAN', '#bold'],
    ]);
  });
  it('without any mark in them need no renderer', () => {
    expect(noteHasMarkup('Do podcasts count? Yes, if they name their sources.')).toBe(false);
    expect(noteHasMarkup('Item #1 of 3.')).toBe(false);
    for (const marked of [
      'a *word*',
      'see https://x.org',
      'www.x.org',
      'a@b.org',
      '$x$',
      '[a](b)',
      'a #tag',
    ])
      expect(noteHasMarkup(marked), marked).toBe(true);
  });
});
