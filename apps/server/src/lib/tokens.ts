import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie or an e-mailed link; only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
