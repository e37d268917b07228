/**
 * Undoing: the board's Trash (its authors), an item's previous texts (those who may edit it) and
 * the info bar that offers an Undo after each delete.
 */
import { History, Info, Trash2 } from 'lucide-react';
import type { Command } from './registry';
import { canEdit, needItemShown } from './helpers';

export const UNDO_COMMANDS: Command[] = [
  {
    id: 'trash',
    label: 'Trash',
    group: 'edit',
    icon: Trash2,
    visible: (c) => !c.results && c.board !== null && c.abilities?.trash === true,
    run: (c) => c.actions.openForm('trash'),
  },
  {
    id: 'itemVersions',
    label: 'Previous versions',
    group: 'edit',
    item: true,
    icon: History,
    visible: canEdit,
    run: (c) => needItemShown(c, () => c.actions.openForm('itemVersions')),
  },
  {
    id: 'infoBar',
    label: 'Info bar',
    group: 'view',
    icon: Info,
    run: (c) => c.actions.openForm('infoBar'),
  },
];
