/** The info bar's settings: whether it shows, and how large its text is (the board view state). */
import { INFO_ZOOM_STEPS } from '@listboard/core';
import type { FormDef } from './registry';
import { text } from './helpers';

const sizes = INFO_ZOOM_STEPS.map((em, level) => `${level} (${Math.round(em * 100)}%)`);

export const UNDO_FORMS: FormDef[] = [
  {
    id: 'infoBar',
    label: 'Info bar',
    description: () =>
      'The info bar under the header says what was just done, such as “Item deleted — Undo”.',
    fields: [
      { name: 'showInfo', label: 'Show the info bar', type: 'checkbox' },
      { name: 'infoZoomLevel', label: 'Text size', type: 'select', options: sizes },
    ],
    initial: (ctx) => ({
      showInfo: ctx.display?.showInfo ?? true,
      infoZoomLevel: sizes[ctx.display?.infoZoomLevel ?? 2] ?? sizes[2] ?? '',
    }),
    submitLabel: 'Apply',
    submit(v, ctx) {
      ctx.setDisplay?.({
        showInfo: Boolean(v.showInfo),
        infoZoomLevel: Math.max(0, sizes.indexOf(text(v, 'infoZoomLevel'))),
      });
      return Promise.resolve(null);
    },
  },
];
