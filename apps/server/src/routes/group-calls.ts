import * as groups from '@listboard/core/api/contracts/groups';
import { defineCall, type BoardCall } from './board-call';
import { assignGroup, joinableGroups, joinGroup } from '../services/notes/groups';

/** Group calls that act on a board go through the board-call mechanism like every other. */
export const GROUP_CALLS: BoardCall[] = [
  defineCall({
    contract: groups.assignGroup,
    action: 'assignGroup',
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, actor, target }) => assignGroup(tx, actor, target.board, body.groupName),
  }),
  defineCall({
    contract: groups.joinableGroups,
    action: 'note',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { actor, target }) => joinableGroups(tx, target.board, actor),
  }),
  defineCall({
    contract: groups.joinGroup,
    action: 'note',
    readOnly: true,
    recorded: true,
    target: (b) => ({ multilistId: b.multilistId }),
    run: (tx, { body, actor, target }) => joinGroup(tx, target.board, actor, body.groupName),
  }),
];
