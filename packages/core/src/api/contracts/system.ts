/** The app itself: its health, the live events of boards on screen, and its API document. */
import { z } from 'zod';
import { defineContract } from '../contract';

export const health = defineContract({
  path: '/api/health',
  method: 'GET',
  tags: ['system'],
  summary: 'Liveness and database reachability',
  output: z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) }),
  errors: [503],
});

export const events = defineContract({
  path: '/api/events',
  method: 'GET',
  tags: ['realtime'],
  summary: 'Live changes to the given boards, as server-sent events (event: board)',
  description:
    'First `event: ready` with `{boards, versions}` (the boards this viewer may follow, at their ' +
    'versions), then `event: board` with `{multilistId, call, by, itemId?, at, version, item?}` ' +
    'for each change the viewer may see (`item`: the item a change inside one item left, as ' +
    'this viewer may see it); a comment line every 20 s keeps the stream open. With `at`, the ' +
    'versions the page holds, a page behind is first sent `{multilistId, call: "catch-up", ' +
    'from, version, items}` when every change since was inside one item. With `owner` and ' +
    '`since` (a listing of the notes on that person’s boards, read at that time; asked by ' +
    'them or a site admin), the stream follows every board they own as well, and the ' +
    'greeting says `ownChanged: true` when one of them changed after `since`.',
  input: z.object({
    boards: z.string().max(2000),
    /** The version the page holds of each board, in the order of `boards`. */
    at: z.string().max(800).optional(),
    /** Whose boards a listing of notes on them follows (the listing's owner). */
    owner: z.string().max(100).optional(),
    /** When that listing was read (an ISO time, the listing's `ownBoardsAt`). */
    since: z.string().max(40).optional(),
  }),
  produces: 'text/event-stream',
  output: z.string().describe('server-sent events: ready, then board'),
  errors: [400],
});

export const openapi = defineContract({
  path: '/api/openapi.json',
  method: 'GET',
  tags: ['system'],
  summary: 'This API as an OpenAPI document',
  hidden: true,
  output: z
    .custom<object>((v) => typeof v === 'object' && v !== null)
    .describe('an OpenAPI 3 document'),
  errors: [],
});
