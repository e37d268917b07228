/** Reader groups: making them, their members, and the groups a board refers to. */
import { z } from 'zod';
import { BOARD_CALL_ERRORS, defineContract, id } from '../contract';

const name = z.string().min(1).max(100);

/** A group the caller belongs to. */
export const myGroup = z.object({
  name: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  owner: z.string(),
  /** How many are in the group (its owner among them): told to its owner; null to the others. */
  members: z.number().int().nullable(),
});
export type MyGroup = z.infer<typeof myGroup>;

/** A group of the board that the caller may join. */
export const joinableGroup = z.object({
  name: z.string(),
  description: z.string(),
  isPrivate: z.boolean(),
  member: z.boolean(),
});
export type JoinableGroup = z.infer<typeof joinableGroup>;

/** The groups the board refers to (assign) or the caller is in (join), after the change. */
const groupNames = z.object({ groups: z.array(z.string()) });

export const createGroup = defineContract({
  path: '/api/forms/create_group',
  tags: ['groups'],
  summary: 'Create a reader group; its creator is its first member and its owner',
  input: z.object({
    name: z.string().max(100),
    description: z.string().max(2000).optional(),
    isPrivate: z.boolean().optional(),
  }),
  output: z.object({ name: z.string(), isPrivate: z.boolean() }),
  errors: [400, 401, 409],
});

export const addGroupMember = defineContract({
  path: '/api/forms/add_group_member',
  tags: ['groups'],
  summary: 'Add a user to a group by name (the group’s owner)',
  input: z.object({ groupName: z.string().max(100), username: z.string().max(200) }),
  /** The group and how many members it has now. */
  output: z.object({ name: z.string(), members: z.number() }),
  errors: [400, 401, 403, 404],
});

export const leaveGroup = defineContract({
  path: '/api/forms/leave_group',
  tags: ['groups'],
  summary: 'Leave a group one is in (its owner stays in it)',
  input: z.object({ groupName: name }),
  /** The groups the caller is in now. */
  output: groupNames,
  errors: [400, 401, 403, 404],
});

export const removeGroupMember = defineContract({
  path: '/api/forms/remove_group_member',
  tags: ['groups'],
  summary: 'Take a user out of a group (the group’s owner)',
  input: z.object({ groupName: z.string().max(100), username: z.string().max(200) }),
  /** The group and how many members it has now. */
  output: z.object({ name: z.string(), members: z.number() }),
  errors: [400, 401, 403, 404],
});

/** A group the caller owns, with its members. */
export const ownedGroup = z.object({
  name: z.string(),
  members: z.array(z.object({ username: z.string(), fullname: z.string() })),
});
export type OwnedGroup = z.infer<typeof ownedGroup>;

export const groupMembers = defineContract({
  path: '/api/forms/group_members',
  tags: ['groups'],
  summary: 'The groups the caller owns, each with its members (the owner first)',
  input: z.object({}).optional(),
  output: z.array(ownedGroup),
  errors: [401],
});

export const myGroups = defineContract({
  path: '/api/forms/my_groups',
  tags: ['groups'],
  summary: 'The caller’s groups (selectGroup offers these)',
  input: z.object({}).optional(),
  output: z.array(myGroup),
  errors: [401],
});

export const assignGroup = defineContract({
  path: '/api/forms/assign_group',
  tags: ['groups'],
  summary: 'Reference a reader group from a board (board owner only)',
  input: z.object({ multilistId: id, groupName: name }),
  /** The board's groups, and the group assigned as it is named and whether it is private. */
  output: groupNames.extend({ name: z.string(), isPrivate: z.boolean() }),
  errors: BOARD_CALL_ERRORS,
});

export const joinableGroups = defineContract({
  path: '/api/forms/joinable_groups',
  tags: ['groups'],
  summary: 'The board’s groups the caller may join: open ones and ones they are in',
  input: z.object({ multilistId: id }),
  output: z.array(joinableGroup),
  errors: BOARD_CALL_ERRORS,
});

export const joinGroup = defineContract({
  path: '/api/forms/join_group',
  tags: ['groups'],
  summary: 'Join one of the board’s groups',
  input: z.object({ multilistId: id, groupName: name }),
  output: groupNames,
  errors: BOARD_CALL_ERRORS,
});
