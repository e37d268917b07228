import { lazy, Suspense } from 'react';
import type { Block } from '@listboard/core';
import type { BlockRenderer } from './types';
import { Caption } from './Caption';

/** The player, loaded with the first recording on screen: most boards have none. */
const MediaPlayer = lazy(() => import('./MediaPlayer').then((m) => ({ default: m.MediaPlayer })));

/** A recording's player once it is here; until then, the space it takes, saying it is coming. */
function Player({ block, kind }: { block: Block; kind: 'video' | 'audio' }) {
  return (
    <Suspense fallback={<div className={`player-loading player-loading-${kind}`}>Loading…</div>}>
      <MediaPlayer block={block} kind={kind} />
    </Suspense>
  );
}

export const VideoBlock: BlockRenderer = ({ block }) => (
  <figure className="block block-video">
    <Player block={block} kind="video" />
    <Caption block={block} />
  </figure>
);

export const AudioBlock: BlockRenderer = ({ block }) => (
  <figure className="block block-audio">
    <Player block={block} kind="audio" />
    <Caption block={block} />
  </figure>
);
