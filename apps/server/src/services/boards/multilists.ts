import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  boardTitleProblem,
  coauthorMsg,
  isGuestUser,
  pathTitle,
  type Multilist,
  must,
  boardTagsOf,
} from '@listboard/core';
import type { Db } from '../../db/client';
import { boardMembers, boardUnlocks, multilists } from '../../db/schema';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { BoardRow } from './access';
import { recordMove } from './moves';
import { checkVersion } from '../../lib/versions';
import { findUserByUsername, type Actor } from '../accounts/users';
import { BLANK_DESCRIPTION, type BoardMade } from '@listboard/core/api/contracts/boards';

export async function insertMultilist(
  db: Db,
  actor: Actor,
  args: { title: string; description?: string; listed?: boolean },
): Promise<BoardMade> {
  const title = args.title.trim();
  const problem = boardTitleProblem(title);
  if (problem) throw badRequest(problem);
  const ptitle = pathTitle(title);
  const [exists] = await db
    .select({ id: multilists.id })
    .from(multilists)
    .where(and(eq(multilists.owner, actor.username), eq(multilists.ptitle, ptitle)));
  if (exists) throw conflict(`You already have a board at /${actor.username}/${ptitle}.`);
  const [row] = await db
    .insert(multilists)
    .values({
      owner: actor.username,
      title,
      ptitle,
      description: args.description?.trim() || BLANK_DESCRIPTION,
      listed: args.listed ?? true,
    })
    .returning({ id: multilists.id });
  return { multilistId: must(row, 'the new board').id, owner: actor.username, ptitle, title };
}

/** An owner's boards; unlisted ones only for the owner (and site admins). */
export async function listMultilists(db: Db, owner: string, viewer: Actor | null) {
  const mayseeAll =
    viewer !== null && (viewer.username === owner || viewer.roles.includes('lbadmin'));
  const rows = await db
    .select({
      _id: multilists.id,
      owner: multilists.owner,
      title: multilists.title,
      ptitle: multilists.ptitle,
      description: multilists.description,
      listed: multilists.listed,
      modified: multilists.modified,
    })
    .from(multilists)
    .where(
      mayseeAll
        ? eq(multilists.owner, owner)
        : and(eq(multilists.owner, owner), eq(multilists.listed, true)),
    )
    .orderBy(asc(multilists.title));
  return rows.map((r) => ({ ...r, modified: r.modified.toISOString() }));
}

export async function editMultilist(
  db: Db,
  board: BoardRow,
  args: {
    title?: string;
    description?: string;
    listed?: boolean;
    password?: string | null;
    /** When readers' notes are due (an ISO date and time), or null for none. */
    notesDue?: string | null;
    /** Whether readers yet to write are reminded a day before. */
    remindDue?: boolean;
    /** The tags readers' notes are asked to carry, as given (`question`, `#Question`). */
    noteTags?: string[];
    version?: number;
  },
) {
  checkVersion('board', board.version, args.version);
  const set: Partial<typeof multilists.$inferInsert> = { modified: new Date() };
  if (args.title !== undefined) {
    const problem = boardTitleProblem(args.title);
    if (problem) throw badRequest(problem);
    const ptitle = pathTitle(args.title);
    const [clash] = await db
      .select({ id: multilists.id })
      .from(multilists)
      .where(and(eq(multilists.owner, board.owner), eq(multilists.ptitle, ptitle)));
    if (clash && clash.id !== board.id)
      throw conflict(`There is already a board at /${board.owner}/${ptitle}.`);
    set.title = args.title.trim();
    set.ptitle = ptitle;
    await recordMove(db, board, ptitle);
  }
  if (args.description !== undefined)
    set.description = args.description.trim() || BLANK_DESCRIPTION;
  if (args.listed !== undefined) set.listed = args.listed;
  if (args.notesDue !== undefined) set.notesDue = args.notesDue ? new Date(args.notesDue) : null;
  if (args.remindDue !== undefined) set.remindDue = args.remindDue;
  if (args.noteTags !== undefined) {
    const read = boardTagsOf(args.noteTags);
    if ('problem' in read) throw badRequest(read.problem);
    set.noteTags = read.tags;
  }
  if (args.password !== undefined) {
    // Spaces alone look like no password at all in the form, and are easily typed by mistake.
    if (args.password && !args.password.trim())
      throw badRequest('A board’s password cannot be only spaces.');
    set.passwordHash = args.password ? await hashPassword(args.password) : null;
  }
  const [row] = await db
    .update(multilists)
    .set(set)
    .where(eq(multilists.id, board.id))
    .returning({ version: multilists.version, ptitle: multilists.ptitle });
  const edited = must(row, 'the edited board');
  // A new password (or none) is not the one sessions gave: each must give the new one.
  if (args.password !== undefined)
    await db.delete(boardUnlocks).where(eq(boardUnlocks.multilistId, board.id));
  // The call's one version step is taken after it (touchBoard, under the board's lock), as for
  // every write: the answer names the version the board is left at.
  return { multilistId: board.id, version: edited.version + 1, ptitle: edited.ptitle };
}

