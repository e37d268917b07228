/**
 * Records every successful write call that the board-call and site-call registrars do not record
 * themselves (they write the row inside the call's transaction): board creation, loads, groups,
 * accounts, uploads. Any POST under /api/ counts as a write unless it is named in READ_CALLS, so
 * a new write route is logged without anyone remembering to.
 *
 * These rows are written just before the answer is sent, after the call's own transaction has
 * committed; a database failure between the two would lose the record, never the change.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isGuestUser } from '@listboard/core';
import type { Db } from '../db/client';
import { auditDetails, recordAudit } from '../services/audit';
import type { Actor } from '../services/users';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a registrar that records (or deliberately skips) the call itself. */
    audited: boolean;
    /** Who was signed in when the call started (sign-in and sign-out change req.actor). */
    auditActor: Actor | null;
  }
}

/** POST calls that change nothing anyone would look for in an activity log. */
export const READ_CALLS: ReadonlySet<string> = new Set([
  '/api/dbload/load_multilists',
  '/api/dbload/load_search',
  '/api/dbload/load_section',
  '/api/forms/list_multilists',
  '/api/forms/my_groups',
  '/api/display/is_registered_username',
  '/api/auth/check_invitee',
  // Every visitor gets a guest session; logging each would bury the real activity.
  '/api/auth/guest',
  // Only signs an upload address; /api/upload/record is the write.
  '/api/upload/s3',
]);

const MAX_PAYLOAD = 64 * 1024;

/** The board a creating call answers with ({multilistId, owner, ptitle}), if any. */
function boardOf(payload: unknown): { id: string; owner: string; ptitle: string } | null {
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD || !payload.startsWith('{')) {
    return null;
  }
  try {
    const r = JSON.parse(payload) as Record<string, unknown>;
    return typeof r.multilistId === 'string' &&
      typeof r.owner === 'string' &&
      typeof r.ptitle === 'string'
      ? { id: r.multilistId, owner: r.owner, ptitle: r.ptitle }
      : null;
  } catch {
    return null;
  }
}

export const auditPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  app.decorateRequest('audited', false);
  app.decorateRequest('auditActor', null);

  app.addHook('preHandler', async (req) => {
    req.auditActor = req.actor;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const path = req.routeOptions.url;
    if (
      req.method !== 'POST' ||
      req.audited ||
      reply.statusCode >= 400 ||
      !path?.startsWith('/api/') ||
      READ_CALLS.has(path)
    ) {
      return payload;
    }
    // Sign-in starts as the guest and ends as the person; sign-out the other way round. The
    // person is the one to name.
    const before = req.auditActor;
    const actor = before && !isGuestUser(before) ? before : (req.actor ?? before);
    if (!actor) return payload;
    try {
      await recordAudit(opts.db, {
        actor,
        call: path,
        board: boardOf(payload),
        details: auditDetails(req.body),
      });
    } catch (err) {
      req.log.error({ err }, 'audit row not written');
    }
    return payload;
  });
});
