import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { buildApp } from './app';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  } catch (e) {
    const where = config.DATABASE_URL
      ? 'the PostgreSQL server at DATABASE_URL'
      : `the database in ${config.DATA_DIR}`;
    console.error(`Cannot open ${where}: ${(e as Error).message}`);
    process.exit(1);
  }
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

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Listboard on ${config.PUBLIC_URL} (${database.driver})`);
}

void main();
