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
    'versions), then `event: board` with `{multilistId, call, by, itemId?, at}` for each change ' +
    'the viewer may see; a comment line every 20 s keeps the stream open.',
  input: z.object({ boards: z.string().max(2000) }),
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
