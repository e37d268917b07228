import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { textToBlocks, type Block } from '@listboard/core';
import { BlockView } from './BlockView';
import { loadKatex } from './katex';
import { loadMarkdown } from './markdownLoad';
import { NOT_FOUND_IMAGE } from './notFoundImage';

afterEach(cleanup);
// Boards with markdown wait for markdown-it before they are shown (preloadMarkdownFor); so do
// these renderers. The text shown before it is here is tested apart (markdownLoad.test.tsx).
beforeAll(async () => {
  await loadMarkdown();
});

function show(text: string) {
  const blocks = textToBlocks(text);
  return render(
    <div>
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} />
      ))}
    </div>,
  );
}

describe('block renderers', () => {
  it('renders markdown and strips anything that could run script', () => {
    const { container } = show(
      'Some **strong** words <img src=x onerror="alert(1)"><script>alert(2)</script>',
    );
    expect(screen.getByText('strong').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
  });

  it('renders a markdown list and table', () => {
    show('- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('cell', { name: '2' })).toBeTruthy();
  });

  it('shows a formula’s TeX until KaTeX has loaded, then sets display and inline math with it', async () => {
    const { container } = show('$$x^2 + y^2$$\n\n\\(a + b\\)');
    // KaTeX is not in the app's first download: the TeX stands in while it loads.
    expect([...container.querySelectorAll('.math-pending')].map((c) => c.textContent)).toEqual([
      'x^2 + y^2',
      'a + b',
    ]);
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(2));
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelector('.math-pending')).toBeNull();
  });

  it('sets $$…$$ inside a paragraph as a formula in the line, and leaves lone dollars alone', async () => {
    await loadKatex();
    const { container } = show('The area is $$\\pi r^2$$ for a circle; it costs $5 or $$ 6.');
    const paragraph = container.querySelector('p')!;
    expect(paragraph.querySelectorAll('.katex')).toHaveLength(1);
    expect(paragraph.querySelector('.katex-display')).toBeNull();
    expect(paragraph.querySelector('annotation, .katex-mathml')?.textContent).toContain('\\pi r^2');
    expect(paragraph.textContent).toContain('for a circle; it costs $5 or $$ 6.');
    expect(paragraph.textContent).not.toContain('$$\\pi');
  });

  it('links a section whose title has spaces, [Week 2](#Week 2)', () => {
    show('Next: [Week 2](#Week 2), or [the *last* week](#Week 4) and [plain](#week-3).');
    expect(screen.getByRole('link', { name: 'Week 2' }).getAttribute('href')).toBe('#Week%202');
    expect(screen.getByRole('link', { name: 'the last week' }).getAttribute('href')).toBe(
      '#Week%204',
    );
    expect(screen.getByRole('link', { name: 'plain' }).getAttribute('href')).toBe('#week-3');
  });

  it('shows fenced code as code, highlighted once highlight.js arrives', async () => {
    const { container } = show('```js\nconst answer = 42;\n```');
    expect(container.querySelector('pre code')!.textContent).toBe('const answer = 42;');
    await screen.findByText('const', { selector: 'span' });
  });

  it('loads images lazily with their alt text, and swaps a missing one for the not-found image', () => {
    show('![A coloured fractal](/media/pattern.jpg)');
    const img = screen.getByRole<HTMLImageElement>('img', { name: 'A coloured fractal' });
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    const missing = screen.getByRole('img', { name: 'Image not found: A coloured fractal' });
    expect(missing.getAttribute('src')).toBe(NOT_FOUND_IMAGE);
  });

  it('never puts an image with a javascript: or other unsafe source into the page', () => {
    // A picture block stored before its source was filtered still shows no such source.
    const stored: Block = {
      type: 'mdimagelink',
      text: '![x](javascript:alert(1))',
      url: 'javascript:alert(1)',
      altText: 'x',
    };
    const { container } = render(
      <div>
        <BlockView block={stored} />
        {textToBlocks(
          '![whole](javascript:alert(2))\n\nIn a line ![inline](javascript:alert(3)) and ![ftp](ftp://x.org/a.png).\n\n<img src="javascript:alert(4)" alt="html"><img src=" java\tscript:alert(5)" alt="tab"> ![fine](/media/pattern.jpg)',
        ).map((b, i) => (
          <BlockView key={i} block={b} />
        ))}
      </div>,
    );
    const sources = [...container.querySelectorAll('img')].map((i) => i.getAttribute('src') ?? '');
    expect(sources.filter((src) => /script|ftp/i.test(src))).toEqual([]);
    expect(
      screen
        .getByRole('img', { name: 'Image not shown: its address is not allowed (x)' })
        .getAttribute('src'),
    ).toBe(NOT_FOUND_IMAGE);
    expect(screen.getByRole('img', { name: 'fine' }).getAttribute('src')).toBe(
      '/media/pattern.jpg',
    );
    // What was written stays readable as text.
    expect(container.textContent).toContain('![whole](javascript:alert(2))');
    expect(container.textContent).toContain('In a line ![inline](javascript:alert(3)) and ftp.');
  });

  it('gives video and audio native players that download nothing until played', async () => {
    const video: Block = {
      type: 'video',
      text: '/media/lecture.webm',
      url: '/media/lecture.webm',
      posterUrl: '/media/lecture-poster.jpg',
      caption: 'Lecture one',
    };
    const audio: Block = {
      type: 'audio',
      text: '/media/interview.ogg',
      url: '/media/interview.ogg',
    };
    const { container } = render(
      <>
        <BlockView block={video} />
        <BlockView block={audio} />
      </>,
    );
    // The player comes with the first recording on screen.
    const v = await waitFor(() => {
      const player = container.querySelector('video');
      expect(player).not.toBeNull();
      return player!;
    });
    expect(v.getAttribute('preload')).toBe('none');
    expect(v.getAttribute('poster')).toBe('/media/lecture-poster.jpg');
    expect(screen.getByText('Lecture one')).toBeTruthy();
    expect(container.querySelector('audio')!.getAttribute('preload')).toBe('none');
  });

  it('shows an external address as a card that opens in a new tab', () => {
    show('https://example.org/reading');
    const card = screen.getByRole('link', { name: /example\.org/ });
    expect(card.getAttribute('target')).toBe('_blank');
    expect(card.getAttribute('rel')).toContain('noopener');
  });

  it('shows a block of a type it has no renderer for as plain, escaped text', () => {
    render(<BlockView block={{ type: 'unknown-upload', text: '<b>not bold</b>' }} />);
    expect(screen.getByText('<b>not bold</b>')).toBeTruthy();
  });
});

describe('a PDF on another site', () => {
  it('shows as a link that opens it, fetching nothing (the page may fetch from its own site only)', async () => {
    const fetched: unknown[] = [];
    const was = globalThis.fetch;
    globalThis.fetch = (...args: unknown[]) => {
      fetched.push(args);
      return Promise.reject(new Error('no fetch here'));
    };
    try {
      show('https://journals.example.org/papers/gettier%201963.pdf ~ Gettier (1963)');
      const link = await screen.findByRole('link', { name: 'Gettier (1963)' });
      expect(link.getAttribute('href')).toBe(
        'https://journals.example.org/papers/gettier%201963.pdf',
      );
      expect(link.getAttribute('target')).toBe('_blank');
      expect(screen.getByText('PDF on journals.example.org: opens in a new tab')).toBeTruthy();
      expect(fetched).toEqual([]);
    } finally {
      globalThis.fetch = was;
    }
  });
});
