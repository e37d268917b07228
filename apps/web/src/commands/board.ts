/**
 * A board as a whole: its settings, sharing it, copying it, deleting it. Each is offered only
 * where the abilities served with the board allow it (core/policy): settings to those who may
 * edit it, sharing and deleting to its owner, a copy to anyone signed in who may export it.
 */
import { CopyPlus, Settings, Share2, Trash, UserMinus } from 'lucide-react';
import type { BoardAction } from '@listboard/core';
import type { Command, CommandContext } from './registry';

/** The board the command acts on (the selection's, else the last shown) allows the action. */
const mayOnBoard = (action: BoardAction) => (c: CommandContext) =>
  !c.results && c.board !== null && c.abilities?.[action] === true;

export const BOARD_COMMANDS: Command[] = [
  {
    id: 'boardSettings',
    label: 'Board settings',
    group: 'edit',
    icon: Settings,
    visible: mayOnBoard('edit'),
    run: (c) => c.actions.openForm('boardSettings'),
  },
  {
    id: 'shareBoard',
    label: 'Share board',
    group: 'edit',
    icon: Share2,
    visible: mayOnBoard('addCoauthor'),
    run: (c) => c.actions.openForm('share'),
  },
  {
    id: 'unshareBoard',
    label: 'Unshare board',
    group: 'edit',
    icon: UserMinus,
    visible: mayOnBoard('removeCoauthor'),
    run: (c) => c.actions.openForm('unshare'),
  },
  {
    id: 'duplicateBoard',
    label: 'Duplicate board',
    group: 'edit',
    icon: CopyPlus,
    visible: mayOnBoard('export'),
    // A board behind a password this session has not given shows nothing to copy.
    enabled: (c) => c.board?.locked !== true,
    run: (c) => c.actions.openForm('duplicateBoard'),
  },
  {
    id: 'deleteBoard',
    label: 'Delete board',
    group: 'edit',
    icon: Trash,
    visible: mayOnBoard('deleteBoard'),
    run: (c) => c.actions.openForm('deleteBoard'),
  },
];