/**
 * Every write bumps the board's version, so clients and caches can tell a board changed. Answers
 * the new version (0 when there is no such board).
 */
export async function touchBoard(db: Db, boardId: string): Promise<number> {
  const [row] = await db
    .update(multilists)
    .set({ version: sql`${multilists.version} + 1`, modified: new Date() })
    .where(eq(multilists.id, boardId))
    .returning({ version: multilists.version });
  return row?.version ?? 0;
}

/**
 * The account a board is shared with: a registered user other than the board's owner. The
 * shared guest account is every visitor at once, so a board is never shared with it.
 */
async function shareable(db: Db, board: BoardRow, username: string) {
  const user = await findUserByUsername(db, username);
  if (!user || isGuestUser(user)) throw notFound(coauthorMsg.notRegisteredUser(username));
  if (user.username === board.owner) throw badRequest(`${username} already owns this board.`);
  return user;
}

/** Drops a user's memberships of the given kinds: a user holds one role on a board. */
async function dropKinds(
  db: Db,
  board: BoardRow,
  username: string,
  kinds: (typeof boardMembers.$inferSelect)['kind'][],
) {
  await db
    .delete(boardMembers)
    .where(
      and(
        eq(boardMembers.multilistId, board.id),
        eq(boardMembers.username, username),
        inArray(boardMembers.kind, kinds),
      ),
    );
}

/** Makes the user a coauthor, or a contributor-only one; an editor's membership gives way. */
export async function addCoauthor(
  db: Db,
  board: BoardRow,
  username: string,
  contributorOnly: boolean,
) {
  const user = await shareable(db, board, username);
  await dropKinds(db, board, user.username, ['member']);
  await db
    .insert(boardMembers)
    .values({ multilistId: board.id, username: user.username, kind: 'author', contributorOnly })
    .onConflictDoUpdate({
      target: [boardMembers.multilistId, boardMembers.username, boardMembers.kind],
      set: { contributorOnly },
    });
  // A contributor-only coauthor is also listed as contributor, which policy reads as the narrower role.
  if (contributorOnly) {
    await db
      .insert(boardMembers)
      .values({ multilistId: board.id, username: user.username, kind: 'contributor' })
      .onConflictDoNothing();
  } else {
    await db
      .delete(boardMembers)
      .where(
        and(
          eq(boardMembers.multilistId, board.id),
          eq(boardMembers.username, user.username),
          eq(boardMembers.kind, 'contributor'),
        ),
      );
  }
  return { message: `Board shared with user ${user.username}` };
}

export async function removeCoauthor(db: Db, board: BoardRow, username: string) {
  const user = await findUserByUsername(db, username);
  if (!user) throw notFound(coauthorMsg.notRegisteredUser(username));
  const removed = await db
    .delete(boardMembers)
    .where(and(eq(boardMembers.multilistId, board.id), eq(boardMembers.username, user.username)))
    .returning({ u: boardMembers.username });
  if (removed.length === 0) throw new HttpError(404, coauthorMsg.coauthorRemovalProblem(username));
  return { message: coauthorMsg.boardUnshared(user.username) };
}

/** Makes the user an editor with the given privileges; a coauthorship gives way. */
export async function setMember(db: Db, board: BoardRow, username: string, privileges: string[]) {
  const user = await shareable(db, board, username);
  await dropKinds(db, board, user.username, ['author', 'contributor']);
  await db
    .insert(boardMembers)
    .values({ multilistId: board.id, username: user.username, kind: 'member', privileges })
    .onConflictDoUpdate({
      target: [boardMembers.multilistId, boardMembers.username, boardMembers.kind],
      set: { privileges },
    });
}

/** Checks a board password and remembers, for this session, that the board is open to it. */
export async function unlockBoard(
  db: Db,
  board: BoardRow,
  sessionId: string,
  password: string,
  message: string,
) {
  if (!board.passwordHash) return;
  if (!(await verifyPassword(password, board.passwordHash))) throw forbidden(message);
  await db.insert(boardUnlocks).values({ sessionId, multilistId: board.id }).onConflictDoNothing();
}

export type DumpedBoard = Pick<
  Multilist,
  'owner' | 'title' | 'description' | 'listed' | 'labels'
> & {
  lists: {
    title: string;
    description: string;
    items: { text: string; labels: { name: string; value: string }[] }[];
  }[];
};
