import { useMemo } from 'react';
import { mathSource, type Block } from '@listboard/core';
import type { BlockRenderer } from './types';
import { currentKatex, texToHtml, useKatex, type Katex } from './katex';

/** A formula block as HTML: what is shown, and a MathML copy for screen readers. */
export function mathHtml(block: Block, katex: Katex | null = currentKatex()): string {
  const { tex, display } = mathSource(block);
  return texToHtml(tex, display, katex);
}

export const MathBlock: BlockRenderer = ({ block }) => {
  const katex = useKatex();
  const html = useMemo(() => mathHtml(block, katex), [block, katex]);
  return <div className="block block-math" dangerouslySetInnerHTML={{ __html: html }} />;
};
