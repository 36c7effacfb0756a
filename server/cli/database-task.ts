import type { Config } from '../config.js';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.mjs';
import { openDatabase, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * Runs a command-line task on the configured database, migrated first. The embedded database's data
 * directory is locked for the run, so a running server and the task never share it: exits 2 when
 * it is locked. A task that throws has its message printed and the process exit `failureCode`.
 * `bulkLoad`: the embedded database opened for a bulk load (see openDatabase).
 */
export async function runDatabaseTask(
  config: Config,
  failureCode: number,
  task: (db: Db) => Promise<void>,
  options: { bulkLoad?: boolean } = {},
): Promise<void> {
  let unlock = () => {};
  try {
    if (!config.databaseUrl) unlock = lockDataDir(config.dataDir);
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exit(2);
  }
  const db = openDatabase(config, options);
  try {
    await migrateToLatest(db);
    await task(db);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = failureCode;
  } finally {
    await db.destroy();
    unlock();
  }
}
