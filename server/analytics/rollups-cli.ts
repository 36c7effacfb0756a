import { loadConfig } from '../config.js';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock.mjs';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { formatReport, rebuildRollups } from './rollups.js';

/**
 * `npm run rollups:rebuild [-- --check]`: recomputes the daily rollups from the raw rows and prints
 * the differences per table. `--check` writes nothing and exits 1 when any rollup row differs.
 */
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--check');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(' ')}. Usage: npm run rollups:rebuild [-- --check]`);
  process.exit(2);
}
const check = args.includes('--check');
const config = loadConfig();
let unlock = () => {};
try {
  if (!config.databaseUrl) unlock = lockDataDir(config.dataDir);
} catch (error) {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(2);
}
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  const started = performance.now();
  const report = await rebuildRollups(db, { check });
  console.log(formatReport(report));
  console.log(`${check ? 'Checked' : 'Rebuilt'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (check && report.differing > 0) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await db.destroy();
  unlock();
}
