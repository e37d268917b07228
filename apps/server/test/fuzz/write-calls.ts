/**
 * Which documented calls are writes that must leave an audit row when they answer 2xx: every
 * POST under /api/ except READ_CALLS and the board and site calls declared read-only and not
 * recorded.
 */
import type { Config } from '../../src/config';
import { READ_CALLS } from '../../src/plugins/audit';
import { SITE_CALLS } from '../../src/routes/admin';
import { LTI_SITE_CALLS } from '../../src/routes/lti-admin';
import { BOARD_CALLS } from '../../src/routes/board-calls';
import { posterDeps } from '../../src/routes/media';
import { mediaCalls } from '../../src/routes/media-calls';
import { createFileStore } from '../../src/storage';
import type { DocumentedRoute } from './openapi';

/** The calls the board-call and site-call registrars declare, which record themselves. */
export function registeredCalls(config: Config): { path: string; readOnly: boolean }[] {
  return [
    ...BOARD_CALLS,
    ...mediaCalls(posterDeps(config, createFileStore(config))),
    ...SITE_CALLS,
    ...LTI_SITE_CALLS,
  ].map((c) => ({
    path: c.path,
    // A read-only call that is recorded still leaves its audit row.
    readOnly: c.readOnly === true && !('recorded' in c && c.recorded === true),
  }));
}

/** The paths of the documented routes that must record an audit row when they succeed. */
export function recordedWrites(routes: DocumentedRoute[], config: Config): Set<string> {
  const readOnly = new Set(
    registeredCalls(config)
      .filter((c) => c.readOnly)
      .map((c) => c.path),
  );
  return new Set(
    routes
      .filter((r) => r.method === 'POST' && r.url.startsWith('/api/'))
      .map((r) => r.url)
      .filter((url) => !READ_CALLS.has(url) && !readOnly.has(url)),
  );
}
