import type { BlockRenderer } from './types';

/** Plain text, and the fallback for any type without a renderer: React escapes it. */
export const TextBlock: BlockRenderer = ({ block }) => (
  <p className="block block-text">{block.text}</p>
);
