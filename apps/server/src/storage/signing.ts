/**
 * HMAC signatures for the local store's URLs. The key is derived from SESSION_SECRET when one is
 * configured, so every app instance sharing it accepts the others' URLs; otherwise a random
 * secret is kept in DATA_DIR so URLs outlive a restart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Signer = (payload: string) => string;

function loadOrCreateSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'file-signing.secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // No secret yet: make one below.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  try {
    // 'wx' so two processes starting together end up with the same secret.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/** A signer whose key is only read or made on first use. */
export function createSigner(opts: { sessionSecret?: string; dataDir: string }): Signer {
  let key: Buffer | null = null;
  return (payload) => {
    // A purpose-bound key, so a file signature can never stand in for anything else signed.
    key ??= crypto
      .createHmac('sha256', opts.sessionSecret ?? loadOrCreateSecret(opts.dataDir))
      .update('listboard file URLs')
      .digest();
    return crypto.createHmac('sha256', key).update(payload).digest('base64url');
  };
}

export function signaturesMatch(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
