/**
 * Marker forms: media markers and text markers (add, edit, delete, delete all, split). Spec
 * section 2, Input forms. Loaded the first time one opens (forms/definitions.ts).
 */
import { formatTimecode, mediaMsg, mediaToolMsg } from '@listboard/core';
import type { ApiInput, PostPath } from '@listboard/core/api/routes';
import type { FormContext, FormDef, Values } from './registry';
import { fail, findItem, required, str } from './helpers';
import { playerOf } from '../media/players';
import { cursorIndexOf, cursorOf } from '../media/cursor';
const current = (ctx: FormContext) => playerOf(ctx.target.itemId)?.currentTime() ?? 0;

/** Options of a marker select: `timecode — title`; the time code is read back from the front. */
const markerOptions = (ctx: FormContext) =>
  (findItem(ctx)?.mediaMarkers ?? []).map((m) =>
    m.title ? `${m.timecode} — ${m.title}` : m.timecode,
  );
const timecodeOf = (v: Values) => str(v, 'marker').split(/\s+/)[0] ?? '';

function prepareMarkers(ctx: FormContext): ReturnType<NonNullable<FormDef['prepare']>> {
  const item = findItem(ctx);
  const markers = item?.mediaMarkers ?? [];
  const options = markerOptions(ctx);
  // Start from the marker at or before the player's time.
  const t = current(ctx);
  const i = markers.findLastIndex((m) => m.time <= t + 0.01);
  const at = i >= 0 ? i : 0;
  const marker = markers[at];
  const option = options[at];
  if (!marker || option === undefined)
    return Promise.resolve({ error: mediaToolMsg.noMediaMarkers });
  return Promise.resolve({
    options: { marker: options },
    values: {
      marker: option,
      title: marker.title,
      description: marker.description,
    },
  });
}

const sentencesDefault = (ctx: FormContext) => ctx.board?.viewstate.sentences === true;

/** The cursor index for a text marker call, or the spec's message when no cursor is set. */
function cursorFor(v: Values, ctx: FormContext): number | string {
  const index = cursorIndexOf(cursorOf(ctx.target.itemId), Boolean(v.sentences));
  return index === null ? mediaMsg.textMarkerNeedsCursor : index;
}

const SENTENCES_FIELD = {
  name: 'sentences',
  label: 'Sentences (mark the sentence at the cursor, not its whole block)',
  type: 'checkbox' as const,
};

/** The marker calls, each on the selected item. */
type ItemPath = {
  [P in PostPath]: ApiInput<P> extends { itemId: string } ? P : never;
}[PostPath];

async function callItem<P extends ItemPath>(
  ctx: FormContext,
  path: P,
  body: Omit<ApiInput<P>, 'itemId'>,
  op: string,
) {
  // The spread of a generic body is not narrowed by the compiler; the path's type checks body.
  const input = { itemId: ctx.target.itemId, ...body } as ApiInput<P>;
  const res = await ctx.call(path, input, op);
  return res.ok ? null : fail(op, res.error);
}

