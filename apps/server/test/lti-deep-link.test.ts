/**
 * Deep linking against the simulated platform: an instructor's LtiDeepLinkingRequest opens the
 * board picker, the choice comes back as an LtiDeepLinkingResponse signed with the tool's key
 * (verified here with its published JWKS), and the placed link then opens its board for a
 * learner's first launch. Learners cannot place boards, nor anyone a board they do not author.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { eq } from 'drizzle-orm';
import { pathTitle } from '@listboard/core';
import { lists, multilists } from '../src/db/schema';
import { Agent, createTestApp, ifStarted, type TestContext } from './harness';
import {
  launchAs,
  launchClaims,
  login,
  PLATFORM_ORIGIN,
  postForm,
  ROLE,
  startPlatform,
  TEACHER,
  type Person,
  type SimPlatform,
} from './lti-platform';

let t: TestContext;
let platform: SimPlatform;

const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const RETURN_URL = `${PLATFORM_ORIGIN}/deep_link_return`;
const teacher = TEACHER;
const student: Person = { sub: 's-1', name: 'Grace Hopper', email: 'g@x.edu', role: ROLE.learner };
const OWN_ORIGIN = 'http://localhost:3000';

beforeAll(async () => {
  t = await createTestApp();
  platform = await startPlatform();
  const admin = new Agent(t.app);
  await admin.signIn('admin');
  expect((await admin.post('/api/lti/register_platform', platform.registration)).statusCode).toBe(
    200,
  );
});
afterAll(async () => {
  await ifStarted(platform)?.close();
  await ifStarted(t)?.close();
});

/** The deep-linking request's launch; answers the picker's address. */
async function deepLinkLaunch(person: Person) {
  const q = await login(t.app, platform);
  // A deep-linking request names no resource link.
  const base = Object.fromEntries(
    Object.entries(launchClaims(person, q.get('nonce') ?? '')).filter(
      ([k]) => k !== `${LTI}resource_link`,
    ),
  );
  const token = await platform.sign({
    ...base,
    [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
    [`${DL}deep_linking_settings`]: {
      deep_link_return_url: RETURN_URL,
      accept_types: ['ltiResourceLink'],
      accept_presentation_document_targets: ['iframe', 'window'],
      data: 'platform-data-42',
    },
  });
  return postForm(t.app, '/lti/launch', { id_token: token, state: q.get('state') ?? '' });
}

function choose(fields: Record<string, string>, origin = OWN_ORIGIN) {
  return t.app.inject({
    method: 'POST',
    url: '/lti/deep_link',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
  });
}

async function toolKeys() {
  const res = await t.app.inject({ method: 'GET', url: '/lti/jwks' });
  return createLocalJWKSet(res.json<JSONWebKeySet>());
}

let placed: { board: string; placement: string } = { board: '', placement: '' };

describe('deep linking', () => {
  it('places a new board and answers a signed LtiDeepLinkingResponse', async () => {
    const launch = await deepLinkLaunch(teacher);
    expect(launch.statusCode, launch.body).toBe(302);
    const pick = launch.headers.location as string;
    expect(pick).toMatch(/^\/lti\/pick\?token=/);
    const page = await t.app.inject({ method: 'GET', url: pick });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('A new board titled');
    const token = new URL(pick, OWN_ORIGIN).searchParams.get('token') ?? '';

    const res = await choose({ token: token, board: 'new', title: 'Sonnets' });
    expect(res.statusCode, res.body).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain(`form-action ${PLATFORM_ORIGIN}`);
    expect(res.body).toContain(`action="${RETURN_URL}"`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(res.body)?.[1] ?? '';

    const { payload, protectedHeader } = await jwtVerify(jwt, await toolKeys(), {
      issuer: platform.clientId,
      audience: platform.issuer,
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload[`${LTI}message_type`]).toBe('LtiDeepLinkingResponse');
    expect(payload[`${LTI}version`]).toBe('1.3.0');
    expect(payload[`${LTI}deployment_id`]).toBe(platform.deploymentId);
    expect(payload[`${DL}data`]).toBe('platform-data-42');
    const items = payload[`${DL}content_items`] as {
      type: string;
      title: string;
      url: string;
      custom: { board: string; placement: string };
    }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'ltiResourceLink',
      title: 'Sonnets',
      url: 'http://localhost:3000/lti/launch',
      custom: {
        board: 'ada.lovelace/sonnets',
        note_points: '10',
        reply_points: '5',
        word_points: '0.1',
        late_percent: '100',
        helpful_points: '0',
      },
      lineItem: { scoreMaximum: 100, label: 'Sonnets: participation' },
    });
    placed = items[0]?.custom ?? placed;
    expect(placed.placement).toMatch(/^[\w-]{20,}$/);

    // The picker's token is used up.
    const again = await choose({ token: token, board: 'new', title: 'Again' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('expired or was used already');
  });

  it("opens the placed board at a learner's first launch of the link", async () => {
    const { target, cookie } = await launchAs(t.app, platform, student, (n) => ({
      ...launchClaims(student, n, undefined, { id: 'placed-link-1', title: 'Sonnets' }),
      [`${LTI}custom`]: placed,
    }));
    expect(target).toBe('/ada.lovelace/sonnets');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(session.json<{ user: { username: string } }>().user.username).toBe('grace.hopper');
  });

  it("lists the instructor's boards to place again, and tells the platform when its notes are due", async () => {
    await t.database.db
      .update(multilists)
      .set({ notesDue: new Date('2026-12-18T17:00:00Z') })
      .where(eq(multilists.ptitle, 'sonnets'));
    const launch = await deepLinkLaunch(teacher);
    const page = await t.app.inject({ method: 'GET', url: launch.headers.location as string });
    const [board] = await t.database.db
      .select({ id: multilists.id })
      .from(multilists)
      .where(eq(multilists.ptitle, 'sonnets'));
    expect(page.body).toContain(`value="${board?.id ?? 'none'}"`);
    const token = new URL(launch.headers.location as string, OWN_ORIGIN).searchParams.get('token');
    const res = await choose({ token: token ?? '', board: board?.id ?? '' });
    expect(res.statusCode, res.body).toBe(200);
    const jwt = /name="JWT" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
    const { payload } = await jwtVerify(jwt, await toolKeys());
    const [item] = payload[`${DL}content_items`] as { submission?: { endDateTime: string } }[];
    expect(item?.submission).toEqual({ endDateTime: '2026-12-18T17:00:00.000Z' });
    await t.database.db
      .update(multilists)
      .set({ notesDue: null })
      .where(eq(multilists.ptitle, 'sonnets'));
  });

  it('places one section of a board, which the link opens at, with that list’s own due date', async () => {
    const [board] = await t.database.db
      .select({ id: multilists.id })
      .from(multilists)
      .where(eq(multilists.ptitle, 'sonnets'));
    const boardId = board?.id ?? '';
    await t.database.db.insert(lists).values({
      multilistId: boardId,
      index: 1,
      title: 'Week 2: Odes',
      author: 'ada.lovelace',
      notesDue: new Date('2030-04-01T12:00:00Z'),
    });
    const anchor = pathTitle('Week 2: Odes');
    const launch = await deepLinkLaunch(teacher);
    const page = await t.app.inject({ method: 'GET', url: launch.headers.location as string });
    expect(page.body).toContain('Or one section of it');
    expect(page.body).toContain(`value="${boardId}#${anchor}"`);
    // Each section with the date its placement would tell the platform.
    expect(page.body).toMatch(
      /Week 2: Odes <small>· notes due \w+, 1 April 2030 at 12:00 UTC<\/small>/,
    );
    const token = new URL(launch.headers.location as string, OWN_ORIGIN).searchParams.get('token');
    const gone = await choose({ token: token ?? '', board: `${boardId}#no-such-list` });
    expect(gone.statusCode).toBe(400);
    expect(gone.body).toContain('no longer on the board');

    const again = await deepLinkLaunch(teacher);
    const token2 = new URL(again.headers.location as string, OWN_ORIGIN).searchParams.get('token');
    const res = await choose({ token: token2 ?? '', board: `${boardId}#${anchor}` });
    expect(res.statusCode, res.body).toBe(200);
    const jwt = /name="JWT" value="([^"]+)"/.exec(res.body)?.[1] ?? '';
    const { payload } = await jwtVerify(jwt, await toolKeys());
    const [item] = payload[`${DL}content_items`] as {
      title: string;
      custom: Record<string, string>;
      lineItem: { label: string };
    }[];
    expect(item).toMatchObject({
      title: 'Sonnets: Week 2: Odes',
      custom: { board: 'ada.lovelace/sonnets', section: anchor },
      lineItem: { label: 'Sonnets: Week 2: Odes: participation' },
      // The week's own date, not the board's.
      submission: { endDateTime: '2030-04-01T12:00:00.000Z' },
    });
    const { target } = await launchAs(t.app, platform, student, (n) => ({
      ...launchClaims(student, n, undefined, { id: 'placed-section-1', title: 'Week 2' }),
      [`${LTI}custom`]: item?.custom,
    }));
    expect(target).toBe(`/ada.lovelace/sonnets#${encodeURIComponent(anchor)}`);
  });

  it('refuses a board the instructor does not author, and keeps the page usable', async () => {
    const launch = await deepLinkLaunch(teacher);
    const token = new URL(launch.headers.location as string, OWN_ORIGIN).searchParams.get('token');
    const [home] = await t.database.db
      .select({ id: multilists.id })
      .from(multilists)
      .where(eq(multilists.owner, 'admin'));
    const res = await choose({ token: token ?? '', board: home?.id ?? '' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('only boards you own');
    expect((await choose({ token: token ?? '', board: 'new', title: 'Odes' })).statusCode).toBe(
      200,
    );
  });

  it('refuses the choice posted from another site', async () => {
    const launch = await deepLinkLaunch(teacher);
    const token = new URL(launch.headers.location as string, OWN_ORIGIN).searchParams.get('token');
    const res = await choose({ token: token ?? '', board: 'new' }, PLATFORM_ORIGIN);
    expect(res.statusCode).toBe(403);
  });

  it("refuses a learner's deep-linking request", async () => {
    const res = await deepLinkLaunch(student);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Only a course&#39;s instructors place Listboard boards');
  });
});
