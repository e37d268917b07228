/**
 * Every successful write call leaves one audit row, written in the same transaction as the
 * change: a failed record undoes the change, and no change commits without its record. The
 * board-call and site-call registrars write the row in the transaction they open; every other
 * write route runs its change through `req.transact`, which opens the transaction, runs the
 * change and writes the row before committing.
 *
 * Any POST under /api/ counts as a write unless it is named in READ_CALLS (or is a read-only
 * board or site call). A write that answers 2xx without having recorded itself is a fault in the
 * route: it is logged as an error and kept in `app.unrecordedWrites`, which the test harness
 * checks after every API test file, so a new route that forgets fails the suite instead of
 * going unlogged.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GUEST_USER, isGuestUser } from '@listboard/core';
import type { Db } from '../db/client';
import {
  auditDetails,
  recordAudit,
  type AuditActor,
  type AuditNote,
  type Transact,
} from '../services/admin/audit';
import type { Actor } from '../services/accounts/users';
import { asWriter } from '../services/media/file-access';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the call has recorded itself (or, as a read-only registered call, need not). */
    audited: boolean;
    /** Who was signed in when the call started (sign-in and sign-out change req.actor). */
    auditActor: Actor | null;
    /**
     * Runs the call's change in one transaction with its audit row. Once per call; a service
     * that opens its own transaction takes this in place of `db.transaction`.
     */
    transact: Transact;
  }
  interface FastifyInstance {
    /** Write calls that answered 2xx without an audit row: always empty unless a route is wrong. */
    unrecordedWrites: Set<string>;
  }
}

/** POST calls that change nothing anyone would look for in an activity log. */
export const READ_CALLS: ReadonlySet<string> = new Set([
  '/api/dbload/load_multilists',
  '/api/dbload/load_search',
  '/api/dbload/export_listing',
  '/api/dbload/load_section',
  '/api/dbload/moved_boards',
  '/api/dbload/waiting_notes',
  '/api/dbload/board_news',
  '/api/dbload/boards_due',
  '/api/dbload/my_tags',
  '/api/forms/list_multilists',
  '/api/forms/copy_targets',
  '/api/forms/my_groups',
  '/api/forms/group_members',
  '/api/forms/read_source',
  '/api/display/is_registered_username',
  '/api/auth/check_invitee',
  // Every visitor gets a guest session; logging each would bury the real activity.
  '/api/auth/guest',
  // These only sign an address; /api/upload/record is the write, and a thumbnail is a cache.
  '/api/upload/s3',
  '/api/thumbnails/sign',
]);

/** The route of a call that is a write and must leave an audit row; null for any other call. */
export function writeCall(req: FastifyRequest): string | null {
  const path = req.routeOptions.url;
  return req.method === 'POST' && path?.startsWith('/api/') && !READ_CALLS.has(path) ? path : null;
}

/** The board a creating call answers with ({multilistId, owner, ptitle}), if any. */
function boardOf(result: unknown): AuditNote['board'] {
  if (!result || typeof result !== 'object') return null;
  const r = result as Record<string, unknown>;
  return typeof r.multilistId === 'string' &&
    typeof r.owner === 'string' &&
    typeof r.ptitle === 'string'
    ? { id: r.multilistId, owner: r.owner, ptitle: r.ptitle }
    : null;
}

/** A caller with no session at all: the guest, as far as the log is concerned. */
const VISITOR: AuditActor = { id: null, username: GUEST_USER };

/**
 * Whom the row names. Sign-in starts as the guest and ends as the person, sign-out the other
 * way round, and sign-up starts as the guest and makes the person: the person is the one to name.
 */
function actorOf(req: FastifyRequest, note: AuditNote): AuditActor {
  const before = req.auditActor;
  if (before && !isGuestUser(before)) return before;
  return note.actor ?? req.actor ?? before ?? VISITOR;
}

export const auditPlugin = fp((app: FastifyInstance, opts: { db: Db }, done: () => void) => {
  app.decorateRequest('audited', false);
  app.decorateRequest('auditActor', null);
  app.decorateRequest('transact', null as unknown as Transact);
  app.decorate('unrecordedWrites', new Set<string>());

  app.addHook('preHandler', (req, _reply, next) => {
    req.auditActor = req.actor;
    req.transact = async (run) => {
      if (req.audited) throw new Error(`${req.routeOptions.url} recorded itself twice`);
      const writer = { actor: req.actor, sessionId: req.sessionId };
      const result = await asWriter(writer, () =>
        opts.db.transaction(async (tx) => {
          const note: AuditNote = {};
          const result = await run(tx, note);
          const call = writeCall(req);
          if (call !== null) {
            await recordAudit(tx, {
              actor: actorOf(req, note),
              call,
              board: note.board ?? boardOf(result),
              itemId: note.itemId,
              details: auditDetails(req.body),
            });
          }
          return result;
        }),
      );
      req.audited = true;
      return result;
    };
    next();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const call = writeCall(req);
    if (!req.audited && reply.statusCode < 400 && call !== null) {
      app.unrecordedWrites.add(call);
      req.log.error({ call }, 'write call answered without an audit row');
    }
    return payload;
  });
  done();
});
