/**
 * One renderer per block type, looked up in one table: supporting a new type means adding an
 * entry here. A type without an entry shows as escaped text.
 */
import type { BlockType } from '@listboard/core';
import type { BlockRenderer } from './types';
import { MarkdownBlock } from './MarkdownBlock';
import { CodeBlock } from './CodeBlock';
import { MathBlock } from './MathBlock';
import { ImageBlock } from './ImageBlock';
import { AudioBlock, VideoBlock } from './MediaBlocks';
import { DocumentBlock, ExternalUrlBlock } from './LinkCardBlocks';
import { DynamicBlock, ListToggleBlock, ScriptedBlock } from './ToggleBlocks';
import { TextBlock } from './TextBlock';

export const BLOCK_RENDERERS: Partial<Record<BlockType, BlockRenderer>> = {
  mdtext: MarkdownBlock,
  mdlist: MarkdownBlock,
  mdtable: MarkdownBlock,
  mdhtml: MarkdownBlock,
  mdtextlink: MarkdownBlock,
  mdimagelink: ImageBlock,
  fencedcode: CodeBlock,
  mathblock1: MathBlock,
  mathblock2: MathBlock,
  mathinline1: MathBlock,
  mathinline2: MathBlock,
  image: ImageBlock,
  video: VideoBlock,
  audio: AudioBlock,
  externalurl: ExternalUrlBlock,
  document: DocumentBlock,
  listtoggle: ListToggleBlock,
  dynamic: DynamicBlock,
  jsMedia: ScriptedBlock,
  text: TextBlock,
};

export function rendererFor(type: string): BlockRenderer {
  return BLOCK_RENDERERS[type as BlockType] ?? TextBlock;
}
