/**
 * Deep linking's two pages: the instructor's choice of a board (/lti/pick, reached from a
 * verified LtiDeepLinkingRequest) and the placement (/lti/deep_link), which answers the signed
 * LtiDeepLinkingResponse as a form that posts itself back to the platform. The choice is posted
 * from Listboard's own page only: its Origin must be this app's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as lti from '@listboard/core/api/contracts/lti';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { recordAudit } from '../services/admin/audit';
import { findUserById } from '../services/accounts/users';
import { LaunchError } from '../services/lti/claims';
import { deepLinkRequest, placeableBoards, placeBoard } from '../services/lti/deep-link';
import { platformById } from '../services/lti/platforms';
import {
  pageSchema,
  sendDeepLinkResponse,
  sendFailure,
  sendLaunchFailure,
  sendPicker,
} from './lti-pages';

const expired = () =>
  new LaunchError(
    'This placement page has expired or was used already.',
    'Nothing for the platform to change: start the placement again from the course.',
  );

function fromOwnPage(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    const host = new URL(origin).host;
    return host === req.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

export function deepLinkRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; now: () => Date; launchUrl: string },
): void {
  const { db, now } = deps;

  app.get(lti.pick.path, { schema: pageSchema(lti.pick) }, async (req, reply) => {
    let view: { token: string; boards: Awaited<ReturnType<typeof placeableBoards>> };
    try {
      const q = lti.pick.input.safeParse(req.query);
      const token = q.success ? q.data.token : '';
      const found = token ? await deepLinkRequest(db, token, now()) : undefined;
      const user = found ? await findUserById(db, found.userId) : undefined;
      if (!user) throw expired();
      view = { token, boards: await placeableBoards(db, user) };
    } catch (e) {
      return sendFailure(reply, e, req);
    }
    return sendPicker(reply, lti.deepLink.path, view.token, view.boards);
  });

  app.post(lti.deepLink.path, { schema: pageSchema(lti.deepLink) }, async (req, reply) => {
    if (!fromOwnPage(req, deps.config.PUBLIC_URL))
      return sendLaunchFailure(
        reply,
        "A board is placed from Listboard's own page only.",
        'Nothing for the platform to change: start the placement again from the course.',
        403,
      );
    let out: { returnUrl: string; jwt: string; title: string };
    try {
      const body = lti.deepLinkChoice.safeParse(req.body);
      if (!body.success) throw expired();
      const at = now();
      out = await db.transaction(async (tx) => {
        const found = await deepLinkRequest(tx, body.data.token, at, true);
        const user = found ? await findUserById(tx, found.userId) : undefined;
        const platform = found ? await platformById(tx, found.settings.platformId) : undefined;
        if (!found || !user || !platform) throw expired();
        // A section is picked as "<board id>#<section anchor>".
        const [boardId = '', section = null] = body.data.board.split('#', 2);
        const choice =
          body.data.board === 'new' ? { newTitle: body.data.title ?? '' } : { boardId, section };
        const placed = await placeBoard(tx, platform, user, found.settings, choice, {
          launchUrl: deps.launchUrl,
          appVersion: deps.config.APP_VERSION,
          now: at,
        });
        await recordAudit(tx, {
          actor: user,
          call: lti.deepLink.path,
          details: { issuer: platform.issuer, title: placed.title },
        });
        return { returnUrl: found.settings.returnUrl, ...placed };
      });
    } catch (e) {
      return sendFailure(reply, e, req);
    }
    return sendDeepLinkResponse(reply, out.returnUrl, out.jwt, out.title);
  });
}
