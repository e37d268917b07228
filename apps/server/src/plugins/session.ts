import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  createSession,
  destroySession,
  purgeExpiredSessions,
  SESSION_DAYS,
  userForSessionId,
} from '../services/accounts/sessions';
import { accountMsg } from '@listboard/core';
import { HttpError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { endStreamsOf } from '../realtime/session-streams';
import { toActor, type Actor, type UserRow } from '../services/accounts/users';
import { purgeOldRequestKeys } from '../services/request-keys';

export const SESSION_COOKIE = 'lb_session';

/** How often expired sessions (guest visits above all) are swept from the table. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only; null when there is no valid session. */
    user: UserRow | null;
    actor: Actor | null;
    /** The stored (hashed) id of the session, for per-session state such as unlocked boards. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /**
     * `db` is the transaction to write the session in, when it belongs to a call's change.
     * `crossSite`: the session is used inside another site's frame (an LTI launch), so under
     * https its cookie is SameSite=None, and Partitioned: kept for that site's frames only,
     * which browsers that block third-party cookies still allow (CHIPS).
     */
    startSession(
      reply: FastifyReply,
      user: UserRow,
      request: FastifyRequest,
      db?: Db,
      crossSite?: boolean,
    ): Promise<void>;
    endSession(request: FastifyRequest, reply: FastifyReply, db?: Db): Promise<void>;
  }
}

/**
 * Resolves the session cookie to a user on every request. The X-Mongo-User-ID header the
 * client sends is only a hint: if it names someone else than the session, the request is refused.
 */
export const sessionPlugin = fp(
  (app: FastifyInstance, opts: { db: Db; config: Config }, done: () => void) => {
    const secure = opts.config.PUBLIC_URL.startsWith('https:');
    app.decorateRequest('user', null);
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionId', null);

    // Every visitor gets a guest session; expired ones are swept as the app starts and hourly,
    // with the keys of writes older than a day (services/request-keys.ts).
    let sweep: NodeJS.Timeout | undefined;
    const purge = () =>
      Promise.all([purgeExpiredSessions(opts.db), purgeOldRequestKeys(opts.db)]).catch(
        (err: unknown) => app.log.warn({ err }, 'expired sessions not purged'),
      );
    app.addHook('onReady', async () => {
      await purge();
      sweep = setInterval(() => void purge(), PURGE_EVERY_MS);
      sweep.unref();
    });
    app.addHook('onClose', (_app, closed) => {
      clearInterval(sweep);
      closed();
    });

    app.addHook('onRequest', async (request) => {
      // Stored files are served by who is asking too: an upload goes to those who may see it.
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/files/')) return;
      const token = request.cookies[SESSION_COOKIE];
      const id = token ? hashToken(token) : null;
      const user = id ? await userForSessionId(opts.db, id) : undefined;
      request.user = user ?? null;
      request.actor = user ? toActor(user) : null;
      request.sessionId = user ? id : null;
      const hint = request.headers['x-mongo-user-id'];
      if (typeof hint === 'string' && hint !== '' && hint !== user?.id) {
        // The page that sent it asks its user to sign in again (`sessionEnded`).
        throw new HttpError(401, accountMsg.sessionEnded, { sessionEnded: true });
      }
    });

    app.decorate(
      'startSession',
      async (
        reply: FastifyReply,
        user: UserRow,
        request: FastifyRequest,
        db: Db = opts.db,
        crossSite = false,
      ) => {
        // A new cookie value on every sign-in, so a session id planted before sign-in is useless after.
        const old = request.cookies[SESSION_COOKIE];
        // Its streams find out for themselves (realtime/routes.ts): ended here at once, they
        // would tell this very page before the answer with its new cookie reached it.
        if (old) await destroySession(db, old);
        const { token } = await createSession(db, user.id);
        request.sessionId = hashToken(token);
        reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          // SameSite=None is refused by browsers without Secure, so plain http keeps Lax.
          sameSite: crossSite && secure ? 'none' : 'lax',
          partitioned: crossSite && secure,
          secure,
          maxAge: SESSION_DAYS * 24 * 60 * 60,
        });
        request.user = user;
        request.actor = toActor(user);
      },
    );

    app.decorate(
      'endSession',
      async (request: FastifyRequest, reply: FastifyReply, db: Db = opts.db) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) {
          await destroySession(db, token);
          // Its live streams end with it, here at once (realtime/session-streams.ts).
          endStreamsOf(hashToken(token));
        }
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        request.user = null;
        request.actor = null;
        request.sessionId = null;
      },
    );
    done();
  },
);
