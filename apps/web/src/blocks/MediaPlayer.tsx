import {
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { MEDIA, mediaMsg, type Block } from '@listboard/core';
import { callApi } from '../api/client';
import { useUi } from '../state/ui';
import { ItemEditable } from './itemEditable';
import { fileUrl, srcOf } from '../media/src';
import { inOrder } from '../board/coalesce';
import { registerPlayer } from '../media/players';
import { clock, rangeOf, seekTarget, STEPS } from '../media/seek';
import '../media/media.css';

type MediaEl = HTMLVideoElement & HTMLAudioElement;

const STEP_BUTTONS: { seconds: number; label: string; text: string }[] = [
  { seconds: -STEPS.jump, label: `Jump back ${STEPS.jump} s`, text: `−${STEPS.jump}` },
  { seconds: -STEPS.skip, label: `Skip back ${STEPS.skip} s`, text: `−${STEPS.skip}` },
  // Named by the fraction it shows, so that whoever says what they see (voice control) names it.
  { seconds: -STEPS.nudge, label: 'Nudge back ¼ s', text: '−¼' },
  { seconds: STEPS.nudge, label: 'Nudge forward ¼ s', text: '+¼' },
  { seconds: STEPS.skip, label: `Skip forward ${STEPS.skip} s`, text: `+${STEPS.skip}` },
  { seconds: STEPS.jump, label: `Jump forward ${STEPS.jump} s`, text: `+${STEPS.jump}` },
];

/**
 * Video and audio with the block's range kept (spec section 4): the poster shows until play is
 * clicked; playback starts at the range start and, at the range end, goes back to the start and
 * pauses. Trim turns the block's autoSeek on: the player then seeks to the range start as soon as
 * it loads and every seek stays inside the range (and the list zoom is raised to at least 2).
 * Every seek is clamped between 0 and the duration.
 */
/** A block's kept seek setting, written one call at a time (a trim toggled twice ends as left). */
const autoSeekWrites = inOrder<{ autoSeek: boolean }>((_id, $set) =>
  callApi('/api/display/update_block', { query: { _id }, doc: { $set } }),
);

export function MediaPlayer({ block, kind }: { block: Block; kind: 'video' | 'audio' }) {
  const ref = useRef<MediaEl>(null);
  const box = useRef<HTMLDivElement>(null);
  const [missing, setMissing] = useState(false);
  const [started, setStarted] = useState(false);
  const [trim, setTrim] = useState(block.autoSeek === true);
  const mayEdit = useContext(ItemEditable);
  const [now, setNow] = useState(0);
  const range = useMemo(() => rangeOf(block), [block]);
  const trimRef = useRef(trim);
  trimRef.current = trim;

  useEffect(() => setTrim(block.autoSeek === true), [block.autoSeek]);

  // Trim is read through its ref, so seek changes only with the range.
  const seek = useCallback(
    (t: number) => {
      const el = ref.current;
      if (!el) return;
      el.currentTime = seekTarget(t, el.duration, range, trimRef.current);
      setNow(el.currentTime);
    },
    [range],
  );

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.volume = MEDIA.defaultVolume;
    const { start, end } = range;
    const onPlay = () => {
      setStarted(true);
      if (el.currentTime < start || (end !== null && el.currentTime >= end)) el.currentTime = start;
    };
    const onTime = () => {
      setNow(el.currentTime);
      if (end !== null && el.currentTime >= end && !el.paused) {
        el.pause();
        el.currentTime = start;
      }
    };
    const onLoaded = () => {
      if (trimRef.current && el.currentTime < start) el.currentTime = start;
    };
    el.addEventListener('play', onPlay);
    el.addEventListener('timeupdate', onTime);
    el.addEventListener('seeked', onTime);
    el.addEventListener('loadedmetadata', onLoaded);
    return () => {
      el.removeEventListener('play', onPlay);
      el.removeEventListener('timeupdate', onTime);
      el.removeEventListener('seeked', onTime);
      el.removeEventListener('loadedmetadata', onLoaded);
    };
  }, [range]);

  useEffect(() => {
    const el = ref.current;
    const itemId = box.current?.closest('[data-item-id]')?.getAttribute('data-item-id');
    if (!el || !itemId) return;
    return registerPlayer({
      itemId,
      blockId: block._id,
      seek,
      step: (s) => seek(el.currentTime + s),
      togglePlay: () => {
        if (el.paused) el.play().catch(() => undefined);
        else el.pause();
      },
      toStart: () => {
        el.pause();
        seek(range.start);
      },
      playFrom: (t) => {
        seek(t);
        setStarted(true);
        void el.play().catch(() => undefined);
      },
      currentTime: () => el.currentTime,
      duration: () => el.duration,
      contains: (n) => !!n && !!box.current?.contains(n),
      box: () => box.current,
    });
  }, [block._id, range, seek]);

  const src = srcOf(block);
  if (!src || missing) return <span className="media-missing">{mediaMsg.audioNotFound}</span>;
  const label = block.caption ?? (kind === 'video' ? 'Video' : 'Audio');

  const toggleTrim = () => {
    const on = !trim;
    setTrim(on);
    if (on) {
      const ui = useUi.getState();
      if (ui.display.zoom < MEDIA.trimMinZoom) ui.setDisplay({ zoom: MEDIA.trimMinZoom });
      const el = ref.current;
      if (el && el.readyState > 0)
        el.currentTime = seekTarget(el.currentTime, el.duration, range, true);
    }
    // Kept for the next visit by those who may edit; for others it lasts this visit.
    if (block._id && mayEdit) autoSeekWrites.push(block._id, { autoSeek: on });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLMediaElement || e.altKey || e.ctrlKey || e.metaKey) return;
    // Arrows scrub; the media keys (space, s, n, p) come from the command registry.
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      e.stopPropagation();
      const el = ref.current;
      if (el) seek(el.currentTime + (e.key === 'ArrowLeft' ? -STEPS.scrub : STEPS.scrub));
    }
  };

  const play = () => {
    const el = ref.current;
    if (!el) return;
    setStarted(true);
    void el.play().catch(() => undefined);
  };

  const common = {
    ref,
    src,
    controls: started || kind === 'audio',
    preload: 'none' as const,
    'aria-label': label,
    'data-range-start': range.start,
    'data-range-end': range.end ?? undefined,
    onError: () => setMissing(true),
  };
  const poster = fileUrl(block.posterUrl);
  return (
    <div
      ref={box}
      className={`player player-${kind}`}
      data-block-id={block._id}
      onKeyDown={onKeyDown}
    >
      <div className="player-stage">
        {kind === 'video' ? (
          <video {...common} poster={poster} playsInline />
        ) : (
          <audio {...common} />
        )}
        {kind === 'video' && !started && (
          <button
            type="button"
            className="player-start"
            aria-label={`Play ${label}`}
            onClick={play}
          >
            <span aria-hidden="true">▶</span>
          </button>
        )}
      </div>
      <div className="player-bar" role="group" aria-label={`${label} controls`}>
        <button
          type="button"
          title="Back to the start of the range"
          aria-label="Back to start"
          onClick={() => {
            ref.current?.pause();
            seek(range.start);
          }}
        >
          ⇤
        </button>
        {STEP_BUTTONS.map((b) => (
          <button
            key={b.label}
            type="button"
            title={b.label}
            aria-label={b.label}
            onClick={() => seek((ref.current?.currentTime ?? 0) + b.seconds)}
          >
            {b.text}
          </button>
        ))}
        <button
          type="button"
          className="player-trim"
          aria-pressed={trim}
          title="Trim: keep playback and seeking inside the range, starting at its start"
          onClick={toggleTrim}
        >
          Trim
        </button>
        <span className="player-time" aria-label="Time">
          {/* Before it plays, the time it will play from. */}
          {clock(started || now > 0 ? now : range.start)}
          {block.range && (
            <span className="player-range">
              {' '}
              [{block.range.startCode || clock(range.start)}–
              {range.end === null ? 'end' : block.range.endCode || clock(range.end)}]
            </span>
          )}
        </span>
      </div>
    </div>
  );
}
