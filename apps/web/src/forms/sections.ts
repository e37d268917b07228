/**
 * The Section display form: how the board's sections (its lists) are laid out, and whether it
 * shows every section or just one. One section shown is loaded by itself (load_section), never
 * the whole board, however long the board is.
 */
import { SECTION_DISPLAY_OPTIONS, type Multilist, type SectionDisplay } from '@listboard/core';
import { useUi, type SectionShown } from '../state/ui';
import type { FormContext, FormDef } from './registry';
import { text } from './helpers';

export const EVERY_SECTION = 'every section';

/** A section as the form offers it: its number and title. */
export const sectionOption = (title: string, i: number) => `${i + 1}. ${title || `List ${i + 1}`}`;

/** The key a board's shown section is kept under (as board/useBoards keys boards). */
export const boardKey = (b: Pick<Multilist, 'owner' | 'ptitle'>) => `${b.owner}/${b.ptitle}`;

/** The section the board shows alone, if it shows one. */
export const sectionShown = (b: Pick<Multilist, 'owner' | 'ptitle'>): SectionShown | null =>
  useUi.getState().sections[boardKey(b)] ?? null;

/** The board's sections: the ones known when it shows one section, else its lists. */
function titlesOf(ctx: FormContext): string[] {
  if (!ctx.board) return [];
  return sectionShown(ctx.board)?.titles ?? ctx.board.lists.map((l) => l.title);
}

export const SECTION_DISPLAY_FORM: FormDef = {
  id: 'sectionDisplay',
  label: 'Section display',
  fields: [
    {
      name: 'sectionDisplay',
      label: 'Show',
      type: 'select',
      options: SECTION_DISPLAY_OPTIONS,
      hint: 'section: each section (list) in its own column; all: every section in one column under its title; items: the items alone, in board order.',
    },
    {
      name: 'section',
      label: 'Sections',
      type: 'select',
      options: [EVERY_SECTION],
      hint: 'One section shows alone and is loaded by itself, not the whole board.',
    },
  ],
  initial: (ctx) => ({
    sectionDisplay: ctx.display?.sectionDisplay ?? 'section',
    section: EVERY_SECTION,
  }),
  prepare(ctx) {
    const titles = titlesOf(ctx);
    const shown = ctx.board ? sectionShown(ctx.board) : null;
    return Promise.resolve({
      options: { section: [EVERY_SECTION, ...titles.map(sectionOption)] },
      values: {
        section: shown ? sectionOption(titles[shown.index] ?? '', shown.index) : EVERY_SECTION,
      },
    });
  },
  submitLabel: 'Apply',
  submit(v, ctx) {
    ctx.setDisplay?.({ sectionDisplay: text(v, 'sectionDisplay') as SectionDisplay });
    if (ctx.board) {
      const titles = titlesOf(ctx);
      const index = titles.map(sectionOption).indexOf(text(v, 'section'));
      useUi.getState().showSection(boardKey(ctx.board), index < 0 ? null : { index, titles });
    }
    return Promise.resolve(null);
  },
};
