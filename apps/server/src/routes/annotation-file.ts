/**
 * A board's notes as a file at a plain address (GET /api/export/annotations?board=/owner/title
 * &format=csv|jsonld), so a link downloads it. The board is found from its address as the load
 * calls find it, and the call is checked as a board call reading the board is (visibility, then
 * core/policy 'read'); the JSON-LD is the very document /api/forms/export_annotations gives.
 */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { parseAddress } from '@listboard/core';
import * as insight from '@listboard/core/api/contracts/insight';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { badRequest } from '../lib/errors';
import { authorize, resolveTarget } from '../services/boards/access';
import { assertVisible, viewerFor } from '../services/notes/visibility';
import { exportWebAnnotations } from '../services/notes/web-annotation';
import { annotationsCsv } from '../services/insight/csv';
import { querySchema } from './contract-route';

/** A Content-Disposition naming the file, with an ASCII fallback for older clients. */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const annotationFileRoutes: FastifyPluginCallbackZod<{ db: Db; config: Config }> = (
  app,
  { db, config },
  done,
) => {
  const c = insight.exportAnnotationsFile;
  app.get(c.path, { schema: querySchema(c) }, async (req, reply) => {
    const [segment, ...more] = parseAddress(req.query.board).segments;
    if (!segment || more.length > 0)
      throw badRequest('board must be the address of one board: /owner/title');
    const file = await db.transaction(async (tx) => {
      const target = await resolveTarget(tx, { owner: segment.owner, title: segment.title });
      const viewer = await viewerFor(tx, req.actor, req.sessionId);
      await assertVisible(tx, viewer, target, { allowLocked: true });
      authorize(req.actor, target.policy, 'read', config.APP_VERSION);
      const { board, policy } = target;
      if (req.query.format === 'csv') {
        return {
          name: `${board.ptitle}-annotations.csv`,
          type: 'text/csv; charset=utf-8',
          content: await annotationsCsv(tx, board, policy, viewer, config.PUBLIC_URL),
        };
      }
      const doc = await exportWebAnnotations(tx, board, policy, viewer, config.PUBLIC_URL);
      return {
        name: `${board.ptitle}-annotations.jsonld`,
        type: 'application/ld+json; charset=utf-8',
        content: JSON.stringify(doc, null, 2),
      };
    });
    return reply
      .header('content-disposition', attachment(file.name))
      .header('cache-control', 'private, no-store')
      .type(file.type)
      .send(file.content);
  });
  done();
};
