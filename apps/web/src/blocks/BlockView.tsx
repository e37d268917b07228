import type { Block } from '@listboard/core';
import { rendererFor } from './registry';

export function BlockView({ block }: { block: Block }) {
  const Renderer = rendererFor(block.type);
  return <Renderer block={block} />;
}
