import { ConfigError, loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import {
  checkDataDir,
  checkListen,
  databaseFailure,
  listenFailure,
  StartupError,
} from './startup-checks';

async function main(): Promise<void> {
  const config = loadConfig();
  // Settings that can be checked without the database come first, and the database before the
  // app's many modules are loaded, so a mistake in any of them is reported at once.
  await checkDataDir(config.DATA_DIR);
  await checkListen(config);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (e) {
    throw databaseFailure(config, e);
  }
  const [{ buildApp }, { seed }] = await Promise.all([import('./app'), import('./seed/seed')]);
  await database.migrate();
  if (config.SEED === 'auto') await seed(database.db, { password: process.env.SEED_PASSWORD });
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // Stop taking requests, let the ones in flight finish, then close the database cleanly.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    // Taken since the check above: close what is open, then report it like the check would.
    closing = true;
    const closed = app.close().then(() => database.close());
    await Promise.race([closed.catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
    throw listenFailure(config, e);
  }
  app.log.info(`Listboard on ${config.PUBLIC_URL} (${database.driver})`);
}

main().catch((e: unknown) => {
  if (e instanceof ConfigError || e instanceof StartupError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
});
