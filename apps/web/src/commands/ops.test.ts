import { describe, expect, it } from 'vitest';
import { toolbarRoleFlags } from '@listboard/core';
import { DEFAULT_DISPLAY, type Display } from '../state/ui';
import { commandContext, guest } from '../test/fixtures';
import { COMMANDS } from './definitions';
import { OPS_COMMANDS, opsShown } from './ops';
import { isVisible, type CommandContext } from './registry';

const board = { owner: 'author' };

function contextFor(username: string, display: Partial<Display> = {}): CommandContext {
  const user = { ...guest, _id: `user-${username}`, username, roles: ['reader' as const] };
  return commandContext(user, null, {
    flags: toolbarRoleFlags(user, board),
    display: { ...DEFAULT_DISPLAY, ...display },
  });
}

const toggles = (ctx: CommandContext) =>
  OPS_COMMANDS.filter((c) => isVisible(c, ctx)).map((c) => c.label);

describe('the edit, mark and note operation toggles', () => {
  it('are the editing extras of those who get the edit and mark buttons', () => {
    expect(toggles(contextFor('author'))).toEqual([
      'Edit operations',
      'Mark operations',
      'Note operations',
    ]);
    expect(toggles(contextFor('reader'))).toEqual([]);
  });

  it('are on until switched off, and each hides its own kind of item operation only', () => {
    const on = contextFor('author');
    expect(OPS_COMMANDS.map((c) => c.pressed?.(on))).toEqual([true, true, true]);
    const editOff = contextFor('author', { editOps: false });
    expect(opsShown(editOff, 'edit')).toBe(false);
    expect(opsShown(editOff, 'mark')).toBe(true);
    expect(opsShown(editOff, 'note')).toBe(true);
    expect(opsShown(editOff, undefined)).toBe(true);
    expect(opsShown(contextFor('author', { markOps: false }), 'mark')).toBe(false);
    expect(opsShown(contextFor('author', { noteOps: false }), 'note')).toBe(false);
  });

  it('never hide anything from someone who has no toggle to bring it back', () => {
    const reader = contextFor('reader', { editOps: false, markOps: false, noteOps: false });
    for (const kind of ['edit', 'mark', 'note'] as const) expect(opsShown(reader, kind)).toBe(true);
  });

  it('sort the item commands: editing, markers and ranges, notes', () => {
    const of = (kind: string) =>
      COMMANDS.filter((c) => c.ops === kind)
        .map((c) => c.id)
        .sort();
    expect(of('edit')).toEqual(expect.arrayContaining(['editItem', 'insertItem', 'deleteItem']));
    expect(of('mark')).toEqual(expect.arrayContaining(['addMediaMarker', 'addTextMarker']));
    expect(of('note')).toEqual(['annotate', 'caption', 'note']);
  });
});
