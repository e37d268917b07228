/**
 * A simulated LTI 1.3 platform for browser tests: a plain node http server with its own RSA key
 * (jose) that serves what a learning platform serves a student:
 *
 * - `/course`: the course page, with the tool in an `<iframe>` whose src is the platform's own
 *   `/start` (as Canvas and Moodle embed a tool);
 * - `/start`: the OIDC login initiation, a form posted to the tool's login URL by itself;
 * - `/auth` (the registered auth login URL): checks the tool's authentication request, signs the
 *   id_token of a resource-link launch and posts it with the state to the redirect URI
 *   (response_mode form_post), again by a form that submits itself;
 * - `/jwks`: the platform's public keyset;
 * - a gradebook (AGS): `/token` hands the tool a service token, `/lineitems` makes the link's
 *   column, and the scores the tool posts to it are kept in `scores`.
 *
 * The person launching is named by the course page's query (`?as=teacher`), carried as the
 * login hint, as a platform carries its signed-in user. `deployment` sends another deployment
 * id; `tamper=1` changes the signed token's claims after signing; `link` picks another link.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const ROLE = {
  instructor: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor',
  learner: 'http://purl.imsglobal.org/vocab/lis/v2/membership#Learner',
};

export interface Person {
  sub: string;
  name: string;
  email: string;
  role: string;
}

export interface Registration {
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  authTokenUrl: string;
  keysetUrl: string;
}

export interface PlatformPage {
  /** The platform's own origin, as the browser reaches it; also its issuer. */
  origin: string;
  course: { id: string; title: string };
  /** The resource link of the course page; `link` in the query names another. */
  link: { id: string; title: string };
  registration: Registration;
  /** The course page as this person sees it (a key of `people`). */
  courseUrl(
    as: string,
    opts?: { deployment?: string; tamper?: boolean; link?: string; deep?: boolean },
  ): string;
  /** What the tool placed through deep linking: each content item's title and URL, in order. */
  placed: { title: string; url: string }[];
  /** What went wrong in the platform's own handling (an authentication request it refused). */
  refusals: string[];
  /** The scores the tool sent to the gradebook, in order. */
  scores: { userId: string; scoreGiven: number; comment: string }[];
  close(): Promise<void>;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** A page whose form posts itself at once, as platforms hand a browser on. */
