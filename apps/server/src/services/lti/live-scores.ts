/**
 * Scores sent as learners write: after a write on a board, the writer's score on each graded
 * course link of the board goes to the platform's gradebook a while after the first write
 * (LTI_SCORE_DELAY), with every writer of that while, so that a burst of notes makes one score
 * each, not one a note, and a busy board still sends. The
 * instance that took the write sends it; a platform's failure is logged, and the next write,
 * launch or "Send scores now" sends the score again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { pushBoardScores } from './grades';

export interface ScoreSender {
  /** Someone wrote on this board. */
  written: (boardId: string, username: string) => void;
  /** Sends what is waiting now (at shutdown, and in tests). */
  flush: () => Promise<void>;
  close: () => void;
}

export function scoreSender(db: Db, delayMs: number, log: FastifyBaseLogger): ScoreSender {
  const waiting = new Map<string, { timer: NodeJS.Timeout; writers: Set<string> }>();
  const running = new Set<Promise<void>>();

  const send = (boardId: string) => {
    const entry = waiting.get(boardId);
    if (!entry) return;
    waiting.delete(boardId);
    clearTimeout(entry.timer);
    const job = pushBoardScores(db, boardId, [...entry.writers], new Date())
      .then(() => undefined)
      .catch((err: unknown) => log.warn({ err, boardId }, 'LTI scores not sent'))
      .finally(() => running.delete(job));
    running.add(job);
  };

  return {
    written(boardId, username) {
      const entry = waiting.get(boardId);
      if (entry) {
        entry.writers.add(username);
        return;
      }
      const timer = setTimeout(() => send(boardId), delayMs);
      timer.unref();
      waiting.set(boardId, { timer, writers: new Set([username]) });
    },
    async flush() {
      for (const id of [...waiting.keys()]) send(id);
      await Promise.all(running);
    },
    close() {
      for (const { timer } of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
