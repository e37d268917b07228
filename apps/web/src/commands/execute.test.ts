import { describe, expect, it, vi } from 'vitest';
import {
  LIST_WIDTH_STEPS,
  abilitiesOf,
  type BoardAction,
  type Item,
  type PublicUser,
} from '@listboard/core';
import { DEFAULT_DISPLAY, NO_SELECTION } from '../state/ui';
import { commandContext, guest, makeBoard } from '../test/fixtures';
import { commandMsg, executeCommand, type CommandSource } from './execute';
import type { CommandActions, NoteTarget } from './registry';

const SOURCES: CommandSource[] = ['toolbar', 'shortcut', 'menu', 'link', 'form'];

const author: PublicUser = { ...guest, _id: 'user-ann', username: 'ann', roles: ['author'] };

function contextFor(allowed: BoardAction[], user: PublicUser = author) {
  const board = makeBoard('ann', 'plants', [{ title: 'Trees', items: ['Oak', 'Ash'] }]);
  board.abilities = abilitiesOf(allowed.length > 0 ? 'author' : 'guest', allowed);
  const list = board.lists[0]!;
  const actions = {
    openForm: vi.fn(),
    alert: vi.fn(),
    setDisplay: vi.fn(),
    call: vi.fn(() => Promise.resolve({ ok: true, value: {} })),
  } as unknown as CommandActions;
  const ctx = commandContext(user, board, {
    selection: { ...NO_SELECTION, multilistId: board._id, listId: list._id },
    actions,
  });
  return { ctx, actions, board, item: list.items[0]! };
}

const readerNote = (on: Item, status: Item['noteStatus']): Item => ({
  ...on,
  _id: `note-${status}`,
  annotationClass: 'note',
  noteStatus: status,
  text: 'Is this an oak?',
});

describe('executeCommand', () => {
  it('runs an enabled command from every source', () => {
    for (const source of SOURCES) {
      const { ctx, actions } = contextFor(['read', 'insert']);
      expect(executeCommand('insertList', source, ctx), source).toBe(true);
      expect(actions.openForm, source).toHaveBeenCalledWith('insertList');
      expect(actions.alert, source).not.toHaveBeenCalled();
    }
  });

  it('refuses a command the abilities withhold, from every source; a link says so', () => {
    for (const source of SOURCES) {
      const { ctx, actions } = contextFor(['read']);
      expect(executeCommand('insertList', source, ctx), source).toBe(false);
      expect(actions.openForm, source).not.toHaveBeenCalled();
      if (source === 'link')
        expect(actions.alert).toHaveBeenCalledWith(commandMsg.refused('Insert list'));
      else expect(actions.alert, source).not.toHaveBeenCalled();
    }
  });

  it('refuses a command that is disabled now (zoom in at the widest lists), from every source', () => {
    for (const source of SOURCES) {
      const { ctx, actions } = contextFor(['read']);
      const widest = { ...ctx, display: { ...DEFAULT_DISPLAY, zoom: LIST_WIDTH_STEPS.length - 1 } };
      expect(executeCommand('zoomIn', source, widest), source).toBe(false);
      expect(actions.setDisplay, source).not.toHaveBeenCalled();
      expect(executeCommand('zoomIn', source, ctx), source).toBe(true);
      expect(actions.setDisplay, source).toHaveBeenCalledWith({ zoom: 3 });
    }
  });

  it('runs no unknown command; a link names it', () => {
    const { ctx, actions } = contextFor(['read']);
    expect(executeCommand('constructor', 'link', ctx)).toBe(false);
    expect(actions.alert).toHaveBeenCalledWith('No function named constructor.');
    expect(executeCommand('nosuch', 'toolbar', ctx)).toBe(false);
    expect(actions.alert).toHaveBeenCalledTimes(1);
  });
});

describe('note controls as commands', () => {
  it('answer and dismiss a pending reader note for a moderator, and set its status', () => {
    const { ctx, actions, board, item } = contextFor(['read', 'reply', 'moderate']);
    const note: NoteTarget = { board, item, note: readerNote(item, 'pending'), results: false };
    expect(executeCommand('answerNote', 'toolbar', ctx, note)).toBe(true);
    expect(executeCommand('dismissNote', 'toolbar', ctx, note)).toBe(true);
    expect(vi.mocked(actions.call).mock.calls).toEqual([
      ['/api/forms/set_note_status', { itemId: 'note-pending', status: 'answered' }, 'answer'],
      ['/api/forms/set_note_status', { itemId: 'note-pending', status: 'dismissed' }, 'dismiss'],
    ]);
  });

  it('are refused where the note shows no such button: no moderation, a note already dismissed, no note', () => {
    const reader = contextFor(['read', 'reply']);
    const pending: NoteTarget = {
      board: reader.board,
      item: reader.item,
      note: readerNote(reader.item, 'pending'),
      results: false,
    };
    expect(executeCommand('dismissNote', 'toolbar', reader.ctx, pending)).toBe(false);
    expect(executeCommand('answerNote', 'toolbar', reader.ctx, pending)).toBe(false);

    const moderator = contextFor(['read', 'reply', 'moderate']);
    const dismissed: NoteTarget = {
      board: moderator.board,
      item: moderator.item,
      note: readerNote(moderator.item, 'dismissed'),
      results: false,
    };
    expect(executeCommand('dismissNote', 'toolbar', moderator.ctx, dismissed)).toBe(false);
    // A `^dismissNote()` link names no note.
    expect(executeCommand('dismissNote', 'link', moderator.ctx)).toBe(false);
    expect(moderator.actions.alert).toHaveBeenCalledWith(commandMsg.refused('Dismiss'));
    expect(reader.actions.call).not.toHaveBeenCalled();
    expect(moderator.actions.call).not.toHaveBeenCalled();
  });

  it('reply opens the reply form at the note; a note listed as an item replies to itself', () => {
    const { ctx, actions, board, item } = contextFor(['read', 'reply']);
    const note = readerNote(item, 'pending');
    expect(
      executeCommand('replyToNote', 'toolbar', ctx, { board, item, note, results: false }),
    ).toBe(true);
    const at = { multilistId: board._id, listId: item.listId, itemId: item._id, text: null };
    expect(actions.openForm).toHaveBeenLastCalledWith('reply', {
      target: at,
      noteId: note._id,
      whileOpen: 'refuse',
    });
    const listed = { board, item: note, note, results: true };
    expect(executeCommand('replyToItem', 'toolbar', ctx, listed)).toBe(true);
    expect(actions.openForm).toHaveBeenLastCalledWith('reply', {
      target: { ...at, itemId: note._id },
      noteId: note._id,
      whileOpen: 'toggle',
    });
    // An item that is no note has no Reply.
    expect(
      executeCommand('replyToItem', 'toolbar', ctx, { board, item, note: item, results: false }),
    ).toBe(false);
    // Without reply in the abilities, neither runs.
    const other = contextFor(['read']);
    expect(
      executeCommand('replyToNote', 'toolbar', other.ctx, {
        board: other.board,
        item,
        note,
        results: false,
      }),
    ).toBe(false);
    expect(other.actions.openForm).not.toHaveBeenCalled();
  });
});
