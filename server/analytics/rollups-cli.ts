import { runDatabaseTask } from '../cli/database-task.js';
import { loadConfig } from '../config.js';
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
await runDatabaseTask(loadConfig(), 2, async (db) => {
  const started = performance.now();
  const report = await rebuildRollups(db, { check });
  console.log(formatReport(report));
  console.log(`${check ? 'Checked' : 'Rebuilt'} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (check && report.differing > 0) process.exitCode = 1;
});
