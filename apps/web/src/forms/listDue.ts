/**
 * When notes on one list's items are due (ours): a course board by week has a date for each
 * week's notes. A list without one follows the board's date (Board settings).
 */
import type { FormDef } from './registry';
import { fail, findList, openBoard, quotedList, selectedList, str } from './helpers';
import { dueWords, fromLocalInput, localInput } from '../board/DueLine';

export const LIST_DUE_FORMS: FormDef[] = [
  {
    id: 'listNotesDue',
    label: 'Notes due on this list',
    quote: quotedList,
    description: (ctx) => {
      const board = openBoard(ctx);
      const due = board.notesDue
        ? `The board says: ${dueWords(board.notesDue)} A date here holds for this list’s items instead.`
        : 'The board has no date for notes: Board settings sets one for every list at once.';
      return `${due} ${
        board.remindDue
          ? 'Readers yet to write on its items are reminded by mail a day before.'
          : 'Board settings’ Remind readers a day before mails those yet to write on its items.'
      }`;
    },
    fields: [
      {
        name: 'notesDue',
        label: 'Notes due',
        type: 'datetime-local',
        hint: 'Readers see it under the list’s title, in their own time zone; a note on one of its items written after it is marked late. Leave it blank for the board’s date.',
      },
    ],
    initial: (ctx) => ({ notesDue: localInput(findList(ctx)?.notesDue) }),
    submitLabel: 'Save',
    async submit(v, ctx) {
      const res = await ctx.call(
        '/api/forms/edit_list',
        { listId: selectedList(ctx)._id, notesDue: fromLocalInput(str(v, 'notesDue')) },
        'edit list',
      );
      return res.ok ? null : fail('edit list', res.error);
    },
  },
];
