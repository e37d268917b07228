import { useMemo } from 'react';
import katex from 'katex';
import type { Block } from '@listboard/core';
import type { BlockRenderer } from './types';

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
export function mathHtml(block: Block): string {
  const { tex, display } = mathSource(block);
  // throwOnError off: a typo in a formula shows in red instead of blanking the item.
  return katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    output: 'htmlAndMathml',
  });
}

export const MathBlock: BlockRenderer = ({ block }) => {
  const html = useMemo(() => mathHtml(block), [block]);
  return <div className="block block-math" dangerouslySetInnerHTML={{ __html: html }} />;
};
