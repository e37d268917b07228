/**
 * Media: playback keys (space, s, n, p), inserting items with uploaded files, media and text
 * markers, ranges from the current time, and poster frames. The marker, range and poster tools
 * show for the selected item (spec section 6).
 */
import {
  TIMINGS,
  callMsg,
  formatTimecode,
  mediaMsg,
  must,
  type Item,
  mediaToolMsg,
} from '@listboard/core';
import { useInfo } from '../state/info';
import { callApi, messageOr } from '../api/client';
import {
  ArrowLeftToLine,
  ArrowRightToLine,
  AudioLines,
  Bookmark,
  BookmarkCheck,
  BookmarkMinus,
  BookmarkX,
  FastForward,
  Film,
  Image,
  ImagePlay,
  MapPin,
  MapPinPen,
  MapPinX,
  MapPinXInside,
  Play,
  Rewind,
  Scissors,
  SkipBack,
  Upload,
} from 'lucide-react';
import type { Command, CommandContext } from './registry';
import { canEdit, canInsert, needItem, needList, selectedItem } from './helpers';
import { activePlayer, playerOf } from '../media/players';
import { cursorOf } from '../media/cursor';
import { STEPS } from '../media/seek';

export const mediaBlockOf = (item: Item | null) =>
  item?.blocks.find((b) => b.type === 'video' || b.type === 'audio') ?? null;

const mediaSelected = (c: CommandContext) => mediaBlockOf(selectedItem(c)) !== null;
const player = (c: CommandContext) => activePlayer(c.selection.itemId);

/** Space belongs to a focused button, link or media element; the key acts elsewhere. */
function spaceIsFree(): boolean {
  const el = document.activeElement;
  return !el?.closest('button, a, summary, select, video, audio, [role="button"]');
}

const markerTool = (c: CommandContext) => canEdit(c) && c.selection.itemId !== null;
const mediaTool = (c: CommandContext) => canEdit(c) && mediaSelected(c);

type MediaBlock = NonNullable<ReturnType<typeof mediaBlockOf>>;

/** Runs with a media item selected, given it and its media block; otherwise says what is missing. */
function needMedia(
  c: CommandContext,
  run: (item: Item, block: MediaBlock) => void,
  notMedia: string,
) {
  needItem(c, () => {
    const item = selectedItem(c);
    const block = mediaBlockOf(item);
    if (!item || !block) c.actions.alert(notMedia);
    else run(item, block);
  });
}

/** Text marker forms need the cursor set on the selected item first. */
function needCursor(c: CommandContext, form: string) {
  needItem(c, () =>
    cursorOf(c.selection.itemId)
      ? c.actions.openForm(form)
      : c.actions.alert(mediaMsg.textMarkerNeedsCursor),
  );
}

function setRangeEnd(c: CommandContext, which: 'start' | 'end') {
  needMedia(
    c,
    (item) => {
      const p = playerOf(item._id);
      const t = Math.round((p?.currentTime() ?? 0) * 100) / 100;
      void c.actions
        .call(
          '/api/forms/set_item_range',
          { itemId: item._id, [which]: t },
          which === 'start' ? 'set start' : 'set stop',
        )
        .then((res) => {
          if (!res.ok) return;
          // What changed, the clip beside it included: it plays the same recording.
          const beside = res.value.adjusted.length
            ? which === 'start'
              ? '; the clip of the same recording in the list before now ends there'
              : '; the clip of the same recording in the next list now starts there'
            : '';
          useInfo
            .getState()
            .show(`${which === 'start' ? 'Start' : 'Stop'} set at ${formatTimecode(t)}${beside}.`);
        });
    },
    mediaToolMsg.notAMediaItemForMarkers,
  );
}

function posterFrame(c: CommandContext) {
  needMedia(
    c,
    (item, block) => {
      const p = playerOf(item._id);
      const at = p ? p.currentTime() : 0;
      const range = block.range?.start ?? 0;
      // At the range start the spec's upload_block_posters does it; elsewhere, at that time.
      const req =
        Math.abs(at - range) < 0.01 || !p
          ? callApi('/api/forms/upload_block_posters', {
              // Blocks come from the server with their ids.
              block: { _id: must(block._id, 'the media block id') },
            })
          : callApi('/api/forms/set_poster_frame', {
              itemId: item._id,
              blockId: block._id,
              time: Math.round(at * 1000) / 1000,
            });
      void req.then((res) => {
        if (!res.ok) {
          c.actions.alert(messageOr(res.error, callMsg.operationError('poster frame')));
          return;
        }
        c.actions.alert(mediaToolMsg.posterFrameSaved(res.value.posterPath));
        // Spec section 7: the poster update is applied 3000 ms after the poster upload.
        setTimeout(() => c.actions.reload(), TIMINGS.posterUpdateDelayMs);
      });
    },
    mediaMsg.notAMediaItem,
  );
}

