import { and, eq, like, or, sql } from 'drizzle-orm';
import { boardTitleProblem, pathTitle } from '@listboard/core';
import type { Db } from '../../db/client';
import { multilists } from '../../db/schema';
import { badRequest } from '../../lib/errors';

/**
 * The title itself when the owner has no board at its address, else the title with the first
 * free number added ('--loaded-- 2', '--loaded-- 3', ...). Call inside the transaction that
 * creates the board: a per-owner advisory lock keeps two creations from picking the same number.
 */
export async function uniqueBoardTitle(db: Db, owner: string, title: string): Promise<string> {
  const problem = boardTitleProblem(title);
  if (problem) throw badRequest(problem);
  const base = pathTitle(title);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`board-title:${owner}`}))`);
  const rows = await db
    .select({ ptitle: multilists.ptitle })
    .from(multilists)
    .where(
      and(
        eq(multilists.owner, owner),
        or(
          eq(multilists.ptitle, base),
          like(multilists.ptitle, `${base.replace(/[\\%_]/g, '\\$&')}-%`),
        ),
      ),
    );
  const taken = new Set(rows.map((r) => r.ptitle));
  if (!taken.has(base)) return title;
  for (let n = 2; ; n++) {
    const candidate = `${title} ${n}`;
    if (!taken.has(pathTitle(candidate))) return candidate;
  }
}
