/**
 * What narrows a listing of the notes on one's boards (Discussion, My notes): one board, one list
 * of it, one reader group, one tag, one writer, an order, a page.
 */
import type { AppVersion } from '@listboard/core';
import type { NoteOrder } from '@listboard/core/api/search';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findUserByUsername, type Actor } from '../accounts/users';

/**
 * The reader a listing of notes is narrowed to (`&writer=`), by user name in any case, and how
 * the page names them.
 */
export async function writerOf(db: Db, name: string): Promise<{ username: string; name: string }> {
  const user = await findUserByUsername(db, name);
  if (!user) throw notFound(`No user named ${name}.`);
  return { username: user.username, name: user.fullname.trim() || user.username };
}

/** What narrows a listing of the notes on one's boards (Discussion, My notes), and its page. */
export interface ListingScope {
  /**
   * The one board whose notes are listed: one `username` owns, coauthors or edits; of their own
   * Notes, any board open to them.
   */
  board?: string;
  /** And of it, the one list (by id) whose items' notes are listed (a Discussion of one week). */
  list?: string;
  /** The one reader group whose notes are listed. */
  group?: string;
  /** The one tag (core tagKey) the notes listed carry. */
  tag?: string;
  /** The one writer (a user name) whose notes are listed (a teacher reading one student's). */
  writer?: string;
  /** Most marked helpful first, instead of newest first. */
  order?: NoteOrder;
  /** A listing of notes: which NOTES_LISTED, from the newest (0) back. Boards are listed whole. */
  page?: number;
}

/** The caller of a listing: who they are and the session that may have unlocked boards. */
export interface Who {
  actor: Actor;
  sessionId: string | null;
  /** For a listing shown as a page: its notes written late are marked to those who see it. */
  appVersion?: AppVersion;
}
