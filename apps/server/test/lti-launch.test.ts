/**
 * LTI 1.3 login and launch against a simulated platform (its own keys, keyset and signed
 * tokens): the login redirect, a good launch (account, course group, board, session, hand-off),
 * and each refused launch, which shows what failed and leaves nothing behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import {
  boardMembers,
  groupMembers,
  groups,
  ltiContexts,
  ltiPlatforms,
  ltiUsers,
  multilists,
  users,
} from '../src/db/schema';
import { Agent, createTestApp, ifStarted, type TestContext } from './harness';
import {
  launchAs,
  launchClaims,
  login,
  postForm,
  ROLE,
  startPlatform,
  type Person,
  type SimPlatform,
} from './lti-platform';

let t: TestContext;
let platform: SimPlatform;

const teacher: Person = {
  sub: 'sub-teacher',
  name: 'Ada Lovelace',
  email: 'ada@lms.example.edu',
  role: ROLE.instructor,
};
const student: Person = {
  sub: 'sub-student',
  name: 'Grace Hopper',
  email: 'grace@lms.example.edu',
  role: ROLE.learner,
};

beforeAll(async () => {
  t = await createTestApp();
  platform = await startPlatform();
  const admin = new Agent(t.app);
  await admin.signIn('admin');
  const res = await admin.post('/api/lti/register_platform', platform.registration);
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await ifStarted(platform)?.close();
  await ifStarted(t)?.close();
});

const db = () => t.database.db;
async function counts() {
  const [u] = await db().select({ n: count() }).from(users);
  const [l] = await db().select({ n: count() }).from(ltiUsers);
  const [c] = await db().select({ n: count() }).from(ltiContexts);
  const [g] = await db().select({ n: count() }).from(groups);
  const [b] = await db().select({ n: count() }).from(multilists);
  return { users: u?.n, ltiUsers: l?.n, contexts: c?.n, groups: g?.n, boards: b?.n };
}
async function sessionUser(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return res.json<{
    user: { username: string; fullname: string; email: string | null; groups: string[] } | null;
  }>().user;
}

describe('login initiation', () => {
  it('redirects to the platform with state, nonce and the OIDC parameters', async () => {
    const q = await login(t.app, platform);
    expect(Object.fromEntries(q)).toEqual({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: 'http://localhost:3000/lti/launch',
      login_hint: 'user-hint',
      lti_message_hint: 'message-hint',
      state: expect.stringMatching(/^[\w-]{40,}$/) as unknown,
      nonce: expect.stringMatching(/^[\w-]{20,}$/) as unknown,
    });
  });

  it('takes the initiation as a form post too', async () => {
    const res = await postForm(t.app, '/lti/login', {
      iss: platform.issuer,
      login_hint: 'h',
      target_link_uri: 'http://localhost:3000/lti/launch',
    });
    expect(res.statusCode, res.body).toBe(302);
    expect(new URL(res.headers.location as string).searchParams.get('login_hint')).toBe('h');
  });

  it('refuses an unknown issuer with a page saying what to register', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/lti/login?iss=https%3A%2F%2Fother.example&login_hint=x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('No platform with issuer https://other.example');
  });
});

describe('a good launch', () => {
  let teacherTarget = '';

  it("signs the instructor in, makes their account, the course's group and board", async () => {
    const { cookie, target, launch } = await launchAs(t.app, platform, teacher);
    expect(launch.headers.location).toMatch(/^\/lti\/open\?token=/);
    const me = await sessionUser(cookie);
    expect(me).toMatchObject({ username: 'ada.lovelace', fullname: 'Ada Lovelace' });
    expect(me?.email).toBe('ada@lms.example.edu');
    expect(me?.groups).toEqual([expect.stringMatching(/^Poetry 101 \(LTI [0-9a-f]{8}\)$/)]);
    expect(target).toBe('/ada.lovelace/week-1-readings');
    const [board] = await db()
      .select()
      .from(multilists)
      .where(eq(multilists.ptitle, 'week-1-readings'));
    expect(board?.owner).toBe('ada.lovelace');
    expect(board?.groups).toEqual(me?.groups);
    teacherTarget = target;
  });

  it('makes a learner a reader of the same board and a member of the group', async () => {
    const { cookie, target } = await launchAs(t.app, platform, student);
    expect(target).toBe(teacherTarget);
    const me = await sessionUser(cookie);
    expect(me?.username).toBe('grace.hopper');
    const members = await db()
      .select({ username: boardMembers.username, kind: boardMembers.kind })
      .from(boardMembers)
      .innerJoin(multilists, eq(multilists.id, boardMembers.multilistId))
      .where(eq(multilists.ptitle, 'week-1-readings'));
    expect(members).toContainEqual({ username: 'grace.hopper', kind: 'reader' });
    expect(members).toContainEqual({ username: 'ada.lovelace', kind: 'author' });
    const [g] = await db().select({ n: count() }).from(groupMembers);
    expect(g?.n).toBe(2);
    // The board loads for the learner through the ordinary API.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dbload/load_multilists',
      payload: { addresses: [target] },
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ title: string }[]>()[0]?.title).toBe('Week 1 readings');
  });

  it('maps a second launch by the same person to the same account', async () => {
    const before = await counts();
    const { cookie } = await launchAs(t.app, platform, { ...student, name: 'Grace B. Hopper' });
    expect(await counts()).toEqual(before);
    expect((await sessionUser(cookie))?.fullname).toBe('Grace B. Hopper');
  });

  it('makes a ContentDeveloper a coauthor of the course boards', async () => {
    const dev = {
      sub: 'sub-dev',
      name: 'Dev Eloper',
      email: 'dev@x.edu',
      role: ROLE.contentDeveloper,
    };
    await launchAs(t.app, platform, dev);
    const [m] = await db()
      .select({ kind: boardMembers.kind })
      .from(boardMembers)
      .where(eq(boardMembers.username, 'dev.eloper'));
    expect(m?.kind).toBe('author');
  });

  it("opens a board the instructor owns, named by the link's custom parameter", async () => {
    const { target } = await launchAs(t.app, platform, teacher, (n) => ({
      ...launchClaims(teacher, n, undefined, { id: 'link-named', title: 'Again' }),
      'https://purl.imsglobal.org/spec/lti/claim/custom': {
        board: 'ada.lovelace/week-1-readings',
      },
    }));
    expect(target).toBe('/ada.lovelace/week-1-readings');
  });

  it('never places a board the instructor does not own: a new one is made instead', async () => {
    const { target } = await launchAs(t.app, platform, teacher, (n) => ({
      ...launchClaims(teacher, n, undefined, { id: 'link-other', title: 'Home' }),
      'https://purl.imsglobal.org/spec/lti/claim/custom': { board: 'admin/home' },
    }));
    expect(target).toBe('/ada.lovelace/home');
    const admins = await db().select().from(multilists).where(eq(multilists.owner, 'admin'));
    expect(admins.length).toBeGreaterThan(0);
    for (const b of admins) expect(b.groups.join()).not.toContain('LTI');
  });

  it('gives two people of one name, launching at once, an account each', async () => {
    const sam = (sub: string): Person => ({ sub, name: 'Sam Same', email: '', role: ROLE.learner });
    const both = await Promise.all([
      launchAs(t.app, platform, sam('sam-1')),
      launchAs(t.app, platform, sam('sam-2')),
    ]);
    const names = await Promise.all(both.map(async (l) => (await sessionUser(l.cookie))?.username));
    expect(names.sort()).toEqual(['sam.same', 'sam.same.2']);
  });

  it('sets a SameSite=Lax cookie over http (None needs https)', async () => {
    const { launch } = await launchAs(t.app, platform, student);
    const set = launch.cookies.find((c) => c.name === 'lb_session');
    expect(set?.sameSite).toBe('Lax');
  });
});

describe('framing', () => {
  it("lets the registered platform's pages, and no other site, show Listboard in a frame", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/lti/open?token=x' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const ancestors = /frame-ancestors ([^;]*)/.exec(
      String(page.headers['content-security-policy']),
    );
    // The issuer, the login host, and the origin the launches were posted from.
    expect(ancestors?.[1]?.split(' ').sort()).toEqual(
      ["'self'", platform.issuer, 'https://lms.example.edu'].sort(),
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
    const json = await t.app.inject({ method: 'GET', url: '/lti/config' });
    expect(json.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("takes a launch's page as a framer only on the platform's site: a learner posting their own launch from a page of theirs adds nothing", async () => {
    /** A launch, its form posted from a page at `origin` (a learner's, once the course has its board). */
    const launchFrom = async (origin: string) => {
      const q = await login(t.app, platform);
      const token = await platform.sign(launchClaims(teacher, q.get('nonce') ?? ''));
      const res = await t.app.inject({
        method: 'POST',
        url: '/lti/launch',
        payload: new URLSearchParams({ id_token: token, state: q.get('state') ?? '' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      });
      expect(res.statusCode, res.body).toBe(302);
    };
    await launchFrom('https://evil.example');
    await launchFrom('https://lms.example.edu.evil.example');
    await launchFrom('http://lms.example.edu');
    // Another host of the platform's site: a school's course pages under the platform's domain.
    await launchFrom('https://courses.example.edu');
    // An origin remembered before the rule, off the platform's site, is not named either.
    await db()
      .update(ltiPlatforms)
      .set({ frameOrigins: sql`array_append(${ltiPlatforms.frameOrigins}, 'https://old.example')` })
      .where(eq(ltiPlatforms.issuer, platform.issuer));
    const page = await t.app.inject({ method: 'GET', url: '/lti/open?token=y' });
    const ancestors = /frame-ancestors ([^;]*)/.exec(
      String(page.headers['content-security-policy']),
    );
    expect(ancestors?.[1]?.split(' ').sort()).toEqual(
      ["'self'", platform.issuer, 'https://lms.example.edu', 'https://courses.example.edu'].sort(),
    );
  });
});

