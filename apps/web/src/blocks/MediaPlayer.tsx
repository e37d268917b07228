import { useEffect, useRef, useState } from 'react';
import { MEDIA, type Block } from '@listboard/core';

/**
 * Video and audio with the block's range kept: playback starts at the range start and, at its
 * end, goes back to the start and pauses. The poster shows until play is pressed.
 */
export function MediaPlayer({ block, kind }: { block: Block; kind: 'video' | 'audio' }) {
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [missing, setMissing] = useState(false);
  const start = block.range?.start ?? 0;
  const end = block.range && block.range.end > 0 ? block.range.end : null;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.volume = MEDIA.defaultVolume;
    const clamp = () => {
      if (el.currentTime < start) el.currentTime = start;
    };
    const onTime = () => {
      if (end !== null && el.currentTime >= end) {
        el.pause();
        el.currentTime = start;
      }
    };
    el.addEventListener('play', clamp);
    el.addEventListener('timeupdate', onTime);
    return () => {
      el.removeEventListener('play', clamp);
      el.removeEventListener('timeupdate', onTime);
    };
  }, [start, end]);

  const src = block.url;
  if (!src || missing) return <span className="media-missing">Not found</span>;
  const label = block.caption ?? (kind === 'video' ? 'Video' : 'Audio');
  const common = {
    ref,
    src,
    controls: true,
    preload: 'none' as const,
    'aria-label': label,
    'data-range-start': start,
    'data-range-end': end ?? undefined,
    onError: () => setMissing(true),
  };
  return kind === 'video' ? <video {...common} poster={block.posterUrl} /> : <audio {...common} />;
}
