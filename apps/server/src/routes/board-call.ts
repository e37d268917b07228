/**
 * Every call that reads or changes an existing board is declared as data: its path, its body
 * schema, the policy action it needs and how to find its board. One registration function turns
 * each into a route that resolves the target, locks the board, authorises through core/policy
 * and runs the change in one transaction. The role-matrix test walks the same list, so a call
 * cannot be added without a permission check.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  isOwnNote,
  noteWordsRefusal,
  type AppVersion,
  type BoardAction,
  type Viewer,
} from '@listboard/core';
import type { ApiContract } from '@listboard/core/api/contract';
import type { Db } from '../db/client';
import {
  authorize,
  resolveTarget,
  type Resolved,
  type ResolvedFor,
  type Target,
} from '../services/boards/access';
import { touchBoard } from '../services/boards/multilists';
import type { Actor } from '../services/accounts/users';
import type { BoardEvent, EventBus } from '../realtime/bus';
import type { Mailer } from '../mail/mailer';
import { auditDetails, recordAudit } from '../services/admin/audit';
import { assertVisible, eventSubjects, subjectOf, viewerFor } from '../services/notes/visibility';
import { patchRootAfter } from '../realtime/item-patch';
import { patchListsOf } from '../realtime/list-patch';
import { bodySchema } from './contract-route';
import { forbidden } from '../lib/errors';
import { asWriter } from '../services/media/file-access';
import { answeredBefore, keepAnswer, requestKeyOf } from '../services/request-keys';

export interface CallContext<B, R extends Resolved = Resolved> {
  /** Sends mail; calls use it only for messages that may go out whatever the transaction does. */
  mailer?: Mailer;
  publicUrl: string;
  /** Items one user may e-mail per hour. */
  mailItemLimit: number;
  /** Note, reply and status alerts one user is mailed per hour. */
  alertLimit: number;
  actor: Actor;
  /** The caller as the visibility rule sees them (groups, unlocked boards). */
  viewer: Viewer;
  body: B;
  /** The board and the list, item or block the call names, as its target kind promises. */
  target: R;
  appVersion: AppVersion;
  sessionId: string | null;
  /** The client's address, as TRUST_PROXY lets the app believe it. */
  address: string;
  log: FastifyRequest['log'];
}

/** What a call's body is once its contract's input schema has read it. */
export type BodyOf<C extends ApiContract> = z.output<NonNullable<C['input']>>;

/**
 * What a call's run answers: a promise of its contract's output, or of nothing when that output
 * is `{ok: true}` (the registrar answers that for it).
 */
export type AnswerOf<C extends ApiContract> =
  | Promise<z.output<C['output']>>
  | ({ ok: true } extends z.output<C['output']> ? Promise<void> : never);

export interface BoardCall<C extends ApiContract = ApiContract, T extends Target = Target> {
  /** Path, body, answer and refusals: the call as the web sees it (core api/contracts). */
  contract: C;
  /** The contract's path, as the audit log and the role matrix name the call. */
  path: string;
  action: BoardAction;
  /**
   * Where the call is allowed beside its action, to whoever may see its target: a note's writer
   * withdrawing their own note. (The role matrix walks `action`; this widens it for one target.)
   */
  alsoAllowed?: (target: Resolved, username: string | null) => boolean;
  /** What the call does, in words for its refusal, where its action says less ('select'). */
  refusedAs?: string;
  /** Reads only: no board version bump. */
  readOnly?: boolean;
  /**
   * Leaves the board as it was, yet is worth a line in the activity log: a group joined, a board
   * unlocked for a session, an item mailed. Its audit row is written in its transaction.
   */
  recorded?: boolean;
  /** What of the answer the audit row keeps too, beside the request's fields (a copy's address). */
  audited?(answer: z.output<C['output']>): Record<string, unknown>;
  target(body: BodyOf<C>): T;
  run(tx: Db, ctx: CallContext<BodyOf<C>, ResolvedFor<T>>): AnswerOf<C>;
  /** Runs after commit (mail alerts): its failure is logged, never undoes the write. */
  after?(db: Db, ctx: CallContext<BodyOf<C>, ResolvedFor<T>>, result: unknown): Promise<void>;
  /**
   * Runs after commit, outside any transaction, and its answer is the call's: for a call that
   * waits on another service (a learning platform), which no transaction should be held open
   * for. `result` is what run answered; a refusal it throws (HttpError) reaches the caller.
   */
  finish?(
    db: Db,
    ctx: CallContext<BodyOf<C>, ResolvedFor<T>>,
    result: Awaited<ReturnType<BoardCall<C, T>['run']>>,
  ): Promise<z.output<C['output']>>;
}

/** alsoAllowed for the writer of the note, annotation or reply the call is on. */
export const toNoteWriter = (target: Resolved, username: string | null): boolean =>
  !!target.item && isOwnNote(target.item, username);

export function defineCall<C extends ApiContract, T extends Target>(
  call: Omit<BoardCall<C, T>, 'path'>,
): BoardCall {
  return { ...call, path: call.contract.path };
}

