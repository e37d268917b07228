/** Notes, replies, annotations, and e-mailing an item. */
import {
  ANNOTATION_TYPES,
  fieldMsg,
  isTextTarget,
  isValidEmail,
  mayHaveNoWords,
  noteMsg,
  noteNoun,
  passageMsg,
  quoteOf,
} from '@listboard/core';
import type { NoteWritten } from '@listboard/core/api/contracts/notes';
import type { Result } from '../api/client';
import type { Field, FormContext, FormDef, Values } from './registry';
import {
  str,
  text,
  highlightOf,
  quotedItem,
  quotedNote,
  required,
  fail,
  findItem,
  findNote,
  quotedItemItself,
  selectedItem,
} from './helpers';
import { revealWhenShown } from '../board/revealWritten';
import { passageOfWords } from '../highlights/typedPassage';
import { PLACE_FIELD, placeOf, placeValues } from './place';

/** The form's answer: a failure's message, or none, and the new note brought into sight. */
function written(res: Result<NoteWritten>, op: string): string | null {
  if (!res.ok) return fail(op, res.error);
  revealWhenShown(res.value.itemId);
  return null;
}

/**
 * Words from the item to note, typed or pasted: for whoever cannot select them (the keyboard
 * alone, a small touch screen). Not shown when words were selected: the form quotes those.
 */
const WORDS_FIELD: Field = {
  name: 'words',
  label: 'On the words (optional)',
  type: 'text',
  hint: 'Type or paste words from the item to highlight them, or select them in the item first.',
  shownWhen: (v) => v.selected !== true,
};
/** Under each field a note's words are written in: they show as light markup. */
const MARKUP_HINT =
  'Light markup shows: **bold**, *italic*, `code`, [words](address); a pasted address becomes a link.';
/** Under the words of a note, reply or annotation: a mention tells someone (alertMentioned). */
const NOTE_HINT = `${MARKUP_HINT} @name tells that person, if they may read it; #word tags it (#question).`;
const WORDS_NOT_FOUND = 'These words are not in the item: copy them as the item shows them.';
const WORDS_IN_PLACES = 'These words are in the item';
const wordsInPlaces = (places: number) =>
  `${WORDS_IN_PLACES} ${places} times: add a word before or after them, so they name one place.`;

/** The passage a note or annotation is on: the words selected, else the words typed, if any. */
function passageFor(
  v: Values,
  ctx: FormContext,
): { highlight: ReturnType<typeof highlightOf> } | string {
  const selected = highlightOf(ctx);
  const words = str(v, 'words');
  if (selected || !words) return { highlight: selected };
  const typed = passageOfWords(selectedItem(ctx), words);
  if ('passage' in typed) return { highlight: typed.passage };
  return typed.places === 0 ? WORDS_NOT_FOUND : wordsInPlaces(typed.places);
}
/** The field a refusal of the words is about: the words'. */
const wordsField = (message: string) =>
  message === WORDS_NOT_FOUND || message.startsWith(WORDS_IN_PLACES) ? 'words' : null;

/** A selection over two blocks or items has no one passage to quote: say so instead. */
const onePassage = (ctx: FormContext) =>
  Promise.resolve(ctx.target.spans ? { error: passageMsg.selectWithinOneBlock } : {});

/** The tags the board asks notes to carry, said under the Note form's title: " Tag it #question or #evidence." */
const askedTags = (board: FormContext['board']): string => {
  const tags = (board?.noteTags ?? []).map((t) => `#${t}`);
  return tags.length
    ? ` Tag it ${tags.length > 1 ? `${tags.slice(0, -1).join(', ')} or ${tags.at(-1)}` : tags[0]}.`
    : '';
};

/** Whether the last reply sent put its note back among those waiting for an answer. */
let askedAgain = false;

