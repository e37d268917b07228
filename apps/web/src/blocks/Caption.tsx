import type { Block } from '@listboard/core';

export function Caption({ block }: { block: Block }) {
  return block.caption ? <figcaption>{block.caption}</figcaption> : null;
}
