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

/** The error and its causes (drivers and the ORM wrap what the server said). */
function* chain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    const message = e.message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message)))
      return true;
  }
  return false;
}

/**
 * Text PostgreSQL cannot store: a NUL character, bytes that are not UTF-8, or a JSON escape of a
 * lone surrogate. Requests are checked for such text before anything is written (lib/validator.ts
 * names the field); this is the backstop for text that reaches the database another way, such as
 * a loaded file, so it still answers 400 rather than 500.
 */
export function isUnstorableText(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code === '22021' || e.code === '22P05') return true;
    const detail = (e as { detail?: unknown }).detail;
    if (e.code === '22P02' && typeof detail === 'string' && /Unicode .*surrogate/i.test(detail)) {
      return true;
    }
  }
  return false;
}

export const UNSTORABLE_TEXT =
  'The text contains a character that cannot be stored (such as a NUL character).';

export const DATABASE_UNAVAILABLE =
  'The database is unavailable right now. Please try again in a moment.';
