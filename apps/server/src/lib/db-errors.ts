/**
 * Errors that mean the database cannot be reached right now (a restart, a failover, a full
 * connection pool), as opposed to a fault in a query. They become a 503 the client may retry.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: connection exceptions and shutdowns in progress.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const DATABASE_UNAVAILABLE =
  'The database is unavailable right now. Please try again in a moment.';
