import type { Multilist } from '@listboard/core';
import { preloadMathFor } from './katex';
import { preloadMarkdownFor } from './markdownLoad';

/**
 * What boards need before they are shown, loaded together: KaTeX when one has a formula,
 * markdown-it when one has a markdown block (see katex.ts and markdownLoad.ts).
 */
export async function preloadRenderersFor(boards: readonly Multilist[]): Promise<void> {
  await Promise.all([preloadMathFor(boards), preloadMarkdownFor(boards)]);
}