export const NOTES_FORMS: FormDef[] = [
  {
    id: 'note',
    label: 'Note',
    // Who will read it, before it is sent: the group chosen for this board, or every reader.
    description: (ctx) =>
      (ctx.group
        ? `Goes to ${ctx.group}: its members and this board’s authors see it, unless you tick Private.`
        : 'Everyone who reads this board sees it, unless you tick Private.') + askedTags(ctx.board),
    quote: quotedItem,
    prepare: onePassage,
    fields: [
      { name: 'text', label: 'Your note', type: 'textarea', hint: NOTE_HINT, mentions: true },
      WORDS_FIELD,
      PLACE_FIELD,
      { name: 'isPrivate', label: 'Private (only you will see it)', type: 'checkbox' },
    ],
    initial: (ctx) => ({ selected: highlightOf(ctx) !== null, ...placeValues(ctx) }),
    done: (v) => (v.isPrivate ? 'Your private note is saved.' : 'Your note is posted.'),
    // Blank words make a '[Highlight only]' note (spec section 5): with no passage either, it
    // would be a note with nothing in it, so the words are asked for, under their field.
    errorField: (message) =>
      message === fieldMsg.requiredField('note') ? 'text' : wordsField(message),
    async submit(v, ctx) {
      const on = passageFor(v, ctx);
      if (typeof on === 'string') return on;
      if (!str(v, 'text') && !on.highlight) return fieldMsg.requiredField('note');
      const item = selectedItem(ctx);
      const res = await ctx.call(
        '/api/forms/insert_note',
        {
          listId: item.listId,
          itemId: item._id,
          // A private note goes to nobody else, so not to a group either.
          noteSpec: {
            text: text(v, 'text'),
            groupName: v.isPrivate ? null : ctx.group,
            // Words of the item, else the place in its recording or PDF, if kept.
            highlight: on.highlight ?? placeOf(v, item),
          },
          isPrivate: Boolean(v.isPrivate),
        },
        'insert note',
      );
      return written(res, 'insert note');
    },
  },
  {
    id: 'reply',
    label: 'Reply',
    quote: quotedNote,
    fields: [
      {
        name: 'text',
        label: 'Your reply',
        type: 'textarea',
        required: true,
        hint: NOTE_HINT,
        mentions: true,
      },
    ],
    validate: (v) => required(v, 'text', 'reply'),
    // A question after the note was answered puts it back among those waiting for an answer: a
    // sighted reader sees its mark change; one who listens is told.
    done: () =>
      askedAgain
        ? 'Your reply is posted, and the note waits for an answer again.'
        : 'Your reply is posted.',
    async submit(v, ctx) {
      // The note answered, on the page now or, gone from it since (answered by a co-author), as
      // it was when the form opened: the server says whether it may still be replied to.
      const item = findItem(ctx) ?? selectedItem({ ...ctx, board: ctx.opened ?? null });
      // On a results page the note carries where it lives; on a board it hangs off the item.
      const note = item.notes.find((n) => n._id === ctx.noteId);
      const where = note?.rootItem
        ? { listId: note.listId, itemId: note.rootItem }
        : { listId: item.listId, itemId: item._id };
      const res = await ctx.call(
        '/api/forms/insert_note',
        { ...where, noteSpec: { text: text(v, 'text'), parentId: ctx.noteId } },
        'reply',
      );
      askedAgain = res.ok && res.value.askedAgain === true;
      return written(res, 'reply');
    },
  },
  {
    // A note's, reply's or annotation's writer changes its words (core noteActions: their own).
    id: 'editNote',
    label: 'Edit your words',
    edits: true,
    // What the note is on: its passage, or its item's first words (on a board; a note listed on
    // Discussion is an entry of its own there).
    quote: (ctx) => {
      const note = findNote(ctx);
      if (note && isTextTarget(note.highlight))
        return { label: 'On the words', text: quoteOf(note.highlight).exact };
      return note && note._id !== ctx.target.itemId ? quotedItemItself(ctx) : null;
    },
    description: (ctx) => {
      const note = findNote(ctx);
      return note && mayHaveNoWords(note)
        ? 'Leave it empty to keep the passage highlighted with no words.'
        : 'Who sees it stays as it is.';
    },
    fields: [
      { name: 'text', label: 'Your words', type: 'textarea', hint: NOTE_HINT, mentions: true },
    ],
    initial: (ctx) => {
      const words = findNote(ctx)?.text ?? '';
      return { text: words === noteMsg.highlightOnly ? '' : words };
    },
    errorField: (message) => (message.startsWith('Please fill in') ? 'text' : null),
    done: () => 'Your words are changed.',
    async submit(v, ctx) {
      const note = findNote(ctx);
      if (!note) return 'This note is no longer on the board.';
      if (!str(v, 'text') && !mayHaveNoWords(note)) return fieldMsg.requiredField(noteNoun(note));
      const res = await ctx.call(
        '/api/forms/edit_item',
        { itemId: note._id, text: text(v, 'text'), version: note.version },
        'edit note',
      );
      return res.ok ? null : fail('edit note', res.error);
    },
  },
  {
    id: 'annotation',
    label: 'Annotation',
    quote: quotedItem,
    prepare: onePassage,
    fields: [
      {
        name: 'text',
        label: 'Annotation',
        type: 'textarea',
        required: true,
        hint: NOTE_HINT,
        mentions: true,
      },
      WORDS_FIELD,
      { name: 'label', label: 'Label (leave empty for the next number)', type: 'text' },
      { name: 'type', label: 'Type', type: 'select', options: ANNOTATION_TYPES },
      { name: 'isPrivate', label: 'Private (only you will see it)', type: 'checkbox' },
    ],
    validate: (v) => required(v, 'text', 'annotation'),
    done: (v) => (v.isPrivate ? 'Your private annotation is saved.' : 'Your annotation is posted.'),
    initial: (ctx) => ({ selected: highlightOf(ctx) !== null }),
    errorField: wordsField,
    async submit(v, ctx) {
      const on = passageFor(v, ctx);
      if (typeof on === 'string') return on;
      const item = selectedItem(ctx);
      const res = await ctx.call(
        '/api/forms/insert_anno',
        {
          listId: item.listId,
          itemId: item._id,
          annoSpec: {
            text: text(v, 'text'),
            label: str(v, 'label') || undefined,
            type: str(v, 'type') || undefined,
            highlight: on.highlight,
          },
          isPrivate: Boolean(v.isPrivate),
        },
        'insert annotation',
      );
      return written(res, 'insert annotation');
    },
  },
  {
    id: 'emailItem',
    label: 'E-mail this item',
    quote: quotedItem,
    fields: [
      {
        name: 'email',
        label: 'E-mail address',
        type: 'text',
        required: true,
        autoComplete: 'email',
      },
    ],
    validate: (v) => (isValidEmail(str(v, 'email')) ? null : fieldMsg.invalidEmail),
    async submit(v, ctx) {
      const item = selectedItem(ctx);
      const res = await ctx.call(
        '/api/forms/email_an_item',
        {
          email: str(v, 'email'),
          multilistId: item.multilistId,
          listId: item.listId,
          itemId: item._id,
        },
        'email item',
      );
      if (res.ok) ctx.alert('The item is on its way.');
      return res.ok ? null : fail('email item', res.error);
    },
  },
];
