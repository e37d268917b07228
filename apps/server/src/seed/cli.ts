import { counted } from '@listboard/core';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seed } from './seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await database.migrate();
const r = await seed(database.db, { password: process.env.SEED_PASSWORD });
console.log(
  `Seed: ${counted(r.usersCreated, 'user')} and ${counted(r.boardsCreated, 'board')} created.`,
);
await database.close();
