/** The admin's LTI calls: platforms registered, added, changed and removed; the key rotated. */
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import * as lti from '@listboard/core/api/contracts/lti';
import type { Db } from '../db/client';
import { rotateKey } from '../services/lti/keys';
import { listPlatforms, registerPlatform, removePlatform } from '../services/lti/platforms';
import { defineSiteCall, registerSiteCalls, type SiteCall } from './site-call';

export const LTI_SITE_CALLS: SiteCall[] = [
  defineSiteCall({
    contract: lti.platforms,
    action: 'manageLti',
    readOnly: true,
    run: async (tx) => ({ platforms: await listPlatforms(tx) }),
  }),
  defineSiteCall({
    contract: lti.registerPlatform,
    action: 'manageLti',
    run: async (tx, { body }) => ({ platform: await registerPlatform(tx, body) }),
  }),
  defineSiteCall({
    contract: lti.removePlatform,
    action: 'manageLti',
    run: async (tx, { body }) => {
      await removePlatform(tx, body.id);
      return { ok: true as const };
    },
  }),
  defineSiteCall({
    contract: lti.rotateKey,
    action: 'manageLti',
    run: async (tx, { now }) => ({ kid: await rotateKey(tx, now) }),
  }),
];

export const ltiAdminRoutes: FastifyPluginCallbackZod<{ db: Db; now?: () => Date }> = (
  app,
  { db, now },
  done,
) => {
  registerSiteCalls(app, LTI_SITE_CALLS, { db, now });
  // A platform added or removed changes which sites may frame the app's pages.
  app.addHook('onResponse', (_req, _reply, next) => {
    app.refreshLtiFrames();
    next();
  });
  done();
};
