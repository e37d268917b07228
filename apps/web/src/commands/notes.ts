/** Notes, annotations, reader groups and sharing an item. */
import {
  FileUp,
  Mail,
  NotebookText,
  UserMinus,
  UserPlus,
  UserX,
  Users,
  UsersRound,
  Send,
  UserCog,
} from 'lucide-react';
import type { Command } from './registry';
import { listingHref as searchHref } from '@listboard/core/api/search';
import { signedIn, needItem, userOf } from './helpers';

export const NOTES_COMMANDS: Command[] = [
  {
    id: 'groups',
    label: 'Groups',
    group: 'annotate',
    icon: Users,
    visible: signedIn,
    run: (c) => c.actions.openForm('joinGroup'),
  },
  {
    id: 'createGroup',
    label: 'New group',
    group: 'annotate',
    icon: UsersRound,
    visible: signedIn,
    run: (c) => c.actions.openForm('createGroup'),
  },
  {
    id: 'selectGroup',
    label: 'Post notes to a group',
    group: 'annotate',
    icon: Send,
    visible: signedIn,
    run: (c) => c.actions.openForm('selectGroup'),
  },
  {
    id: 'assignGroup',
    label: 'Assign group',
    group: 'annotate',
    icon: UserCog,
    visible: (c) => c.abilities?.addCoauthor === true,
    run: (c) => c.actions.openForm('assignGroup'),
  },

  {
    id: 'leaveGroup',
    label: 'Leave a group',
    group: 'annotate',
    icon: UserMinus,
    visible: signedIn,
    run: (c) => c.actions.openForm('leaveGroup'),
  },
  {
    id: 'addGroupMember',
    label: 'Add a member to my group',
    group: 'annotate',
    icon: UserPlus,
    visible: signedIn,
    run: (c) => c.actions.openForm('addGroupMember'),
  },
  {
    id: 'removeGroupMember',
    label: 'Remove a member from my group',
    group: 'annotate',
    icon: UserX,
    visible: signedIn,
    run: (c) => c.actions.openForm('removeGroupMember'),
  },
  {
    id: 'emailItem',
    label: 'E-mail item',
    group: 'annotate',
    item: true,
    icon: Mail,
    visible: (c) => signedIn(c) && !(c.user?.roles.includes('lbadmin') ?? false),
    run: (c) => needItem(c, () => c.actions.openForm('emailItem')),
  },
  {
    id: 'importNotes',
    label: 'Import notes',
    group: 'annotate',
    icon: FileUp,
    // Anyone who may note on this board (core/policy 'note'); annotations only for its authors.
    visible: (c) => c.abilities?.note === true,
    enabled: (c) => c.board !== null && !c.board.locked && !c.results,
    run: (c) => c.actions.openForm('importNotes'),
  },
  {
    id: 'myNotes',
    label: 'Show my notes',
    group: 'annotate',
    icon: NotebookText,
    visible: signedIn,
    run: (c) => c.actions.navigate(searchHref(userOf(c).username, 'notes')),
  },
];