describe('when the frame keeps no cookie', () => {
  it('offers the board in a new window, which signs in once', async () => {
    const q = await login(t.app, platform);
    const token = await platform.sign(launchClaims(student, q.get('nonce') ?? ''));
    const launch = await postForm(t.app, '/lti/launch', {
      id_token: token,
      state: q.get('state') ?? '',
    });
    const open = launch.headers.location as string;
    const page = await t.app.inject({ method: 'GET', url: open });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Open the board');
    expect(page.body).toContain('target="_blank"');
    const href = /href="([^"]+)"/.exec(page.body)?.[1]?.replace(/&#38;/g, '&') ?? '';
    const win = await t.app.inject({ method: 'GET', url: href });
    expect(win.statusCode, win.body).toBe(302);
    expect(win.headers.location).toBe('/ada.lovelace/week-1-readings');
    const cookie = win.cookies.find((c) => c.name === 'lb_session');
    expect((await sessionUser(`lb_session=${cookie?.value ?? ''}`))?.username).toBe('grace.hopper');
    const again = await t.app.inject({ method: 'GET', url: href });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or was used already');
  });
});

describe('the new window’s link', () => {
  /** A learner's launch whose frame kept no cookie: the link of its new window. */
  const windowLink = async () => {
    const q = await login(t.app, platform);
    const token = await platform.sign(launchClaims(student, q.get('nonce') ?? ''));
    const launch = await postForm(t.app, '/lti/launch', {
      id_token: token,
      state: q.get('state') ?? '',
    });
    const page = await t.app.inject({ method: 'GET', url: launch.headers.location as string });
    return /href="([^"]+)"/.exec(page.body)?.[1]?.replace(/&#38;/g, '&') ?? '';
  };

  it('signs no one in in a browser it was passed to; the launching browser still opens it', async () => {
    const href = await windowLink();
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: href,
      headers: { 'user-agent': 'A classmate’s browser' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('made for the browser that opened it in the course');
    expect(elsewhere.cookies.find((c) => c.name === 'lb_session')).toBeUndefined();
    const own = await t.app.inject({ method: 'GET', url: href });
    expect(own.statusCode, own.body).toBe(302);
    const cookie = own.cookies.find((c) => c.name === 'lb_session');
    expect((await sessionUser(`lb_session=${cookie?.value ?? ''}`))?.username).toBe('grace.hopper');
  });

  it('asks before it signs out someone else signed in in that browser, whose session lasts until they agree', async () => {
    const href = await windowLink();
    const reader = new Agent(t.app);
    await reader.signIn('reader');
    const asked = await t.app.inject({
      method: 'GET',
      url: href,
      headers: { cookie: reader.cookie ?? '' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Someone else is signed in here');
    expect(asked.body).toContain('grace.hopper');
    expect((await sessionUser(reader.cookie ?? ''))?.username).toBe('reader');
    const go = /id="switch" href="([^"]+)"/.exec(asked.body)?.[1]?.replace(/&#38;/g, '&') ?? '';
    const switched = await t.app.inject({
      method: 'GET',
      url: go,
      headers: { cookie: reader.cookie ?? '' },
    });
    expect(switched.statusCode, switched.body).toBe(302);
    const cookie = switched.cookies.find((c) => c.name === 'lb_session');
    expect((await sessionUser(`lb_session=${cookie?.value ?? ''}`))?.username).toBe('grace.hopper');
  });
});

