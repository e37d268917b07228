/**
 * The audit log behind the admin's activity page: one row per successful write call, always
 * written inside the transaction that makes the change, so a change and its record commit or
 * roll back together. Board and site calls write it in their registrars (routes/board-call.ts,
 * routes/site-call.ts); every other write runs its change through the request's `transact`
 * (plugins/audit.ts), and a service with a transaction of its own takes that function in place
 * of `db.transaction`.
 */
import { and, count, desc, gte, lt, sql, type SQL } from 'drizzle-orm';
import { DATE_FORMAT } from '@listboard/core';
import type { ActivityPage, ActivityQuery } from '@listboard/core/api/routes';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Actor } from '../accounts/users';

/** What a write may tell its audit row from inside its transaction. */
export interface AuditNote {
  board?: { id: string; owner: string; ptitle: string } | null;
  itemId?: string | null;
  /** Whom to name when the caller had no account of their own: a new account names itself. */
  actor?: Pick<Actor, 'id' | 'username'>;
}

/** Runs a write in one transaction; a request's version writes the call's audit row in it too. */
export type Transact = <T>(run: (tx: Db, note: AuditNote) => Promise<T>) => Promise<T>;

/** Whom a row names; a visitor without a session is named as the guest, with no user id. */
export interface AuditActor {
  id: string | null;
  username: string;
}

export interface AuditEntry {
  actor: AuditActor;
  call: string;
  board?: { id: string; owner: string; ptitle: string } | null;
  itemId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Request fields worth keeping: names and ids that say what was acted on. Passwords, tokens and
 * whole texts never go in the log.
 */
const DETAIL_KEYS = [
  'username',
  'title',
  'titleText',
  'owner',
  'name',
  'groupName',
  'multilistId',
  'listId',
  'itemId',
  'roles',
  'role',
  'status',
  'direction',
  'tourCateg',
  'value',
  'format',
  'listed',
  'url',
] as const;
const MAX_DETAIL = 200;

/**
 * A field's first 200 characters, counted by code point: a cut through an emoji's surrogate pair
 * left half a character the database cannot store, and the write it records was refused.
 */
function cut(v: string): string {
  if (v.length <= MAX_DETAIL) return v;
  const chars = Array.from(v);
  return chars.length > MAX_DETAIL ? `${chars.slice(0, MAX_DETAIL).join('')}…` : v;
}

/** The named fields of a request body, each cut to 200 characters. */
export function auditDetails(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const src = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of DETAIL_KEYS) {
    const v = src[key];
    if (typeof v === 'string') out[key] = cut(v);
    else if (typeof v === 'number' || typeof v === 'boolean') out[key] = v;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[key] = v.slice(0, 20);
  }
  return out;
}

export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.actor.id,
    username: entry.actor.username,
    call: entry.call,
    multilistId: entry.board?.id ?? null,
    board: entry.board ? `${entry.board.owner}/${entry.board.ptitle}` : null,
    itemId: entry.itemId ?? null,
    details: entry.details ?? {},
  });
}

export const ACTIVITY_PAGE_SIZE = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

function day(value: string | undefined, field: string): Date | null {
  const v = value?.trim();
  if (!v) return null;
  const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : null;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw badRequest(`The ${field} date must be a date as ${DATE_FORMAT}.`);
  }
  return d;
}

/** One page of the log, newest first, narrowed by user and by days. */
export async function listActivity(db: Db, q: ActivityQuery): Promise<ActivityPage> {
  const pageSize = Math.min(200, Math.max(1, Math.trunc(q.pageSize ?? ACTIVITY_PAGE_SIZE)));
  const page = Math.max(0, Math.trunc(q.page ?? 0));
  const from = day(q.start, 'start');
  const to = day(q.stop, 'stop');
  if (from && to && from > to) throw badRequest('The start date is after the stop date.');
  const where: SQL[] = [];
  const user = q.user?.trim();
  if (user) where.push(sql`lower(${auditLog.username}) = lower(${user})`);
  if (from) where.push(gte(auditLog.at, from));
  if (to) where.push(lt(auditLog.at, new Date(to.getTime() + DAY_MS)));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(cond)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize + 1)
      .offset(page * pageSize),
    db.select({ n: count() }).from(auditLog).where(cond),
  ]);
  return {
    rows: rows.slice(0, pageSize).map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      username: r.username,
      call: r.call,
      board: r.board,
      multilistId: r.multilistId,
      itemId: r.itemId,
      details: r.details,
    })),
    page,
    pageSize,
    total: total?.n ?? 0,
    hasNext: rows.length > pageSize,
  };
}
