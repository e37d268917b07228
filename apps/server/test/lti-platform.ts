/**
 * A simulated LTI 1.3 platform for the tests: its own RSA keys (made with jose), its keyset
 * served by a small local HTTP server, and signed launches. `login` and `launch` drive the
 * browser's part: the login initiation the platform sends, and the form it posts back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { items, lists, ltiLinks } from '../src/db/schema';

export const PLATFORM_ORIGIN = 'https://lms.example.edu';
const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
  contentDeveloper: 'http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper',
};

export interface SimPlatform {
  issuer: string;
  clientId: string;
  deploymentId: string;
  keysetUrl: string;
  registration: {
    issuer: string;
    clientId: string;
    deploymentIds: string[];
    authLoginUrl: string;
    authTokenUrl: string;
    keysetUrl: string;
  };
  services: PlatformServices;
  /** An id_token as the platform signs it; `claims` replace or add to the usual ones. */
  sign(claims: Record<string, unknown>, opts?: { kid?: string }): Promise<string>;
  close(): Promise<void>;
}

export interface Person {
  sub: string;
  name: string;
  email: string;
  role: string;
}

/** The instructor most tests launch as. */
export const TEACHER: Person = {
  sub: 't-1',
  name: 'Ada Lovelace',
  email: 'ada@x.edu',
  role: ROLE.instructor,
};

export async function startPlatform(clientId = 'listboard-client'): Promise<SimPlatform> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'platform-key-1';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const services: PlatformServices = {
    roster: [],
    toolKeys: null,
    tokenRequests: [],
    calls: [],
    down: false,
    lineItems: new Map(),
  };
  const server = http.createServer((req, res) => {
    if (req.url === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    serve(req, res, services, `http://127.0.0.1:${String(port)}`, clientId).catch((e: unknown) => {
      res.writeHead(500).end(String(e));
    });
  });
  let port = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${String(port)}`;
  const keysetUrl = `${issuer}/jwks`;
  const deploymentId = 'deployment-1';
  return {
    issuer,
    clientId,
    deploymentId,
    keysetUrl,
    registration: {
      issuer,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${PLATFORM_ORIGIN}/auth`,
      authTokenUrl: `${issuer}/token`,
      keysetUrl,
    },
    async sign(claims, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload: JWTPayload = {
        iss: issuer,
        aud: clientId,
        azp: clientId,
        iat: now,
        exp: now + 300,
        [`${LTI}message_type`]: 'LtiResourceLinkRequest',
        [`${LTI}version`]: '1.3.0',
        [`${LTI}deployment_id`]: deploymentId,
        ...claims,
      };
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
        .sign(privateKey);
    },
    services,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What the platform's services hold and have been asked. */
export interface PlatformServices {
  /** The course roster NRPS answers, two members a page. */
  roster: Record<string, unknown>[];
  /** The tool's keys, to check its token requests' assertions with (when set). */
  toolKeys: JSONWebKeySet | null;
  /** The scopes each token request asked for. */
  tokenRequests: string[];
  /** Every service call: method, path and JSON body. */
  calls: { method: string; path: string; body: unknown }[];
  /** While true, the services (not the token URL) answer 503. */
  down: boolean;
  /** The line items made, by address, as the platform keeps them (read and replaced whole). */
  lineItems: Map<string, Record<string, unknown>>;
}

export const TOKEN = 'platform-access-token';

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Answers JSON; true, so that a handler can `return json(…)`. */
function json(res: http.ServerResponse, status: number, body: unknown, headers = {}): true {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
  return true;
}

/** The platform's token endpoint and services (NRPS, AGS), as the tool reaches them. */
async function serve(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  services: PlatformServices,
  origin: string,
  clientId: string,
) {
  const url = new URL(req.url ?? '/', origin);
  const text = await readBody(req);
  if (url.pathname === '/token' && req.method === 'POST') {
    const form = new URLSearchParams(text);
    if (
      form.get('grant_type') !== 'client_credentials' ||
      form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer'
    )
      return json(res, 400, { error: 'invalid_request' });
    if (services.toolKeys) {
      await jwtVerify(form.get('client_assertion') ?? '', createLocalJWKSet(services.toolKeys), {
        issuer: clientId,
        subject: clientId,
        audience: `${origin}/token`,
      });
    }
    services.tokenRequests.push(form.get('scope') ?? '');
    return json(res, 200, {
      access_token: TOKEN,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: form.get('scope'),
    });
  }
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(res, 401, { error: 'no token' });
  if (services.down) return json(res, 503, { error: 'down for maintenance' });
  services.calls.push({
    method: req.method ?? '',
    path: url.pathname,
    body: text ? (JSON.parse(text) as unknown) : null,
  });
  if (url.pathname === '/nrps') {
    const page = Number(url.searchParams.get('page') ?? '1');
    const members = services.roster.slice((page - 1) * 2, page * 2);
    const more = services.roster.length > page * 2;
    return json(
      res,
      200,
      { id: `${origin}/nrps`, context: { id: 'course-101' }, members },
      more ? { link: `<${origin}/nrps?page=${String(page + 1)}>; rel="next"` } : {},
    );
  }
  if (url.pathname === '/lineitems' && req.method === 'POST') {
    const made = services.calls.filter((c) => c.path === '/lineitems').length;
    const item = {
      ...(JSON.parse(text) as Record<string, unknown>),
      id: `${origin}/lineitems/${String(made)}`,
    };
    services.lineItems.set(item.id, item);
    return json(res, 201, item);
  }
  const kept = services.lineItems.get(`${origin}${url.pathname}`);
  if (kept && req.method === 'GET') return json(res, 200, kept);
  if (kept && req.method === 'PUT') {
    const item = { ...(JSON.parse(text) as Record<string, unknown>), id: kept.id };
    services.lineItems.set(`${origin}${url.pathname}`, item);
    return json(res, 200, item);
  }
  if (/^\/lineitems\/\d+\/scores$/.test(url.pathname) && req.method === 'POST')
    return json(res, 200, {});
  return json(res, 404, { error: 'not found' });
}

