/**
 * The LTI 1.3 endpoints a platform and the browser reach: the tool's keys and configuration,
 * OIDC login initiation, the launch and the hand-off that opens the launched board.
 *
 * These are the only routes that take form bodies, which platforms post across sites: the
 * form parser is added in this plugin's own scope, so every other route keeps the JSON-only
 * rule, and the same-origin check (plugins/same-origin.ts) keeps applying to all of /api/.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isGuestUser } from '@listboard/core';
import * as lti from '@listboard/core/api/contracts/lti';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { recordAudit } from '../services/admin/audit';
import { uniqueViolation } from '../services/accounts/accounts';
import { userForSession } from '../services/accounts/sessions';
import { findUserById } from '../services/accounts/users';
import { LaunchError } from '../services/lti/claims';
import { publishedKeys } from '../services/lti/keys';
import { startDeepLinking } from '../services/lti/deep-link';
import { completeLaunch } from '../services/lti/launch';
import { pushScores } from '../services/lti/grades';
import { syncRoster } from '../services/lti/roster';
import { SCOPES } from '../services/lti/service-token';
import {
  platformById,
  noteFrameOrigin,
  platformForLogin,
  readPlatformFile,
  syncFilePlatforms,
} from '../services/lti/platforms';
import {
  createHandoff,
  createLoginState,
  peekHandoff,
  purgeExpiredStates,
  takeHandoff,
  takeLoginState,
} from '../services/lti/states';
import { verifyLaunch } from '../services/lti/verify';
import { SESSION_COOKIE } from '../plugins/session';
import { querySchema } from './contract-route';
import { deepLinkRoutes } from './lti-deep-link';
import { pageSchema, sendFailure, sendOpenInWindow, sendSwitchUser } from './lti-pages';

/** Login initiations and launches one client address may make per minute. */
const PER_ADDRESS = { rateLimit: { max: 600, timeWindow: '1 minute' } };

/** Where a page route sends the browser: on to an address, or to the new-window page. */
type Outcome =
  | { redirect: string }
  | { window: string }
  /** Someone else is signed in in this browser: ask before the launch's person takes over. */
  | { switchUser: { from: string; to: string; href: string } };

/**
 * The browser a request comes from, as far as the server can tell: a hash of its address and
 * user agent. A hand-off's link works in the browser that launched only; passed to someone
 * else (a classmate, a mail), it signs no one in.
 */
