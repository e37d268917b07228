/**
 * Verifies a launch's id_token against the platform that the login state names: the signature
 * by the platform's keyset, the issuer, audience and authorized party, the times, the nonce the
 * login issued, the LTI version, the message type and the deployment. Each refusal says what
 * failed and what the platform's admin should check.
 */
import { createRemoteJWKSet, decodeJwt, errors, jwtVerify, type JWTPayload } from 'jose';
import type { PlatformRow } from './platforms';
import {
  CLAIM,
  LaunchError,
  LTI_VERSION,
  MESSAGE_TYPES,
  readClaims,
  type LaunchClaims,
} from './claims';

/** How old a launch's id_token may be (its iat), and the clock difference allowed. */
const MAX_TOKEN_AGE = '10m';
const CLOCK_TOLERANCE_S = 60;

type KeySet = ReturnType<typeof createRemoteJWKSet>;
const keySets = new Map<string, KeySet>();

/**
 * The platform's keyset, fetched and cached by jose (fetched again for a key id it has not
 * seen). An admin named the URL, so it is fetched wherever it points, private addresses too.
 */
function keySetFor(url: string): KeySet {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, set);
  }
  return set;
}

function refusal(e: unknown, platform: PlatformRow): LaunchError {
  if (e instanceof errors.JWTExpired)
    return new LaunchError(
      'The launch token has expired.',
      "Check the platform server's clock; the launch must reach Listboard within minutes.",
    );
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === 'iss')
      return new LaunchError(
        `The token's issuer is not ${platform.issuer}.`,
        'Check that the issuer registered in Listboard is exactly the one the platform sends.',
      );
    if (e.claim === 'aud')
      return new LaunchError(
        `The token is not meant for client id ${platform.clientId}.`,
        'Check that the client id registered in Listboard is the one the platform gave the tool.',
      );
    const timed = e.claim === 'iat' || e.claim === 'nbf' || e.claim === 'exp';
    return new LaunchError(
      `The token's "${e.claim}" claim is not valid: ${e.message}.`,
      timed
        ? "Check the platform server's clock."
        : `Check that the platform sends the "${e.claim}" claim in its launches.`,
    );
  }
  if (
    e instanceof errors.JWSSignatureVerificationFailed ||
    e instanceof errors.JWKSNoMatchingKey ||
    e instanceof errors.JWSInvalid ||
    e instanceof errors.JWTInvalid
  )
    return new LaunchError(
      "The token's signature does not verify with the platform's keyset.",
      `Check the keyset URL registered in Listboard (${platform.keysetUrl}).`,
    );
  if (e instanceof errors.JOSEError)
    return new LaunchError(
      `The platform's keyset could not be used (${e.message}).`,
      `Check that ${platform.keysetUrl} answers a JSON Web Key Set.`,
    );
  return new LaunchError(
    `The launch could not be verified (${(e as Error).message}).`,
    `Check that ${platform.keysetUrl} can be reached from the Listboard server.`,
  );
}

export async function verifyLaunch(
  platform: PlatformRow,
  idToken: string,
  nonce: string,
  now: Date = new Date(),
): Promise<LaunchClaims> {
  try {
    decodeJwt(idToken);
  } catch {
    throw new LaunchError(
      'The id_token is not a JSON Web Token.',
      'Check that the platform posts the id_token it signed, unchanged.',
    );
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, keySetFor(platform.keysetUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256', 'RS384', 'RS512'],
      maxTokenAge: MAX_TOKEN_AGE,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: now,
      requiredClaims: ['iat', 'exp', 'sub', 'nonce'],
    }));
  } catch (e) {
    throw refusal(e, platform);
  }
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((aud.length > 1 || payload.azp !== undefined) && payload.azp !== platform.clientId)
    throw new LaunchError(
      `The token's authorized party (azp) is not client id ${platform.clientId}.`,
      'Check the client id registered in Listboard.',
    );
  if (payload.nonce !== nonce)
    throw new LaunchError(
      'The token does not carry the nonce of this login.',
      'Each launch must start at the login URL; a token cannot be used twice.',
    );
  if (payload[CLAIM.version] !== LTI_VERSION)
    throw new LaunchError(
      `The LTI version is ${JSON.stringify(payload[CLAIM.version])}, not ${LTI_VERSION}.`,
      'Register Listboard as an LTI 1.3 tool.',
    );
  const type = payload[CLAIM.messageType];
  if (!MESSAGE_TYPES.includes(type as (typeof MESSAGE_TYPES)[number]))
    throw new LaunchError(
      `Listboard does not take launches of type ${JSON.stringify(type)}.`,
      `Send ${MESSAGE_TYPES.join(' or ')}.`,
    );
  const deployment = payload[CLAIM.deploymentId];
  if (typeof deployment !== 'string' || !platform.deploymentIds.includes(deployment))
    throw new LaunchError(
      `The deployment ${JSON.stringify(deployment)} is not registered for this platform.`,
      "Add the deployment id to the platform's registration in Listboard.",
    );
  return readClaims(payload);
}
