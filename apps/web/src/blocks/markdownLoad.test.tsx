import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { Multilist } from '@listboard/core';
import { makeBoard } from '../test/fixtures';

afterEach(() => {
  cleanup();
  vi.resetModules();
});

/** The loader and the block as a fresh page has them: markdown-it not loaded yet. */
async function fresh() {
  const load = await import('./markdownLoad');
  const { MarkdownBlock } = await import('./MarkdownBlock');
  return { ...load, MarkdownBlock };
}

const withBlocks = (types: string[]): Multilist => {
  const board = makeBoard('author', 'Plan', [{ title: 'Week', items: ['One'] }]);
  const item = board.lists[0]?.items[0];
  if (item) item.blocks = types.map((type) => ({ type, text: 'Some **strong** words' }) as never);
  return board;
};

describe('markdown-it, loaded on demand', () => {
  it('is not loaded for boards with no markdown, and is before boards with markdown show', async () => {
    const { currentMarkdown, preloadMarkdownFor } = await fresh();
    await preloadMarkdownFor([withBlocks(['text', 'image'])]);
    expect(currentMarkdown()).toBeNull();
    await preloadMarkdownFor([withBlocks(['text', 'mdtext'])]);
    expect(currentMarkdown()).not.toBeNull();
  });

  it('shows a markdown block as written until it is here, then renders it', async () => {
    const { MarkdownBlock } = await fresh();
    const block = { type: 'mdtext', text: 'Some **strong** words' } as never;
    const { container } = render(<MarkdownBlock block={block} />);
    expect(container.textContent).toBe('Some **strong** words');
    await waitFor(() => expect(screen.getByText('strong').tagName).toBe('STRONG'));
  });
});
