import { z } from 'zod';
import { defineCall, type BoardCall } from './board-call';
import { assignGroup, joinableGroups, joinGroup } from '../services/notes/groups';

const uuid = z.uuid({ error: 'must be an id' });
const name = z.string().min(1).max(100);

/** Group calls that act on a board go through the board-call mechanism like every other. */
export const GROUP_CALLS: BoardCall[] = [
  defineCall({
    path: '/api/forms/assign_group',
    tags: ['groups'],
    summary: 'Reference a reader group from a board (board owner only)',
    body: z.object({ multilistId: uuid, groupName: name }),
    action: 'assignGroup',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, target }) => assignGroup(tx, target.board, body.groupName),
  }),
  defineCall({
    path: '/api/forms/joinable_groups',
    tags: ['groups'],
    summary: 'The board’s groups the caller may join: open ones and ones they are in',
    body: z.object({ multilistId: uuid }),
    action: 'note',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { actor, target }) => joinableGroups(tx, target.board, actor),
  }),
  defineCall({
    path: '/api/forms/join_group',
    tags: ['groups'],
    summary: 'Join one of the board’s groups',
    body: z.object({ multilistId: uuid, groupName: name }),
    action: 'note',
    readOnly: true,
    recorded: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, actor, target }) => joinGroup(tx, target.board, actor, body.groupName),
  }),
];
