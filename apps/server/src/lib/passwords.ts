import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters, stored with each hash. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

// scrypt is memory-hard; N=2^15, r=8 costs ~32 MiB and tens of milliseconds per hash.
const PARAMS = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEYLEN = 32;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEYLEN, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Returns `scrypt$N$r$p$salt$hash` so parameters can be raised later without breaking old hashes
 * (a check uses the parameters stored with the hash). Every password the app stores takes the
 * default cost.
 */
export async function hashPassword(password: string, cost: ScryptCost = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...cost, maxmem: PARAMS.maxmem });
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  if (!stored) return false;
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of no one's password, made once with the same parameters as real ones. Checking a
 * password against it for a name without one costs what a real check costs, so the time an
 * answer takes does not tell which names exist.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url')).catch((err: unknown) => {
    dummy = undefined;
    throw err;
  });
  return dummy;
}
