/** Notes, annotations, reader groups and sharing an item. */
import type { Command } from './registry';
import { signedIn, needItem } from './helpers';

export const NOTES_COMMANDS: Command[] = [
  {
    id: 'groups',
    label: 'Groups',
    group: 'edit',
    toolbar: true,
    visible: signedIn,
    run: (c) => c.actions.openForm('joinGroup'),
  },
  {
    id: 'createGroup',
    label: 'New group',
    group: 'edit',
    visible: signedIn,
    run: (c) => c.actions.openForm('createGroup'),
  },
  {
    id: 'selectGroup',
    label: 'Post notes to a group',
    group: 'edit',
    visible: signedIn,
    run: (c) => c.actions.openForm('selectGroup'),
  },
  {
    id: 'assignGroup',
    label: 'Assign group',
    group: 'edit',
    visible: (c) => c.abilities?.addCoauthor === true,
    run: (c) => c.actions.openForm('assignGroup'),
  },

  {
    id: 'addGroupMember',
    label: 'Add a member to my group',
    group: 'edit',
    visible: signedIn,
    run: (c) => c.actions.openForm('addGroupMember'),
  },
  {
    id: 'emailItem',
    label: 'E-mail item',
    group: 'edit',
    visible: (c) => signedIn(c) && !(c.user?.roles.includes('lbadmin') ?? false),
    run: (c) => needItem(c, () => c.actions.openForm('emailItem')),
  },
  {
    id: 'myNotes',
    label: 'Show my notes',
    group: 'navigate',
    visible: signedIn,
    run: (c) =>
      c.actions.navigate(`/${c.user!.username}/home?code=notes&username=${c.user!.username}`),
  },
];