function browserOf(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.ip}\n${req.headers['user-agent'] ?? ''}`)
    .digest('base64url');
}

export function toolConfig(publicUrl: string): lti.ToolConfig {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    title: 'Listboard',
    description: 'Boards of lists of items that readers annotate together.',
    loginUrl: `${base}${lti.login.path}`,
    launchUrl: `${base}${lti.launch.path}`,
    redirectUris: [`${base}${lti.launch.path}`],
    deepLinkingUrl: `${base}${lti.launch.path}`,
    jwksUrl: `${base}${lti.jwks.path}`,
    canvasConfigUrl: `${base}${lti.canvasConfig.path}`,
    domain: new URL(base).host,
  };
}

/**
 * The same values as Canvas takes them for a developer key (Enter URL or Paste JSON): teachers
 * pick a board when adding a link or an assignment (deep linking), the roster and grades
 * services are asked for, and names and e-mail addresses are shared (privacy level public).
 */
function canvasConfig(c: lti.ToolConfig) {
  const placement = (placement: string, messageType: string) => ({
    placement,
    message_type: messageType,
    target_link_uri: c.launchUrl,
    text: c.title,
  });
  return {
    title: c.title,
    description: c.description,
    oidc_initiation_url: c.loginUrl,
    target_link_uri: c.launchUrl,
    public_jwk_url: c.jwksUrl,
    scopes: [SCOPES.lineItems, SCOPES.scores, SCOPES.roster],
    extensions: [
      {
        platform: 'canvas.instructure.com',
        privacy_level: 'public',
        domain: c.domain,
        tool_id: 'listboard',
        settings: {
          text: c.title,
          placements: [
            placement('link_selection', 'LtiDeepLinkingRequest'),
            placement('assignment_selection', 'LtiDeepLinkingRequest'),
          ],
        },
      },
    ],
    custom_fields: {},
  };
}

export function ltiRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: Config; now?: () => Date },
  done: (err?: Error) => void,
): void {
  const { db, config } = opts;
  const now = opts.now ?? (() => new Date());
  const launchUrl = toolConfig(config.PUBLIC_URL).launchUrl;

  // Platforms post the login and the launch as HTML forms, from their own site.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 128 * 1024 },
    (_req, body, parsed) => {
      parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(lti.jwks.path, { schema: querySchema(lti.jwks) }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: await db.transaction((tx) => publishedKeys(tx, now())) };
  });

  app.get(lti.config.path, { schema: querySchema(lti.config) }, () =>
    toolConfig(config.PUBLIC_URL),
  );

  app.get(lti.canvasConfig.path, { schema: querySchema(lti.canvasConfig) }, () =>
    canvasConfig(toolConfig(config.PUBLIC_URL)),
  );

  /** A page route: its handler answers where to go next, or throws what failed. */
  const pageRoute =
    (handler: (req: FastifyRequest, reply: FastifyReply) => Promise<Outcome>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      let out: Outcome;
      try {
        out = await handler(req, reply);
      } catch (e) {
        return sendFailure(reply, e, req);
      }
      if ('window' in out) return sendOpenInWindow(reply, out.window);
      if ('switchUser' in out) return sendSwitchUser(reply, out.switchUser);
      return reply.header('cache-control', 'no-store').redirect(out.redirect, 302);
    };

  const login = pageRoute(async (req) => {
    const params = lti.loginParams.safeParse(req.method === 'GET' ? req.query : req.body);
    if (!params.success)
      throw new LaunchError(
        'The login request lacks its issuer (iss) or login hint (login_hint).',
        `Send the OIDC login initiation to ${toolConfig(config.PUBLIC_URL).loginUrl}.`,
      );
    const p = params.data;
    const found = await platformForLogin(db, p.iss, p.client_id);
    const platform = found[0];
    if (!platform || found.length > 1)
      throw new LaunchError(
        found.length
          ? `Several platforms with issuer ${p.iss} are registered, and the login names no client id.`
          : `No platform with issuer ${p.iss}${p.client_id ? ` and client id ${p.client_id}` : ''} is registered in Listboard.`,
        found.length
          ? 'Send client_id with the login initiation.'
          : "Ask Listboard's admin to register the platform with exactly this issuer and client id.",
      );
    if (p.lti_deployment_id && !platform.deploymentIds.includes(p.lti_deployment_id))
      throw new LaunchError(
        `The deployment ${p.lti_deployment_id} is not registered for this platform.`,
        "Add the deployment id to the platform's registration in Listboard.",
      );
    const { state, nonce } = await db.transaction((tx) => createLoginState(tx, platform.id, now()));
    const auth = new URL(platform.authLoginUrl);
    const q = auth.searchParams;
    q.set('scope', 'openid');
    q.set('response_type', 'id_token');
    q.set('response_mode', 'form_post');
    q.set('prompt', 'none');
    q.set('client_id', platform.clientId);
    q.set('redirect_uri', launchUrl);
    q.set('login_hint', p.login_hint);
    if (p.lti_message_hint !== undefined) q.set('lti_message_hint', p.lti_message_hint);
    q.set('state', state);
    q.set('nonce', nonce);
    return { redirect: auth.toString() };
  });
  app.get(lti.login.path, { schema: pageSchema(lti.login), config: PER_ADDRESS }, login);
  app.post(lti.login.path, { schema: pageSchema(lti.login), config: PER_ADDRESS }, login);

  app.post(
    lti.launch.path,
    { schema: pageSchema(lti.launch), config: PER_ADDRESS },
    pageRoute(async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (typeof body.error === 'string')
        throw new LaunchError(
          `The platform refused the login: ${body.error}${typeof body.error_description === 'string' ? ` (${body.error_description})` : ''}.`,
          'Check that the redirect URL registered in the platform is exactly ' + launchUrl,
        );
      const params = lti.launchParams.safeParse(body);
      if (!params.success)
        throw new LaunchError(
          'The launch carries no id_token and state.',
          `Post the launch as a form (id_token, state) to ${launchUrl}.`,
        );
      const at = now();
      const login = await db.transaction((tx) => takeLoginState(tx, params.data.state, at));
      if (!login)
        throw new LaunchError(
          'This launch is not one Listboard started, or it was used already or expired.',
          'Each launch must start at the login URL and reach the launch URL within 10 minutes, once.',
        );
      const platform = await platformById(db, login.platformId);
      if (!platform)
        throw new LaunchError('The platform was removed.', 'Register the platform again.');
      const claims = await verifyLaunch(platform, params.data.id_token, login.nonce, at);
      if (claims.messageType === 'LtiDeepLinkingRequest') {
        const pick = await db.transaction(async (tx) => {
          const started = await startDeepLinking(tx, platform, claims, at);
          await app.startSession(reply, started.user, req, tx, true);
          return started.token;
        });
        return { redirect: `${lti.pick.path}?token=${encodeURIComponent(pick)}` };
      }
      let launched: { course: { id: string } | null; user: { id: string } | null } = {
        course: null,
        user: null,
      };
      const launch = () =>
        db.transaction(async (tx) => {
          const done = await completeLaunch(tx, platform, claims, {
            publicUrl: config.PUBLIC_URL,
            appVersion: config.APP_VERSION,
            now: at,
          });
          await app.startSession(reply, done.user, req, tx, true);
          const origin = req.headers.origin;
          if (origin) await noteFrameOrigin(tx, platform, origin);
          await recordAudit(tx, {
            actor: done.user,
            call: lti.launch.path,
            details: { issuer: platform.issuer, role: claims.role, target: done.target },
          });
          launched = done;
          return createHandoff(tx, done.user.id, done.target, at, browserOf(req));
        });
      // Two first launches at once (two people of one name, one course's first two people)
      // can race for a new row; the one that loses runs again and finds it.
      const handoff = await launch().catch((e: unknown) => {
        if (uniqueViolation(e) === null) throw e;
        return launch();
      });
      app.refreshLtiFrames();
      // An instructor's launch reads the course roster in (at most hourly), after the answer.
      if (launched.course && claims.role === 'instructor')
        void syncRoster(db, launched.course.id, at).catch((err: unknown) => {
          req.log.warn({ err }, 'LTI roster not synced');
        });
      // A graded link's scores go to the platform's gradebook, after the answer too.
      if (launched.user && claims.grades)
        void pushScores(
          db,
          platform,
          claims,
          { id: launched.user.id, instructor: claims.role === 'instructor' },
          at,
        ).catch((err: unknown) => {
          req.log.warn({ err }, 'LTI scores not sent');
        });
      return { redirect: `${lti.open.path}?token=${encodeURIComponent(handoff)}` };
    }),
  );

  app.get(
    lti.open.path,
    { schema: pageSchema(lti.open) },
    pageRoute(async (req, reply) => {
      const q = lti.open.input.safeParse(req.query);
      const token = q.success ? q.data.token : '';
      const at = now();
      const handoff = token ? await peekHandoff(db, token, at) : undefined;
      if (!handoff)
        throw new LaunchError(
          'This link to the board has expired or was used already.',
          'Nothing for the platform to change: open the link in the course again.',
        );
      if (handoff.client !== null && handoff.client !== browserOf(req))
        throw new LaunchError(
          'This link to the board was made for the browser that opened it in the course.',
          'Nothing for the platform to change: open the link in the course again, in this browser.',
        );
      const cookie = req.cookies[SESSION_COOKIE];
      const signedIn = cookie ? await userForSession(db, cookie) : undefined;
      if (signedIn?.id === handoff.userId) {
        // The frame kept the cookie: the board opens right here.
        await db.transaction((tx) => takeHandoff(tx, token, at));
        return { redirect: handoff.target };
      }
      if (!q.success || q.data.window !== '1')
        return { window: `${lti.open.path}?token=${encodeURIComponent(token)}&window=1` };
      // Someone else signed in here (a shared computer): their session ends only if they agree.
      if (
        signedIn &&
        !isGuestUser({ username: signedIn.username, roles: signedIn.roles }) &&
        q.data.switch !== '1'
      ) {
        const to = await findUserById(db, handoff.userId);
        return {
          switchUser: {
            from: signedIn.username,
            to: to?.username ?? 'the course’s account',
            href: `${lti.open.path}?token=${encodeURIComponent(token)}&window=1&switch=1`,
          },
        };
      }
      // A window of its own (first-party): sign in there, once.
      await db.transaction(async (tx) => {
        const taken = await takeHandoff(tx, token, at);
        const user = taken ? await findUserById(tx, taken.userId) : undefined;
        if (!user)
          throw new LaunchError(
            'This link to the board was used already.',
            'Nothing for the platform to change: open the link in the course again.',
          );
        await app.startSession(reply, user, req, tx, false);
      });
      return { redirect: handoff.target };
    }),
  );

  deepLinkRoutes(app, { db, config, now, launchUrl });

  // Platforms from the LTI_PLATFORMS file, written as the app starts; expired states swept hourly.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (config.LTI_PLATFORMS)
      await syncFilePlatforms(db, await readPlatformFile(config.LTI_PLATFORMS));
    sweep = setInterval(
      () => {
        purgeExpiredStates(db, now()).catch((err: unknown) =>
          app.log.warn({ err }, 'expired LTI states not purged'),
        );
      },
      60 * 60 * 1000,
    );
    sweep.unref();
  });
  app.addHook('onClose', (_app, closed) => {
    clearInterval(sweep);
    closed();
  });
  done();
}
