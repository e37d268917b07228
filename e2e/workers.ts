/**
 * Browser files run two at a time, each worker on an app of its own (global-setup.ts). On two
 * cores one browser file keeps about 1.3 of them busy (Chromium's renderer and the app's Node),
 * so a second file fills the rest; a third slowed the heavy files past their timeouts.
 */
export const E2E_WORKERS = 2;
