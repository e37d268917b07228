/**
 * Access to a platform's LTI Advantage services (NRPS, AGS): an OAuth 2 client-credentials
 * token, asked for with a JWT assertion signed by the tool's key (RFC 7523, as LTI 1.3 says),
 * kept in memory until shortly before it expires.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { signingKey } from './keys';
import type { PlatformRow } from './platforms';

export const SCOPES = {
  roster: 'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
  lineItems: 'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  scores: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
} as const;

/** How long a platform may take to answer a service call. */
export const SERVICE_TIMEOUT_MS = 10_000;

const tokens = new Map<string, { token: string; until: number }>();

export class ServiceError extends Error {}

export async function serviceToken(
  db: Db,
  platform: PlatformRow,
  scopes: readonly string[],
  now: Date = new Date(),
): Promise<string> {
  const key = `${platform.id} ${[...scopes].sort().join(' ')}`;
  const cached = tokens.get(key);
  if (cached && cached.until > now.getTime()) return cached.token;
  const signer = await signingKey(db, now);
  const at = Math.floor(now.getTime() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid: signer.kid, typ: 'JWT' })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.authTokenUrl)
    .setIssuedAt(at)
    .setExpirationTime(at + 300)
    .sign(signer.key);
  const res = await fetch(platform.authTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }).toString(),
    signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
  });
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: unknown;
    expires_in?: unknown;
  };
  if (!res.ok || typeof body.access_token !== 'string')
    throw new ServiceError(
      `The platform's token URL refused the tool (HTTP ${String(res.status)}).`,
    );
  const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
  tokens.set(key, { token: body.access_token, until: now.getTime() + (seconds - 60) * 1000 });
  return body.access_token;
}

/** A service call with the platform's token; JSON in and out. */
export async function serviceFetch(
  token: string,
  url: string,
  init: { method?: string; accept: string; contentType?: string; body?: unknown },
): Promise<Response> {
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: init.accept,
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
  });
  if (!res.ok)
    throw new ServiceError(`The platform answered HTTP ${String(res.status)} for ${url}.`);
  return res;
}
