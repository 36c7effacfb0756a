import { demoSeedAllowed, loadConfig } from '../config.js';
import { lockDataDir } from '../data-dir-lock.mjs';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { seedIfEmpty } from './seed.js';

/** `npm run seed`: migrates and seeds the demo franchises (a no-op when the database has data). */
const config = loadConfig();
if (!demoSeedAllowed(config)) {
  console.error('The demo accounts have a published password: set SEED_DEMO=1 to seed them into PostgreSQL.');
  process.exit(2);
}
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  console.log((await seedIfEmpty(db)) ? 'Seeded the demo franchises.' : 'The database already has data; nothing to do.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
  unlock();
}
