/**
 * Calls that act on the site rather than on one board (the admin tools, the users board),
 * declared as data like the board calls: each names the core/policy site action it needs. One
 * registration function authorises every one and runs it in one transaction, with its audit
 * row for writes; the role-matrix test walks the same list.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canSite, isGuestUser, type SiteAction } from '@listboard/core';
import type { ApiContract } from '@listboard/core/api/contract';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/errors';
import { auditDetails, recordAudit } from '../services/admin/audit';
import { accountMsg } from '../services/accounts/messages';
import type { Actor } from '../services/accounts/users';
import type { AnswerOf, BodyOf } from './board-call';
import { bodySchema } from './contract-route';
import { asWriter } from '../services/media/file-access';

export interface SiteCallContext<B> {
  actor: Actor;
  body: B;
  now: Date;
}

export interface SiteCall<C extends ApiContract = ApiContract> {
  /** Path, body, answer and refusals: the call as the web sees it (core api/contracts). */
  contract: C;
  /** The contract's path, as the audit log and the role matrix name the call. */
  path: string;
  action: SiteAction;
  readOnly?: boolean;
  run(tx: Db, ctx: SiteCallContext<BodyOf<C>>): AnswerOf<C>;
}

export function defineSiteCall<C extends ApiContract>(call: Omit<SiteCall<C>, 'path'>): SiteCall {
  return { ...call, path: call.contract.path };
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
    // The calls are checked against their contracts where they are declared (defineSiteCall).
    const schema: FastifySchema = bodySchema(call.contract);
    typed.post(call.path, { schema }, async (req) => {
      req.audited = true;
      const actor = authorizeSite(req.actor, call.action);
      const writer = { actor, sessionId: req.sessionId };
      return asWriter(writer, () =>
        deps.db.transaction(async (tx) => {
          const result = await call.run(tx, { actor, body: req.body, now: now() });
          if (!call.readOnly) {
            await recordAudit(tx, {
              actor,
              call: call.path,
              details: auditDetails(req.body),
            });
          }
          return result ?? { ok: true };
        }),
      );
    });
  }
}