export const MARKER_FORMS: FormDef[] = [
  {
    id: 'addMediaMarker',
    label: 'Add media marker',
    fields: [
      {
        name: 'timecode',
        label: 'Time',
        type: 'text',
        required: true,
        hint: 'The player’s current time; seconds, m:ss or h:mm:ss.',
      },
      { name: 'title', label: 'Title', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    initial: (ctx) => ({
      timecode: formatTimecode(Math.round(current(ctx) * 100) / 100),
      title: '',
      description: '',
    }),
    validate: (v) => required(v, 'timecode', 'time'),
    submit: (v, ctx) =>
      callItem(
        ctx,
        '/api/forms/add_media_marker',
        {
          timecode: str(v, 'timecode'),
          title: str(v, 'title'),
          description: str(v, 'description'),
        },
        'add marker',
      ),
  },
  {
    id: 'editMediaMarker',
    label: 'Edit media marker',
    fields: [
      { name: 'marker', label: 'Marker', type: 'select' },
      { name: 'title', label: 'Title', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    prepare: prepareMarkers,
    submit: (v, ctx) =>
      callItem(
        ctx,
        '/api/forms/edit_media_marker',
        { timecode: timecodeOf(v), title: str(v, 'title'), description: str(v, 'description') },
        'edit marker',
      ),
  },
  {
    id: 'deleteMediaMarker',
    label: 'Delete media marker',
    submitLabel: 'Delete',
    fields: [{ name: 'marker', label: 'Marker', type: 'select' }],
    prepare: prepareMarkers,
    submit: (v, ctx) =>
      callItem(ctx, '/api/forms/delete_media_marker', { timecode: timecodeOf(v) }, 'delete marker'),
  },
  {
    id: 'deleteAllMediaMarkers',
    label: 'Delete all media markers of this item?',
    submitLabel: 'Delete all',
    fields: [],
    submit: (_v, ctx) =>
      callItem(ctx, '/api/forms/delete_all_media_markers', {}, 'delete all markers'),
  },
  {
    id: 'splitAtMediaMarkers',
    label: 'Split at media markers',
    submitLabel: 'Split',
    fields: [
      {
        name: 'title',
        label: 'Title for clips whose marker has none',
        type: 'text',
      },
      {
        name: 'description',
        label: 'Description for clips whose marker has none',
        type: 'textarea',
      },
    ],
    submit: (v, ctx) =>
      callItem(
        ctx,
        '/api/forms/split_at_media_markers',
        { title: str(v, 'title'), description: str(v, 'description') },
        'split at markers',
      ),
  },

  {
    id: 'addTextMarker',
    label: 'Add text marker',
    fields: [
      SENTENCES_FIELD,
      { name: 'title', label: 'Title', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    initial: (ctx) => ({ sentences: sentencesDefault(ctx), title: '', description: '' }),
    async submit(v, ctx) {
      const cursorIndex = cursorFor(v, ctx);
      if (typeof cursorIndex === 'string') return cursorIndex;
      return callItem(
        ctx,
        '/api/forms/add_text_marker',
        {
          cursorIndex,
          sentences: Boolean(v.sentences),
          title: str(v, 'title'),
          description: str(v, 'description'),
        },
        'add text marker',
      );
    },
  },
  {
    id: 'updateTextMarker',
    label: 'Update text marker',
    fields: [
      SENTENCES_FIELD,
      { name: 'title', label: 'Title', type: 'text' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    initial(ctx) {
      const sentences = sentencesDefault(ctx);
      const item = findItem(ctx);
      const index = cursorIndexOf(cursorOf(ctx.target.itemId), sentences);
      const m = (sentences ? item?.sentenceMarkers : item?.blockMarkers)?.find(
        (x) => x.cursorIndex === index,
      );
      return { sentences, title: m?.title ?? '', description: m?.description ?? '' };
    },
    async submit(v, ctx) {
      const cursorIndex = cursorFor(v, ctx);
      if (typeof cursorIndex === 'string') return cursorIndex;
      return callItem(
        ctx,
        '/api/forms/update_text_marker',
        {
          cursorIndex,
          sentences: Boolean(v.sentences),
          title: str(v, 'title'),
          description: str(v, 'description'),
        },
        'update text marker',
      );
    },
  },
  {
    id: 'deleteTextMarker',
    label: 'Delete the text marker at the cursor?',
    submitLabel: 'Delete',
    fields: [SENTENCES_FIELD],
    initial: (ctx) => ({ sentences: sentencesDefault(ctx) }),
    async submit(v, ctx) {
      const cursorIndex = cursorFor(v, ctx);
      if (typeof cursorIndex === 'string') return cursorIndex;
      return callItem(
        ctx,
        '/api/forms/delete_text_marker',
        { cursorIndex, sentences: Boolean(v.sentences) },
        'delete text marker',
      );
    },
  },
  {
    id: 'deleteAllTextMarkers',
    label: 'Delete all text markers of this item?',
    submitLabel: 'Delete all',
    fields: [SENTENCES_FIELD],
    initial: (ctx) => ({ sentences: sentencesDefault(ctx) }),
    submit: (v, ctx) =>
      callItem(
        ctx,
        '/api/forms/delete_all_text_markers',
        { sentences: Boolean(v.sentences) },
        'delete all text markers',
      ),
  },
  {
    id: 'splitAtTextMarkers',
    label: 'Split at text markers',
    submitLabel: 'Split',
    fields: [
      SENTENCES_FIELD,
      { name: 'title', label: 'Title for parts whose marker has none', type: 'text' },
      {
        name: 'description',
        label: 'Description for parts whose marker has none',
        type: 'textarea',
      },
    ],
    initial: (ctx) => ({ sentences: sentencesDefault(ctx), title: '', description: '' }),
    submit: (v, ctx) =>
      callItem(
        ctx,
        '/api/forms/split_at_text_markers',
        {
          sentences: Boolean(v.sentences),
          title: str(v, 'title'),
          description: str(v, 'description'),
        },
        'split at text markers',
      ),
  },
];
