/**
 * Calls that act on the site rather than on one board (the admin tools, the users board),
 * declared as data like the board calls: each names the core/policy site action it needs. One
 * registration function authorises every one and runs it in one transaction, with its audit
 * row for writes; the role-matrix test walks the same list.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canSite, isGuestUser, type SiteAction } from '@listboard/core';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/errors';
import { auditDetails, recordAudit } from '../services/admin/audit';
import { accountMsg } from '../services/accounts/messages';
import type { Actor } from '../services/accounts/users';

export interface SiteCallContext<B> {
  actor: Actor;
  body: B;
  now: Date;
}

export interface SiteCall<S extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  tags: string[];
  body: S;
  action: SiteAction;
  readOnly?: boolean;
  run(tx: Db, ctx: SiteCallContext<z.infer<S>>): Promise<unknown>;
}

export function defineSiteCall<S extends z.ZodType>(call: SiteCall<S>): SiteCall {
  return call as unknown as SiteCall;
}

export function authorizeSite(actor: Actor | null, action: SiteAction): Actor {
  // Every site action needs a person: the shared guest account is told to sign in.
  if (!actor || isGuestUser(actor)) throw unauthorized(accountMsg.notSignedIn);
  if (!canSite(actor, action)) throw forbidden(accountMsg.adminOnly);
  return actor;
}

export function registerSiteCalls(
  app: FastifyInstance,
  calls: SiteCall[],
  deps: { db: Db; now?: () => Date },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const now = deps.now ?? (() => new Date());
  for (const call of calls) {
    typed.post(
      call.path,
      { schema: { tags: call.tags, summary: call.summary, body: call.body } },
      async (req) => {
        req.audited = true;
        const actor = authorizeSite(req.actor, call.action);
        return deps.db.transaction(async (tx) => {
          const result = await call.run(tx, { actor, body: req.body, now: now() });
          if (!call.readOnly) {
            await recordAudit(tx, {
              actor,
              call: call.path,
              details: auditDetails(req.body),
            });
          }
          return result ?? { ok: true };
        });
      },
    );
  }
}
