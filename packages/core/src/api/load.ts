/** The load form's answers (`/api/forms/load` and its progress stream `load_stream`). */
import { z } from 'zod';

/** The board a load made; it is at /{owner}/{ptitle}. */
export const loadedBoard = z.object({
  multilistId: z.string(),
  owner: z.string(),
  title: z.string(),
  ptitle: z.string(),
  /** How many lists and items it has. */
  lists: z.number(),
  items: z.number(),
});
export type LoadedBoard = z.infer<typeof loadedBoard>;

const fetching = z.object({ phase: z.literal('fetching'), url: z.string() });
const reading = z.object({
  phase: z.literal('reading'),
  source: z.string(),
  done: z.number(),
  total: z.number(),
});
const writing = z.object({
  phase: z.literal('writing'),
  done: z.number(),
  total: z.number(),
  items: z.number(),
});

/** How far a load has got. */
export const loadProgress = z.discriminatedUnion('phase', [fetching, reading, writing]);
export type LoadProgress = z.infer<typeof loadProgress>;

/** One line of the progress stream: progress, then the board made or the error. */
export const streamLine = z
  .discriminatedUnion('phase', [
    fetching,
    reading,
    writing,
    z.object({ phase: z.literal('done'), board: loadedBoard }),
    z.object({ phase: z.literal('error'), status: z.number(), error: z.string() }),
  ])
  .describe('one JSON object a line: progress, then {phase: "done", board} or the error');
export type StreamLine = z.infer<typeof streamLine>;
