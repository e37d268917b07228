/**
 * The view forms: the board's look for this user (theme, colours, zoom, sections, the view
 * toggles of spec section 2, what a link to a board does). Loaded the first time one opens.
 */
import {
  COLOR_CODING_OPTIONS,
  DISPLAY_MODES,
  LIST_WIDTH_STEPS,
  THEMES,
  must,
  type ColorCoding,
  type DisplayMode,
  type Theme,
} from '@listboard/core';
import type { FormContext, FormDef } from './registry';
import { text } from './helpers';
import type { Display } from '../state/ui';
import { SECTION_DISPLAY_FORM } from './sections';

/** A view form changes the board's view state (saved per user) and closes. */
function setView(ctx: FormContext, patch: Partial<Display>): Promise<null> {
  ctx.setDisplay?.(patch);
  return Promise.resolve(null);
}

/** One checkbox form per board view toggle of section 2 (collapse items, headline view, ...). */
function viewToggleForm(
  id: string,
  label: string,
  fields: { name: keyof Display; label: string }[],
): FormDef {
  return {
    id,
    label,
    fields: fields.map((f) => ({ name: f.name, label: f.label, type: 'checkbox' as const })),
    initial: (ctx) =>
      Object.fromEntries(fields.map((f) => [f.name, Boolean(ctx.display?.[f.name])])),
    submitLabel: 'Apply',
    submit: (v, ctx) =>
      setView(ctx, Object.fromEntries(fields.map((f) => [f.name, Boolean(v[f.name])]))),
  };
}

const zoomOptions = LIST_WIDTH_STEPS.map((w, i) => `${i} (${w} px lists)`);

export const VIEW_FORMS: FormDef[] = [
  {
    id: 'theme',
    label: 'Theme',
    fields: [{ name: 'theme', label: 'Colour theme', type: 'select', options: THEMES }],
    initial: (ctx) => ({ theme: ctx.prefs?.theme ?? THEMES[0] }),
    submitLabel: 'Apply',
    submit(v, ctx) {
      ctx.setPrefs?.({ theme: text(v, 'theme') as Theme });
      return Promise.resolve(null);
    },
  },
  SECTION_DISPLAY_FORM,
  {
    id: 'colors',
    label: 'Colors',
    fields: [
      {
        name: 'colors',
        label: 'Colour items by',
        type: 'select',
        options: COLOR_CODING_OPTIONS,
      },
    ],
    initial: (ctx) => ({ colors: ctx.display?.colors ?? 'none' }),
    submitLabel: 'Apply',
    submit: (v, ctx) => setView(ctx, { colors: text(v, 'colors') as ColorCoding }),
  },
  {
    id: 'zoom',
    label: 'Zoom',
    fields: [{ name: 'zoom', label: 'Zoom step', type: 'select', options: zoomOptions }],
    initial: (ctx) => ({
      zoom: zoomOptions[ctx.display?.zoom ?? 2] ?? must(zoomOptions[2], 'zoom step 2'),
    }),
    submitLabel: 'Apply',
    submit: (v, ctx) => setView(ctx, { zoom: Math.max(0, zoomOptions.indexOf(text(v, 'zoom'))) }),
  },
  viewToggleForm('collapseItems', 'Collapse items', [
    { name: 'collapseItems', label: 'Collapse all items to their headlines' },
    { name: 'collapseLists', label: 'Collapse all lists to their titles' },
  ]),
  viewToggleForm('headlineView', 'Headline view', [
    { name: 'headlineView', label: 'Show each item as its headline' },
  ]),
  viewToggleForm('tocView', 'Table of contents view', [
    { name: 'tocView', label: 'Show a table of contents beside the lists' },
  ]),
  viewToggleForm('compact', 'Compact view', [
    {
      name: 'compactView',
      label: 'Limit items to a quarter of the screen and shorten list titles',
    },
  ]),
  {
    id: 'displayMode',
    label: 'Display mode',
    fields: [
      {
        name: 'displayMode',
        label: 'A link to a board',
        type: 'select',
        options: DISPLAY_MODES,
        hint: 'append: opens the board beside the ones shown; replace_global: shows it alone.',
      },
    ],
    initial: (ctx) => ({ displayMode: ctx.prefs?.displayMode ?? 'append' }),
    submitLabel: 'Apply',
    submit(v, ctx) {
      ctx.setPrefs?.({ displayMode: text(v, 'displayMode') as DisplayMode });
      return Promise.resolve(null);
    },
  },
];
