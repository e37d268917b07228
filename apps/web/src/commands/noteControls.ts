/**
 * The controls on a note (Reply, Copy link, Edit, Earlier words, Mark answered, Dismiss, Delete)
 * and the Reply button of a note listed as an item (the Discussion page), as commands. Each runs
 * on the note it is given and is enabled exactly when the note shows its button: core's
 * noteActions and itemActions, from the abilities the server sent with the note's board, and
 * noteButtons for Copy link. They are in no menu: they act on one note, not on the selection.
 */
import {
  itemActions,
  noteActions,
  type Abilities,
  type Item,
  type NoteAction,
} from '@listboard/core';
import type { Command, CommandContext, NoteTarget } from './registry';
import { showDeleted, showStatusSet, useInfo } from '../state/info';
import { copyLink } from '../board/itemLink';
import { giveFocusBack, rememberPlace } from '../forms/focusBack';

/**
 * A note's buttons: those its board's abilities give (core noteActions), and its Copy link, which
 * asks for none. A private note's link would open to no one else, and a results page (Discussion,
 * Listings) is no board to link into: each result's Visit opens it where it is. Helpful is a
 * toggle there as on the board (a listing tells the caller which they marked).
 */
export type NoteButton = NoteAction | 'link';
export function noteButtons(
  abilities: Abilities,
  note: Item,
  me: string | null,
  results: boolean,
): NoteButton[] {
  const actions: NoteButton[] = noteActions(abilities, note, me);
  if (results || note.isPrivate) return actions;
  const after = actions.indexOf('reply') + 1;
  return [...actions.slice(0, after), 'link', ...actions.slice(after)];
}

const offered = (action: NoteAction) => (c: CommandContext, t?: NoteTarget) =>
  t !== undefined &&
  noteActions(t.board.abilities, t.note, c.user?.username ?? null).includes(action);

/** Runs only with a note given (executeCommand refuses a note control without one). */
const onNote =
  (run: (c: CommandContext, t: NoteTarget) => void) => (c: CommandContext, t?: NoteTarget) => {
    if (t) run(c, t);
  };

const at = (t: NoteTarget) => ({
  multilistId: t.board._id,
  listId: t.item.listId,
  itemId: t.item._id,
  text: null,
});

/**
 * The button pressed often goes with the change it makes (an answered note leaves Pending notes
 * and has no Mark answered): focus then moves on to the note's item or the next one, as when a
 * form closes, not to the page's start.
 */
const keepingFocus = (t: NoteTarget, change: Promise<unknown>) => {
  const place = rememberPlace(t.item._id);
  void change.then(() => giveFocusBack(place));
};

/** Answers or dismisses the note; the info bar says so and offers to set it back. */
const setStatus = (action: 'answer' | 'dismiss') =>
  onNote((c, t) =>
    keepingFocus(
      t,
      c.actions
        .call(
          '/api/forms/set_note_status',
          { itemId: t.note._id, status: action === 'dismiss' ? 'dismissed' : 'answered' },
          action,
        )
        .then((res) => {
          if (res.ok)
            showStatusSet(t.note._id, res.value.noteStatus, t.note.noteStatus ?? undefined);
        }),
    ),
  );

export const NOTE_CONTROL_COMMANDS: Command[] = [
  {
    id: 'replyToNote',
    label: 'Reply',
    group: 'annotate',
    enabled: offered('reply'),
    run: onNote((c, t) =>
      c.actions.openForm('reply', { target: at(t), noteId: t.note._id, whileOpen: 'refuse' }),
    ),
  },
  {
    id: 'replyToItem',
    label: 'Reply',
    group: 'annotate',
    enabled: (_c, t) =>
      t !== undefined &&
      itemActions(t.board.abilities, t.item, { results: t.results }).includes('reply'),
    run: onNote((c, t) =>
      c.actions.openForm('reply', { target: at(t), noteId: t.note._id, whileOpen: 'toggle' }),
    ),
  },
  {
    id: 'copyNoteLink',
    label: 'Copy link',
    group: 'annotate',
    enabled: (c, t) =>
      t !== undefined &&
      noteButtons(t.board.abilities, t.note, c.user?.username ?? null, t.results).includes('link'),
    run: onNote((_c, t) => {
      void copyLink(t.board, 'note', t.note._id).then((said) => useInfo.getState().show(said));
    }),
  },
  {
    // A toggle: marks the note helpful, or takes the caller's mark back. The live event brings
    // the count, and the caller's own mark, back to the page.
    id: 'markHelpful',
    label: 'Helpful',
    group: 'annotate',
    // As its button shows (noteButtons).
    enabled: (c, t) =>
      t !== undefined &&
      noteButtons(t.board.abilities, t.note, c.user?.username ?? null, t.results).includes(
        'helpful',
      ),
    run: onNote((c, t) => {
      void c.actions.call(
        '/api/forms/mark_helpful',
        { itemId: t.note._id, helpful: t.note.voted !== true },
        'mark helpful',
      );
    }),
  },
  {
    id: 'editNote',
    label: 'Edit',
    group: 'annotate',
    enabled: offered('edit'),
    run: onNote((c, t) =>
      c.actions.openForm('editNote', { target: at(t), noteId: t.note._id, whileOpen: 'refuse' }),
    ),
  },
  {
    // The words the note's writer had before each edit, to read or put back: theirs alone.
    id: 'noteVersions',
    label: 'Earlier words',
    group: 'annotate',
    enabled: offered('versions'),
    run: onNote((c, t) =>
      c.actions.openForm('itemVersions', {
        target: at(t),
        noteId: t.note._id,
        whileOpen: 'refuse',
      }),
    ),
  },
  {
    id: 'answerNote',
    label: 'Mark answered',
    group: 'annotate',
    enabled: offered('answer'),
    run: setStatus('answer'),
  },
  {
    id: 'dismissNote',
    label: 'Dismiss',
    group: 'annotate',
    enabled: offered('dismiss'),
    run: setStatus('dismiss'),
  },
  {
    // No question first: the note goes to the board's Trash, and the info bar offers an Undo.
    id: 'deleteNote',
    label: 'Delete',
    group: 'annotate',
    enabled: offered('delete'),
    run: onNote((c, t) =>
      keepingFocus(
        t,
        c.actions
          .call('/api/forms/delete_item', { itemId: t.note._id }, 'delete note')
          .then((res) => {
            if (res.ok) showDeleted('note', res.value.trashId, t.board.abilities.trash);
          }),
      ),
    ),
  },
];

/** The command each of a note's buttons runs. */
export const NOTE_ACTION_COMMANDS: Record<NoteButton, string> = {
  reply: 'replyToNote',
  helpful: 'markHelpful',
  link: 'copyNoteLink',
  edit: 'editNote',
  versions: 'noteVersions',
  answer: 'answerNote',
  dismiss: 'dismissNote',
  delete: 'deleteNote',
};
