import { useMemo } from 'react';
import type { Block } from '@listboard/core';
import type { BlockRenderer } from './types';
import { currentKatex, texToHtml, useKatex, type Katex } from './katex';

/** The TeX inside the delimiters the block type names: $$…$$, \[…\], $…$ or \(…\). */
export function mathSource(block: Block): { tex: string; display: boolean } {
  const t = block.text.trim();
  if (block.type === 'mathblock1')
    return { tex: t.replace(/^\$\$/, '').replace(/\$\$$/, ''), display: true };
  if (block.type === 'mathblock2')
    return { tex: t.replace(/^\\\[/, '').replace(/\\\]$/, ''), display: true };
  if (block.type === 'mathinline1')
    return { tex: t.replace(/^\$/, '').replace(/\$$/, ''), display: false };
  return { tex: t.replace(/^\\\(/, '').replace(/\\\)$/, ''), display: false };
}

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
