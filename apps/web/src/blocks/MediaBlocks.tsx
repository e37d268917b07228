import type { BlockRenderer } from './types';
import { Caption } from './Caption';
import { MediaPlayer } from './MediaPlayer';

export const VideoBlock: BlockRenderer = ({ block }) => (
  <figure className="block block-video">
    <MediaPlayer block={block} kind="video" />
    <Caption block={block} />
  </figure>
);

export const AudioBlock: BlockRenderer = ({ block }) => (
  <figure className="block block-audio">
    <MediaPlayer block={block} kind="audio" />
    <Caption block={block} />
  </figure>
);