export const MEDIA_COMMANDS: Command[] = [
  // Playback keys, acting on the focused player or the selected item's.
  {
    id: 'mediaPlayPause',
    label: 'Play or pause',
    group: 'view',
    icon: Play,
    shortcut: 'space',
    enabled: (c) => player(c) !== null && spaceIsFree(),
    run: (c) => player(c)?.togglePlay(),
  },
  {
    id: 'mediaToStart',
    label: 'Back to the range start',
    group: 'view',
    icon: SkipBack,
    shortcut: 's',
    enabled: (c) => player(c) !== null,
    run: (c) => player(c)?.toStart(),
  },
  {
    id: 'mediaNext',
    label: `Forward ${STEPS.scrubByKey} s`,
    group: 'view',
    icon: FastForward,
    shortcut: 'n',
    enabled: (c) => player(c) !== null,
    run: (c) => player(c)?.step(STEPS.scrubByKey),
  },
  {
    id: 'mediaPrev',
    label: `Back ${STEPS.scrubByKey} s`,
    group: 'view',
    icon: Rewind,
    shortcut: 'p',
    enabled: (c) => player(c) !== null,
    run: (c) => player(c)?.step(-STEPS.scrubByKey),
  },

  // Inserting items with files
  {
    id: 'insertMedia',
    label: 'Insert with files',
    group: 'edit',
    icon: Upload,
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('insertMedia')),
  },
  {
    id: 'insertPhoto',
    label: 'Insert photo item',
    group: 'edit',
    icon: Image,
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('insertPhoto')),
  },
  {
    id: 'insertVideo',
    label: 'Insert video item',
    group: 'edit',
    icon: Film,
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('insertVideo')),
  },
  {
    id: 'insertAudio',
    label: 'Insert audio item',
    group: 'edit',
    icon: AudioLines,
    visible: canInsert,
    run: (c) => needList(c, () => c.actions.openForm('insertAudio')),
  },

  // Media markers, ranges and posters: on the selected video or audio item
  {
    id: 'addMediaMarker',
    label: 'Add marker',
    group: 'edit',
    icon: MapPin,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) =>
      needMedia(
        c,
        () => c.actions.openForm('addMediaMarker'),
        mediaToolMsg.notAMediaItemForMarkers,
      ),
  },
  {
    id: 'editMediaMarker',
    label: 'Edit marker',
    group: 'edit',
    icon: MapPinPen,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) =>
      needMedia(
        c,
        () => c.actions.openForm('editMediaMarker'),
        mediaToolMsg.notAMediaItemForMarkers,
      ),
  },
  {
    id: 'deleteMediaMarker',
    label: 'Delete marker',
    group: 'edit',
    icon: MapPinX,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) =>
      needMedia(
        c,
        () => c.actions.openForm('deleteMediaMarker'),
        mediaToolMsg.notAMediaItemForMarkers,
      ),
  },
  {
    id: 'deleteAllMediaMarkers',
    label: 'Delete all markers',
    group: 'edit',
    icon: MapPinXInside,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) =>
      needMedia(
        c,
        () => c.actions.openForm('deleteAllMediaMarkers'),
        mediaToolMsg.notAMediaItemForMarkers,
      ),
  },
  {
    id: 'splitAtMediaMarkers',
    label: 'Split at markers',
    group: 'edit',
    icon: Scissors,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) =>
      needMedia(
        c,
        () => c.actions.openForm('splitAtMediaMarkers'),
        mediaToolMsg.notAMediaItemForMarkers,
      ),
  },
  {
    id: 'setStart',
    label: 'Set start',
    group: 'edit',
    icon: ArrowLeftToLine,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) => setRangeEnd(c, 'start'),
  },
  {
    id: 'setStop',
    label: 'Set stop',
    group: 'edit',
    icon: ArrowRightToLine,
    item: true,
    ops: 'mark',
    visible: mediaTool,
    run: (c) => setRangeEnd(c, 'end'),
  },
  {
    id: 'posterFrame',
    label: 'Set poster frame',
    group: 'edit',
    icon: ImagePlay,
    item: true,
    ops: 'mark',
    // Shown for any selected item, so the spec's message can say why it needs a media item.
    visible: markerTool,
    run: (c) => posterFrame(c),
  },

  // Text markers: at the cursor set by alt-click
  {
    id: 'addTextMarker',
    label: 'Add text marker',
    group: 'edit',
    icon: Bookmark,
    item: true,
    ops: 'mark',
    visible: markerTool,
    run: (c) => needCursor(c, 'addTextMarker'),
  },
  {
    id: 'updateTextMarker',
    label: 'Update text marker',
    group: 'edit',
    icon: BookmarkCheck,
    item: true,
    ops: 'mark',
    visible: markerTool,
    run: (c) => needCursor(c, 'updateTextMarker'),
  },
  {
    id: 'deleteTextMarker',
    label: 'Delete text marker',
    group: 'edit',
    icon: BookmarkX,
    item: true,
    ops: 'mark',
    visible: markerTool,
    run: (c) => needCursor(c, 'deleteTextMarker'),
  },
  {
    id: 'deleteAllTextMarkers',
    label: 'Delete all text markers',
    group: 'edit',
    icon: BookmarkMinus,
    item: true,
    ops: 'mark',
    visible: markerTool,
    run: (c) => needItem(c, () => c.actions.openForm('deleteAllTextMarkers')),
  },
  {
    id: 'splitAtTextMarkers',
    label: 'Split at text markers',
    group: 'edit',
    icon: Scissors,
    item: true,
    ops: 'mark',
    visible: markerTool,
    run: (c) => needItem(c, () => c.actions.openForm('splitAtTextMarkers')),
  },
];