export function registerBoardCalls(
  app: FastifyInstance,
  calls: BoardCall[],
  deps: {
    db: Db;
    appVersion: AppVersion;
    bus?: EventBus;
    mailer?: Mailer;
    publicUrl?: string;
    mailItemLimit?: number;
    alertLimit?: number;
    /** Told of each change after its commit: who changed which board (LTI scores follow it). */
    written?: (boardId: string, username: string) => void;
  },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  for (const call of calls) {
    // The calls are checked against their contracts where they are declared (defineCall).
    const schema: FastifySchema = bodySchema(call.contract);
    typed.post(call.path, { schema }, async (req) => {
      // Recorded here or, for reads, not at all: the audit plugin leaves this request alone.
      req.audited = true;
      const writer = { actor: req.actor, sessionId: req.sessionId };
      // A write sent again with its key (a retry, a second Submit) gets its first answer.
      const key = !call.readOnly && !call.finish && req.actor ? requestKeyOf(req.headers) : null;
      const username = req.actor?.username ?? '';
      const done = await asWriter(writer, () =>
        deps.db.transaction(async (tx) => {
          const target = await resolveTarget(tx, call.target(req.body));
          // A copy (sent again, or at the same moment, when it waited here for the board's lock)
          // finds the first's answer.
          const first = key ? await answeredBefore(tx, username, key, call.path) : undefined;
          if (first) return { replayed: first.answer };
          const itemId = target.item?.id;
          const viewer = await viewerFor(tx, req.actor, req.sessionId);
          // What the caller cannot see is refused before what they may do is asked, so a hidden
          // note and a missing one get the same answer.
          await assertVisible(tx, viewer, target, { allowLocked: call.action === 'read' });
          const actor =
            req.actor && call.alsoAllowed?.(target, req.actor.username)
              ? req.actor
              : authorize(req.actor, target.policy, call.action, deps.appVersion, call.refusedAs);
          // A note's words are its writer's: a right to edit the board does not reach them.
          const notTheirs =
            call.action === 'edit' && target.item
              ? noteWordsRefusal(target.item, actor.username)
              : null;
          if (notTheirs) throw forbidden(notTheirs);
          const ctx: CallContext<unknown> = {
            actor,
            viewer,
            body: req.body,
            target,
            appVersion: deps.appVersion,
            sessionId: req.sessionId,
            address: req.ip,
            log: req.log,
            mailer: deps.mailer,
            publicUrl: deps.publicUrl ?? '',
            mailItemLimit: deps.mailItemLimit ?? 10,
            alertLimit: deps.alertLimit ?? 30,
          };
          const before =
            !call.readOnly && target.item ? await subjectOf(tx, target.item) : undefined;
          const result = await call.run(tx, ctx);
          let seen: BoardEvent['seen'];
          let version: number | undefined;
          let patchItem: string | undefined;
          let patchLists: string[] | undefined;
          if (!call.readOnly) {
            seen = await eventSubjects(tx, target, result, before);
            patchItem = await patchRootAfter(tx, call.path, target.item, result);
            if (!patchItem) patchLists = patchListsOf(call.path, target, result);
            // A board the call deleted has no version (touchBoard answers 0): its event goes
            // to every viewer, whatever version their stream was greeted with.
            version = (await touchBoard(tx, target.board.id)) || undefined;
          }
          if (!call.readOnly || call.recorded) {
            // In the same transaction: a change is never kept without its record, nor the reverse.
            await recordAudit(tx, {
              actor,
              call: call.path,
              board: target.board,
              itemId,
              details: {
                ...auditDetails(req.body),
                ...(result && call.audited ? call.audited(result) : {}),
              },
            });
          }
          // Kept with the change: both or neither.
          if (key) await keepAnswer(tx, username, key, call.path, result ?? { ok: true });
          return {
            answer: result ?? { ok: true },
            ctx,
            boardId: target.board.id,
            itemId,
            seen,
            version,
            patchItem,
            patchLists,
          };
        }),
      );
      if ('replayed' in done) return done.replayed;
      if (call.finish) return call.finish(deps.db, done.ctx, done.answer);
      const result = done.answer;
      if (call.after) {
        await call
          .after(deps.db, done.ctx, result)
          .catch((err: unknown) => req.log.warn({ err }, 'after-commit step failed'));
      }
      if (!call.readOnly) deps.written?.(done.boardId, done.ctx.actor.username);
      // Published after commit, so a viewer who reloads on the event sees the change.
      if (!call.readOnly && deps.bus) {
        await deps.bus
          .publish({
            multilistId: done.boardId,
            call: call.path,
            by: done.ctx.actor.username,
            itemId: done.itemId,
            at: Date.now(),
            seen: done.seen,
            version: done.version,
            patchItem: done.patchItem,
            patchLists: done.patchLists,
          })
          .catch((err: unknown) => req.log.warn({ err }, 'board event not published'));
      }
      return result;
    });
  }
}
