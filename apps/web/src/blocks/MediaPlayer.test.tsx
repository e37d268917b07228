import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MEDIA, mediaMsg, textToBlocks } from '@listboard/core';
import { MediaPlayer } from './MediaPlayer';
import { ItemEditable } from './itemEditable';
import { DEFAULT_DISPLAY, useUi } from '../state/ui';
import { playerOf } from '../media/players';
import { sentBody } from '../test/server';

let posts: { path: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  useUi.getState().setDisplay({ ...DEFAULT_DISPLAY, zoom: 0 });
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      posts.push({ path, body: sentBody(init) ?? {} });
      return Promise.resolve(
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    }),
  );
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const video = (line: string, extra: object = {}) => ({
  ...textToBlocks(line, { owner: 'author' })[0]!,
  _id: '00000000-0000-4000-8000-000000000001',
  ...extra,
});

/** A player in an item the one looking may edit (`mayEdit`, the default) or only read. */
function mount(line: string, extra: object = {}, mayEdit = true) {
  return render(
    <article data-item-id="item-1">
      <ItemEditable.Provider value={mayEdit}>
        <MediaPlayer block={video(line, extra)} kind="video" />
      </ItemEditable.Provider>
    </article>,
  );
}

describe('the media player', () => {
  it('shows the poster first and plays from the range start after the click', () => {
    const { container } = mount('clip.mp4 0:02-0:04 # poster.png ~ Lecture');
    const el = container.querySelector('video')!;
    expect(el.getAttribute('src')).toBe('/files/author/clip.mp4');
    expect(el.getAttribute('poster')).toBe('/files/author/poster.png');
    expect(el.hasAttribute('controls')).toBe(false);
    expect(el.volume).toBe(MEDIA.defaultVolume);
    fireEvent.click(screen.getByRole('button', { name: 'Play Lecture' }));
    expect(el.hasAttribute('controls')).toBe(true);
    expect(el.currentTime).toBe(2);
    expect(screen.queryByRole('button', { name: 'Play Lecture' })).toBeNull();
  });

  it('reads, before it plays, the time it will play from: its range’s start', () => {
    mount('clip.mp4 1:30-2:00 ~ Lecture');
    expect(screen.getByLabelText('Time').textContent).toBe('1:30.0 [1:30–2:00]');
    cleanup();
    mount('clip.mp4 ~ Lecture');
    expect(screen.getByLabelText('Time').textContent).toBe('0:00.0');
  });

  it('steps by the spec’s amounts, never below 0', () => {
    const { container } = mount('clip.mp4 ~ Lecture');
    const el = container.querySelector('video')!;
    const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
    press('Jump forward 3 s');
    press('Skip forward 1 s');
    press('Nudge forward ¼ s');
    expect(el.currentTime).toBe(4.25);
    press('Jump back 3 s');
    press('Jump back 3 s');
    expect(el.currentTime).toBe(0);
    // The item's player is reachable for the keys and the marker list.
    playerOf('item-1')!.seek(7.5);
    expect(el.currentTime).toBe(7.5);
  });

  it('turns autoSeek on with Trim, keeps seeks in the range and raises the zoom to 2', () => {
    const { container } = mount('clip.mp4 0:02-0:04 ~ Lecture');
    const el = container.querySelector('video')!;
    const trim = screen.getByRole('button', { name: 'Trim' });
    expect(trim.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(trim);
    expect(trim.getAttribute('aria-pressed')).toBe('true');
    expect(useUi.getState().display.zoom).toBe(MEDIA.trimMinZoom);
    expect(posts).toEqual([
      {
        path: '/api/display/update_block',
        body: {
          query: { _id: '00000000-0000-4000-8000-000000000001' },
          doc: { $set: { autoSeek: true } },
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Jump forward 3 s' }));
    expect(el.currentTime).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Jump forward 3 s' }));
    expect(el.currentTime).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Back to start' }));
    expect(el.currentTime).toBe(2);
  });

  it('keeps Trim to this visit for a reader, and asks the server to keep nothing', () => {
    mount('clip.mp4 0:02-0:04 ~ Lecture', {}, false);
    const trim = screen.getByRole('button', { name: 'Trim' });
    fireEvent.click(trim);
    expect(trim.getAttribute('aria-pressed')).toBe('true');
    expect(posts).toEqual([]);
  });

  it('keeps Trim as last left when it is pressed twice before the server answers', async () => {
    const answers: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string, init?: RequestInit) => {
        posts.push({ path, body: sentBody(init) ?? {} });
        return new Promise<Response>((resolve) =>
          answers.push(() => resolve(new Response('{}', { status: 200 }))),
        );
      }),
    );
    const answerNext = () =>
      act(async () => {
        answers.shift()!();
        await Promise.resolve();
      });
    mount('clip.mp4 0:02-0:04 ~ Lecture', { _id: 'block-twice' });
    const trim = screen.getByRole('button', { name: 'Trim' });
    fireEvent.click(trim);
    fireEvent.click(trim);
    expect(trim.getAttribute('aria-pressed')).toBe('false');
    const autoSeeks = () => posts.map((p) => (p.body as { doc: { $set: object } }).doc.$set);
    // The second waits for the first: sent together, either could be applied last.
    expect(autoSeeks()).toEqual([{ autoSeek: true }]);
    await answerNext();
    expect(autoSeeks()).toEqual([{ autoSeek: true }, { autoSeek: false }]);
    await answerNext();
  });

  it('gives an item’s first player to the keys, even when it was put on screen last', () => {
    const song = video('song.mp3', { _id: 'a' });
    const two = (videoId: string) => (
      <article data-item-id="item-2">
        <MediaPlayer key={videoId} block={video('clip.mp4', { _id: videoId })} kind="video" />
        <MediaPlayer block={song} kind="audio" />
      </article>
    );
    const { rerender, container } = render(two('v1'));
    // The video is put on screen again (as after an edit of its line), after the audio.
    rerender(two('v2'));
    playerOf('item-2')!.seek(1.5);
    expect(container.querySelector('video')!.currentTime).toBe(1.5);
    expect(container.querySelector('audio')!.currentTime).toBe(0);
  });

  it('says Not found for media without a source', () => {
    render(<MediaPlayer block={{ text: 'x', type: 'audio' }} kind="audio" />);
    expect(screen.getByText(mediaMsg.audioNotFound)).toBeTruthy();
  });
});
