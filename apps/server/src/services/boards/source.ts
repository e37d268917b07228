/**
 * What a copy is made from when it lies on another board than the one it is written to (an item
 * or a list copied to another board). The board written to is the call's target, locked and
 * authorised as every call's; the source is read without locking its board, so two copies
 * crossing between the same two boards never wait on each other, and is refused exactly as
 * reading it would be: what the caller may not see (a board still locked for this session, another's
 * private item, a note not theirs to see) answers as a missing one does.
 */
import type { AppVersion, Viewer } from '@listboard/core';
import type { Db } from '../../db/client';
import type { Actor } from '../accounts/users';
import { assertVisible } from '../notes/visibility';
import { authorize, resolveTarget, type ResolvedFor } from './access';

/** Who is copying: the actor the policy asks of, the viewer the visibility rule asks of. */
export interface Copier {
  actor: Actor;
  viewer: Viewer;
  appVersion: AppVersion;
}

export async function readSource<T extends { itemId: string } | { listId: string }>(
  db: Db,
  who: Copier,
  target: T,
): Promise<ResolvedFor<T>> {
  const source = await resolveTarget(db, target, { lock: false });
  await assertVisible(db, who.viewer, source, { allowLocked: false });
  authorize(who.actor, source.policy, 'read', who.appVersion);
  return source;
}