describe('refused launches', () => {
  const newcomer: Person = {
    sub: 'sub-new',
    name: 'New Comer',
    email: 'new@x.edu',
    role: ROLE.learner,
  };

  /** Logs in, posts what `make` signs, and checks the refusal page and that nothing was made. */
  async function refused(
    make: (nonce: string) => Promise<string>,
    message: string,
    state?: (s: string) => string,
  ) {
    const before = await counts();
    const q = await login(t.app, platform);
    const token = await make(q.get('nonce') ?? '');
    const res = await postForm(t.app, '/lti/launch', {
      id_token: token,
      state: state ? state(q.get('state') ?? '') : (q.get('state') ?? ''),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(message);
    expect(res.body).toContain("For the platform's administrator");
    expect(res.cookies.find((c) => c.name === 'lb_session')).toBeUndefined();
    expect(await counts()).toEqual(before);
    return res;
  }
  const claims = (nonce: string, extra: Record<string, unknown> = {}) => ({
    ...launchClaims(newcomer, nonce),
    ...extra,
  });

  it('a tampered token', async () => {
    await refused(async (n) => {
      const [h, p, s] = (await platform.sign(claims(n))).split('.');
      const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Record<
        string,
        unknown
      >;
      payload.sub = 'someone-else';
      return [h, Buffer.from(JSON.stringify(payload)).toString('base64url'), s].join('.');
    }, 'signature does not verify');
  });

  it('a token signed by another key', async () => {
    const other = await startPlatform();
    try {
      await refused(async (n) => {
        const token = await other.sign({ ...claims(n), iss: platform.issuer });
        return token;
      }, 'signature does not verify');
    } finally {
      await other.close();
    }
  });

  it('a replayed token and state', async () => {
    const q = await login(t.app, platform);
    const token = await platform.sign(launchClaims(student, q.get('nonce') ?? ''));
    const state = q.get('state') ?? '';
    const first = await postForm(t.app, '/lti/launch', { id_token: token, state });
    expect(first.statusCode).toBe(302);
    const again = await postForm(t.app, '/lti/launch', { id_token: token, state });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('used already');
  });

  it('a used nonce under a new login', async () => {
    const q = await login(t.app, platform);
    const old = q.get('nonce') ?? '';
    await refused(() => platform.sign(claims(old)), 'nonce of this login');
  });

  it('the wrong audience', async () => {
    await refused(
      (n) => platform.sign(claims(n, { aud: 'another-tool', azp: 'another-tool' })),
      'not meant for client id',
    );
  });

  it('an authorized party other than the client', async () => {
    await refused(
      (n) => platform.sign(claims(n, { aud: [platform.clientId, 'x'], azp: 'x' })),
      'authorized party',
    );
  });

  it('an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    await refused((n) => platform.sign(claims(n, { iat: past - 300, exp: past })), 'expired');
  });

  it('an unknown deployment', async () => {
    await refused(
      (n) =>
        platform.sign(
          claims(n, { 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-9' }),
        ),
      'deployment &#34;dep-9&#34; is not registered',
    );
  });

  it('the wrong version', async () => {
    await refused(
      (n) =>
        platform.sign(claims(n, { 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' })),
      'LTI version is &#34;1.1&#34;',
    );
  });

  it('an unknown message type', async () => {
    await refused(
      (n) =>
        platform.sign(
          claims(n, {
            'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiSubmissionReviewRequest',
          }),
        ),
      'does not take launches of type',
    );
  });

  it('a state Listboard never issued', async () => {
    await refused(
      (n) => platform.sign(claims(n)),
      'not one Listboard started',
      () => 'forged',
    );
  });

  it("a learner's launch of a link with no board yet, leaving no account behind", async () => {
    await refused(
      (n) => platform.sign(launchClaims(newcomer, n, undefined, { id: 'link-new', title: 'New' })),
      'This link has no board yet',
    );
  });
});