function autoPost(title: string, action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><form method="post" action="${escapeHtml(action)}">
${inputs}
<noscript><button type="submit">Continue</button></noscript>
</form><script>document.forms[0].submit();</script></body></html>`;
}

function html(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(body);
}

/** What is wrong with the tool's authentication request, as a platform checks it; or null. */
function authProblem(
  q: URLSearchParams,
  clientId: string,
  launchUrl: string,
  knownUser: boolean,
): string | null {
  const expected: [string, string][] = [
    ['scope', 'openid'],
    ['response_type', 'id_token'],
    ['response_mode', 'form_post'],
    ['prompt', 'none'],
    ['client_id', clientId],
    ['redirect_uri', launchUrl],
  ];
  for (const [name, value] of expected) {
    if (q.get(name) !== value) return `${name} is ${String(q.get(name))}, not ${value}`;
  }
  if (!knownUser) return `no user for login_hint ${String(q.get('login_hint'))}`;
  if (!q.get('state') || !q.get('nonce')) return 'no state or nonce';
  return null;
}

/**
 * Starts the platform on `host` ('localhost' or '127.0.0.1'; the browser counts them as two
 * sites), for the tool at `tool` (its PUBLIC_URL), with the people who may launch.
 */
export async function startPlatformPage(opts: {
  host: string;
  tool: string;
  people: Record<string, Person>;
  course: { id: string; title: string };
  link: { id: string; title: string };
  clientId?: string;
  deploymentId?: string;
}): Promise<PlatformPage> {
  const clientId = opts.clientId ?? 'listboard-e2e';
  const deploymentId = opts.deploymentId ?? 'deployment-1';
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = `platform-key-${opts.host}`;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const loginUrl = `${opts.tool}/lti/login`;
  const launchUrl = `${opts.tool}/lti/launch`;
  const refusals: string[] = [];
  const scores: PlatformPage['scores'] = [];
  const placed: PlatformPage['placed'] = [];
  let origin = '';
  let lineItems = 0;
  let service = '';
  const TOKEN = 'gradebook-token';

  async function idToken(
    person: Person,
    nonce: string,
    link: { id: string; title: string },
    deep = false,
  ) {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: origin,
      aud: clientId,
      azp: clientId,
      iat: now,
      exp: now + 300,
      sub: person.sub,
      nonce,
      name: person.name,
      email: person.email,
      [`${LTI}message_type`]: deep ? 'LtiDeepLinkingRequest' : 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: deploymentId,
      [`${LTI}target_link_uri`]: launchUrl,
      [`${LTI}roles`]: [person.role],
      [`${LTI}context`]: { id: opts.course.id, title: opts.course.title, label: 'E2E101' },
      ...(deep
        ? {
            'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
              deep_link_return_url: `${origin}/placed`,
              accept_types: ['ltiResourceLink'],
              accept_presentation_document_targets: ['iframe', 'window'],
              data: 'e2e-placement',
            },
          }
        : { [`${LTI}resource_link`]: link }),
      // The course's gradebook, as a platform offers it to a graded link.
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: [
          'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
          'https://purl.imsglobal.org/spec/lti-ags/scope/score',
        ],
        lineitems: `${service}/lineitems`,
      },
    };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  }

  /** The same token with its claims changed after signing: its signature no longer fits. */
  function tampered(jwt: string): string {
    const [head = '', body = '', sig = ''] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    claims[`${LTI}roles`] = [ROLE.instructor];
    return [head, Buffer.from(JSON.stringify(claims)).toString('base64url'), sig].join('.');
  }

  const linkFor = (id: string | null) =>
    id && id !== opts.link.id ? { id, title: `Link ${id}` } : opts.link;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const q = url.searchParams;
    if (url.pathname === '/jwks') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    if (url.pathname === '/course') {
      const start = new URL('/start', origin);
      for (const [k, v] of q) start.searchParams.set(k, v);
      html(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(opts.course.title)}</title></head>
<body><h1>${escapeHtml(opts.course.title)}</h1>
<p>Week 1: read and annotate.</p>
<iframe title="Listboard" src="${escapeHtml(start.toString())}" style="width:1200px;height:700px;border:1px solid #999"></iframe>
</body></html>`,
      );
      return;
    }
    if (url.pathname === '/start') {
      const as = q.get('as') ?? '';
      html(
        res,
        200,
        autoPost('Opening Listboard', loginUrl, {
          iss: origin,
          login_hint: as,
          // The platform's own note of what is launched, returned at /auth.
          lti_message_hint: JSON.stringify({
            link: q.get('link'),
            tamper: q.get('tamper'),
            deep: q.get('deep'),
          }),
          target_link_uri: launchUrl,
          client_id: clientId,
          lti_deployment_id: q.get('deployment') ?? deploymentId,
        }),
      );
      return;
    }
    if (url.pathname === '/auth') {
      const person = opts.people[q.get('login_hint') ?? ''];
      const state = q.get('state');
      const nonce = q.get('nonce');
      const problem = authProblem(q, clientId, launchUrl, person !== undefined);
      const fail = (why: string) => {
        refusals.push(why);
        html(res, 400, `<!doctype html><h1>Platform error</h1><p>${escapeHtml(why)}</p>`);
      };
      if (problem || !person || !state || !nonce) {
        fail(problem ?? 'no user, state or nonce');
        return;
      }
      // The platform's own note from /start, which the tool hands back unchanged.
      let hint: { link?: string | null; tamper?: string | null; deep?: string | null } = {};
      try {
        hint = JSON.parse(q.get('lti_message_hint') ?? '{}') as typeof hint;
      } catch {
        fail('lti_message_hint is not the one the platform sent');
        return;
      }
      idToken(person, nonce, linkFor(hint.link ?? null), hint.deep === '1')
        .then((jwt) => {
          html(
            res,
            200,
            autoPost('Opening Listboard', launchUrl, {
              id_token: hint.tamper ? tampered(jwt) : jwt,
              state,
            }),
          );
        })
        .catch((e: unknown) => {
          fail(String(e));
        });
      return;
    }
    if (url.pathname === '/placed' && req.method === 'POST') {
      void takePlacement(req, res);
      return;
    }
    if (url.pathname === '/token' || url.pathname.startsWith('/lineitems')) {
      void gradebook(req, res, url.pathname);
      return;
    }
    res.writeHead(404).end();
  });

  /** The tool's deep-linking response, posted by the browser: what it placed, read from its JWT. */
  async function takePlacement(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const jwt = new URLSearchParams(Buffer.concat(chunks).toString()).get('JWT') ?? '';
    const body = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items'?: {
        title?: string;
        url?: string;
      }[];
    };
    const items = body['https://purl.imsglobal.org/spec/lti-dl/claim/content_items'] ?? [];
    for (const i of items) placed.push({ title: i.title ?? '', url: i.url ?? '' });
    html(
      res,
      200,
      `<!doctype html><h1>Placed in the course</h1><ul>${items.map((i) => `<li>${escapeHtml(i.title ?? '')}</li>`).join('')}</ul>`,
    );
  }

  /** The gradebook's token URL and line items, as the tool's server reaches them. */
  async function gradebook(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (pathname === '/token') {
      const form = new URLSearchParams(text);
      if (form.get('grant_type') !== 'client_credentials' || !form.get('client_assertion')) {
        json(400, { error: 'invalid_request' });
        return;
      }
      json(200, { access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 });
      return;
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      json(401, { error: 'no token' });
      return;
    }
    if (pathname === '/lineitems' && req.method === 'POST') {
      lineItems++;
      json(201, {
        ...(JSON.parse(text) as object),
        id: `${service}/lineitems/${String(lineItems)}`,
      });
      return;
    }
    if (/^\/lineitems\/\d+\/scores$/.test(pathname) && req.method === 'POST') {
      scores.push(JSON.parse(text) as PlatformPage['scores'][number]);
      json(200, {});
      return;
    }
    json(404, { error: 'not found' });
  }
  // Loopback only; the browser resolves localhost to it as well.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://${opts.host}:${String(port)}`;
  // The tool's server reaches the platform's services on the loopback address.
  service = `http://127.0.0.1:${String(port)}`;
  return {
    origin,
    course: opts.course,
    link: opts.link,
    registration: {
      issuer: origin,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${origin}/auth`,
      authTokenUrl: `${service}/token`,
      // The tool fetches the keyset itself, from the loopback address.
      keysetUrl: `http://127.0.0.1:${String(port)}/jwks`,
    },
    courseUrl(as, o = {}) {
      const u = new URL('/course', origin);
      u.searchParams.set('as', as);
      if (o.deployment) u.searchParams.set('deployment', o.deployment);
      if (o.tamper) u.searchParams.set('tamper', '1');
      if (o.link) u.searchParams.set('link', o.link);
      if (o.deep) u.searchParams.set('deep', '1');
      return u.toString();
    },
    refusals,
    scores,
    placed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
