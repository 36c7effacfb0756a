import { loadConfig } from '../config.js';
import { lockDataDir } from '../data-dir-lock.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { seedIfEmpty } from './seed.js';

/** `npm run seed`: migrates and seeds the configured database (a no-op when already seeded). */
const config = loadConfig();
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
