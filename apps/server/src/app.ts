import zlib from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { openapi } from '@listboard/core/api/contracts/system';
import type { Config } from './config';
import type { Database } from './db/client';
import {
  DATABASE_UNAVAILABLE,
  UNSTORABLE_TEXT,
  isDatabaseUnavailable,
  isUnstorableText,
} from './lib/db-errors';
import { validationMessage } from './lib/validation-message';
import { HttpError } from './lib/errors';
import { requestForLog } from './lib/log-redact';
import { validatorCompiler } from './lib/validator';
import { storageFailure } from './lib/storage-errors';
import { sameOriginPlugin } from './plugins/same-origin';
import { sessionPlugin } from './plugins/session';
import { auditPlugin } from './plugins/audit';
import { ltiFramesPlugin } from './plugins/lti-frames';
import { adminRoutes } from './routes/admin';
import { ltiAdminRoutes } from './routes/lti-admin';
import { ltiRoutes } from './routes/lti';
import { REMIND_SWEEP_MS, sendDueReminders } from './services/insight/due-reminders';
import { PDF_BACKFILL_MS, readEarlierPdfs } from './services/media/pdf-backfill';
import { DIGEST_SWEEP_MS, sendAlertDigests } from './services/notes/digest';
import { scoreSender } from './services/lti/live-scores';
import { isBuiltFile, registerWeb, sendShell } from './plugins/web';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { accountRoutes } from './routes/account';
import { displayUserRoutes } from './routes/display-user';
import { dbloadRoutes } from './routes/dbload';
import { boardRoutes } from './routes/forms-boards';
import { annotationFileRoutes } from './routes/annotation-file';
import { groupRoutes } from './routes/groups';
import { loadRoutes } from './routes/load';
import { createBus, type EventBus } from './realtime/bus';
import { createMailer, type Mailer } from './mail/mailer';
import { eventRoutes } from './realtime/routes';
import { mediaRoutes } from './routes/media';
import { createFileStore, fileStoreOrigins } from './storage';
import { querySchema } from './routes/contract-route';

export interface AppDeps {
  config: Config;
  database: Database;
  bus?: EventBus;
  mailer?: Mailer;
  /** The clock of account tokens and sign-in lockouts; tests pass one they can move. */
  clock?: () => Date;
  /** Where the log goes (standard output unless given). */
  logStream?: NodeJS.WritableStream;
}

export const BODY_LIMIT = 1024 * 1024;

/**
 * An address with every '%' that starts no readable escape written as '%25', on this site: a
 * run of slashes at its start ('//elsewhere.example/50%') is one, so it never names another host.
 */
export function readableUrl(url: string): string {
  const stray = `/${url.replace(/^[/\\]+/, '')}`.replace(/%(?![0-9a-f]{2})/gi, '%25');
  const [path = '', query] = stray.split(/\?(.*)/s, 2);
  try {
    decodeURIComponent(path);
    return stray;
  } catch {
    // Escapes that are not UTF-8 ('%FF'): every '%' of the path is taken as written.
    return path.replace(/%/g, '%25') + (query === undefined ? '' : `?${query}`);
  }
}

const badUrlMessage = (url: string) =>
  `The address ${url.split('?')[0] ?? url} cannot be read: a '%' in it must start an escape such as %20.`;

declare module 'fastify' {
  interface FastifyInstance {
    bus: EventBus;
  }
}

