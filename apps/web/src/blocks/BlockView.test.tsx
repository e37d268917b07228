import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { textToBlocks, type Block } from '@listboard/core';
import { BlockView } from './BlockView';
import { NOT_FOUND_IMAGE } from './notFoundImage';

afterEach(cleanup);

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

  it('renders display and inline math with KaTeX', () => {
    const { container } = show('$$x^2 + y^2$$\n\n\\(a + b\\)');
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.querySelectorAll('.katex')).toHaveLength(2);
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

  it('gives video and audio native players that download nothing until played', () => {
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
    const v = container.querySelector('video')!;
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
