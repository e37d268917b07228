/** Export of a board as a file (Markdown, HTML page, JSON dump), through the board-call registrar. */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isSiteAdmin, roleFor, type PolicyBoard } from '@listboard/core';
import type { Db } from '../db/client';
import { boardUnlocks } from '../db/schema';
import { forbidden } from '../lib/errors';
import type { BoardRow } from '../services/board-access';
import { EXPORT_FORMATS, exportBoard } from '../services/export';
import type { Actor } from '../services/users';
import { defineCall, type BoardCall } from './board-call';

/** A board behind a password is exported only by those it is open to, as it is shown. */
async function assertOpen(
  db: Db,
  board: BoardRow,
  policy: PolicyBoard,
  actor: Actor,
  sessionId: string | null,
): Promise<void> {
  if (!board.passwordHash || isSiteAdmin(actor)) return;
  const role = roleFor(actor, policy);
  if (role === 'author' || role === 'editor') return;
  const [unlocked] = sessionId
    ? await db
        .select()
        .from(boardUnlocks)
        .where(and(eq(boardUnlocks.sessionId, sessionId), eq(boardUnlocks.multilistId, board.id)))
    : [];
  if (!unlocked) throw forbidden('This board is locked: enter its password first.');
}

export const EXPORT_CALLS: BoardCall[] = [
  defineCall({
    path: '/api/forms/export_board',
    tags: ['forms'],
    summary:
      'A board as one file to download: md (lists as sections, items in order, media as links), ' +
      'html (a self-contained page) or json (the dump format). Each loads back through ' +
      '/api/forms/load into the same board. Answers {filename, mediaType, content}.',
    body: z.object({ multilistId: z.uuid(), format: z.enum(EXPORT_FORMATS) }),
    action: 'export',
    readOnly: true,
    target: (b) => ({ multilistId: b.multilistId }),
    async run(tx, { body, target, actor, sessionId, publicUrl }) {
      await assertOpen(tx, target.board, target.policy, actor, sessionId);
      // Private items stay with their owner.
      const own = actor.username === target.board.owner || isSiteAdmin(actor);
      return exportBoard(tx, target.board, body.format, { publicUrl, withPrivate: own });
    },
  }),
];