export async function buildApp({
  config,
  database,
  bus: givenBus,
  mailer: givenMailer,
  clock = () => new Date(),
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            stream: logStream,
            // Request addresses without the tokens and signatures some of them carry.
            serializers: { req: requestForLog },
          },
    bodyLimit: BODY_LIMIT,
    // Whose X-Forwarded-For names the client address that rate limits and lockouts count.
    trustProxy: config.TRUST_PROXY,
    frameworkErrors: (err, req, generic) => {
      const reply = generic as unknown as FastifyReply;
      // An address typed with a stray '%' ("/author/50%-off") is not one a router can read: a
      // page is sent to the same address with that '%' written as '%25', where the app says what
      // is (or is not) there; anything else is told plainly what was wrong.
      if (err.code === 'FST_ERR_BAD_URL' && req.method === 'GET' && !req.url.startsWith('/api/'))
        void reply.redirect(readableUrl(req.url));
      else void reply.code(400).send({ error: badUrlMessage(req.url) });
    },
  }).withTypeProvider<ZodTypeProvider>();
  const mailer = givenMailer ?? createMailer(config, app.log);
  // The API speaks JSON; plain text is what a cross-site HTML form can post without asking.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((err, req, reply) => {
    // Error answers are always `{error}`, whatever a route's response schema says about its own
    // 4xx bodies; serialising them against that schema would fail and turn a 400 into a 500.
    reply.serializer((body: unknown) => JSON.stringify(body));
    if (hasZodFastifySchemaValidationErrors(err))
      return reply.code(400).send({ error: validationMessage(err.validation[0]) });
    if (err instanceof HttpError)
      return reply.code(err.statusCode).send({ ...err.details, error: err.message });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type, rate limit).
      const messages: Record<number, string> = {
        413: 'The request is too large.',
        415: 'Unsupported content type.',
        429: 'Too many requests. Please wait a moment and try again.',
      };
      return reply.code(status).send({ error: messages[status] ?? (err as Error).message });
    }
    if (isUnstorableText(err)) return reply.code(400).send({ error: UNSTORABLE_TEXT });
    const store = storageFailure(err);
    if (store) {
      req.log.error({ err: (err as Error).message }, 'file store failure');
      return reply.code(store.status).send({ error: store.message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: (err as Error).message }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send({ error: DATABASE_UNAVAILABLE });
    }
    req.log.error(err);
    return reply.code(500).send({ error: 'Something went wrong. Please try again later.' });
  });

  await app.register(cookie);
  // Brotli or gzip on every compressible answer (JSON, HTML, text) of 1 KB or more; media and
  // other incompressible types pass as they are, and the live stream writes past it (hijacked).
  // Quality 5 keeps a 2 MB board's brotli under ~15 ms while taking it to about a sixth.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(rateLimit, { global: false });
  // An S3 store is read and written by the browser directly, at the bucket's own address.
  const files = fileStoreOrigins(config);
  // Helmet's middleware is made once: its headers (the content security policy above all) are
  // worked out here, not again on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // KaTeX and highlight.js set inline styles; no inline script is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...files],
        mediaSrc: ["'self'", 'blob:', 'https:', ...files],
        frameSrc: ["'self'", 'https:'],
        connectSrc: ["'self'", ...files],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Strict-Transport-Security over plain http would hold browsers to an https that is not
    // there; it is only sent when the app is served over https.
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https:') ? undefined : false,
  });
  app.addHook('onRequest', (req, reply, next) => {
    // Helmet throws what goes wrong rather than passing it on.
    securityHeaders(req.raw, reply.raw, () => next());
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Listboard API',
        version: '0.1.0',
        description: 'Boards, lists, items, notes and media.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get(openapi.path, { schema: querySchema(openapi) }, () => app.swagger());

  const bus = givenBus ?? (await createBus({ databaseUrl: database.url, pool: database.pool }));
  app.decorate('bus', bus);
  if (!givenBus) app.addHook('onClose', async () => bus.close());

  await app.register(sameOriginPlugin, { publicUrl: config.PUBLIC_URL });
  await app.register(sessionPlugin, { db: database.db, config });
  await app.register(auditPlugin, { db: database.db });
  await app.register(ltiFramesPlugin, { db: database.db });
  await app.register(eventRoutes, {
    db: database.db,
    bus,
    appVersion: config.APP_VERSION,
    heartbeatMs: config.LIVE_HEARTBEAT * 1000,
  });
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { db: database.db, config, now: clock });
  await app.register(accountRoutes, { db: database.db, config, mailer, now: clock });
  await app.register(displayUserRoutes, { db: database.db, now: clock });
  await app.register(dbloadRoutes, { db: database.db, config });
  // A learner's writes on a board placed in a graded course send their score after a while.
  const scores = scoreSender(database.db, config.LTI_SCORE_DELAY * 1000, app.log);
  // Reminders a day before notes are due, on the boards that ask for them.
  const reminders = setInterval(() => {
    const mail = { mailer, publicUrl: config.PUBLIC_URL, alertLimit: config.ALERT_MAIL_RATE_LIMIT };
    sendDueReminders(database.db, mail, clock()).catch((err: unknown) =>
      app.log.warn({ err }, 'due reminders not sent'),
    );
  }, REMIND_SWEEP_MS);
  reminders.unref();
  // The day's alerts in one mail, for those whose profile gathers them.
  const digests = setInterval(() => {
    sendAlertDigests(database.db, { mailer, publicUrl: config.PUBLIC_URL }, clock()).catch(
      (err: unknown) => app.log.warn({ err }, 'alert digests not sent'),
    );
  }, DIGEST_SWEEP_MS);
  digests.unref();
  // The words of PDFs recorded before their words were kept, for search, a few at a time.
  const fileStore = createFileStore(config);
  const pdfs = setInterval(() => {
    readEarlierPdfs(database.db, fileStore).catch((err: unknown) =>
      app.log.warn({ err }, 'earlier PDFs not read'),
    );
  }, PDF_BACKFILL_MS);
  pdfs.unref();
  app.addHook('onClose', async () => {
    clearInterval(reminders);
    clearInterval(digests);
    clearInterval(pdfs);
    await scores.flush();
    scores.close();
  });
  await app.register(boardRoutes, {
    db: database.db,
    config,
    bus,
    mailer,
    written: scores.written,
  });
  await app.register(annotationFileRoutes, { db: database.db, config });
  await app.register(groupRoutes, { db: database.db });
  await app.register(loadRoutes, { db: database.db, config });
  await app.register(mediaRoutes, { db: database.db, config, bus });
  await app.register(adminRoutes, { db: database.db, now: clock });
  await app.register(ltiAdminRoutes, { db: database.db, now: clock });
  await app.register(ltiRoutes, { db: database.db, config, now: clock });

  const hasWeb = await registerWeb(app, config.WEB_DIST);
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && hasWeb && !req.url.startsWith('/api/') && !isBuiltFile(req.url)) {
      return sendShell(reply);
    }
    return reply.code(404).send({ error: `Not found: ${req.method} ${req.url.split('?')[0]}` });
  });
  return app;
}