/** The claims of a resource-link launch by this person from this course's link. */
export function launchClaims(
  p: Person,
  nonce: string,
  course = { id: 'course-101', title: 'Poetry 101' },
  link = { id: 'link-1', title: 'Week 1 readings' },
): Record<string, unknown> {
  return {
    sub: p.sub,
    nonce,
    name: p.name,
    email: p.email,
    [`${LTI}roles`]: [p.role],
    [`${LTI}context`]: { id: course.id, title: course.title, label: 'POE101' },
    [`${LTI}resource_link`]: { id: link.id, title: link.title },
    [`${LTI}target_link_uri`]: 'http://localhost:3000/lti/launch',
  };
}

/** The platform's login initiation; answers the redirect's query (state, nonce, …). */
export async function login(
  app: FastifyInstance,
  platform: SimPlatform,
  extra: Record<string, string> = {},
): Promise<URLSearchParams> {
  const q = new URLSearchParams({
    iss: platform.issuer,
    login_hint: 'user-hint',
    lti_message_hint: 'message-hint',
    target_link_uri: 'http://localhost:3000/lti/launch',
    client_id: platform.clientId,
    ...extra,
  });
  const res = await app.inject({ method: 'GET', url: `/lti/login?${q.toString()}` });
  expect(res.statusCode, res.body).toBe(302);
  const to = new URL(res.headers.location as string);
  expect(`${to.origin}${to.pathname}`).toBe(`${PLATFORM_ORIGIN}/auth`);
  return to.searchParams;
}

/** The form the platform posts back to the launch URL, from its own site. */
export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: PLATFORM_ORIGIN,
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** A launch from login to the board: answers the session cookie and the board's address. */
export async function launchAs(
  app: FastifyInstance,
  platform: SimPlatform,
  person: Person,
  claims: (nonce: string) => Record<string, unknown> = (n) => launchClaims(person, n),
): Promise<{ cookie: string; target: string; launch: LightMyRequestResponse }> {
  const params = await login(app, platform);
  const state = params.get('state') ?? '';
  const token = await platform.sign(claims(params.get('nonce') ?? ''));
  const launch = await postForm(app, '/lti/launch', { id_token: token, state });
  expect(launch.statusCode, launch.body).toBe(302);
  const set = launch.cookies.find((c) => c.name === 'lb_session');
  expect(set?.value).toBeTruthy();
  const cookie = `lb_session=${set?.value ?? ''}`;
  const open = await app.inject({
    method: 'GET',
    url: launch.headers.location as string,
    headers: { cookie },
  });
  expect(open.statusCode, open.body).toBe(302);
  return { cookie, target: open.headers.location as string, launch };
}

/**
 * On the board a course link opens: an item by the instructor, a note on it by the learner
 * alan.turing (private if asked) and their reply "Never mind." under it. Answers the board and
 * the item the note is on.
 */
export async function noteAndReply(
  db: Db,
  resourceLinkId: string,
  note: { text: string; isPrivate?: boolean },
): Promise<{ boardId: string; listId: string; itemId: string }> {
  const [link] = await db
    .select()
    .from(ltiLinks)
    .where(eq(ltiLinks.resourceLinkId, resourceLinkId));
  const boardId = link?.multilistId ?? '';
  const [list] = await db.select().from(lists).where(eq(lists.multilistId, boardId));
  const base = { listId: list?.id ?? '', multilistId: boardId, owner: 'ada.lovelace' };
  const [content] = await db
    .insert(items)
    .values({ ...base, index: 0, author: 'ada.lovelace', text: 'A sonnet.' })
    .returning();
  const [written] = await db
    .insert(items)
    .values({
      ...base,
      index: 1,
      author: 'alan.turing',
      text: note.text,
      annotationClass: 'note',
      isPrivate: note.isPrivate ?? false,
      rootItemId: content?.id,
    })
    .returning();
  await db.insert(items).values({
    ...base,
    index: 2,
    author: 'alan.turing',
    text: 'Never mind.',
    annotationClass: 'reply',
    replyLevel: 1,
    rootItemId: written?.id,
  });
  return { boardId, listId: base.listId, itemId: content?.id ?? '' };
}
