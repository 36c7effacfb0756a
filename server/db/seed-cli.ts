import { parseArgs } from 'node:util';
import { demoSeedAllowed, loadConfig } from '../config.js';
import { runDatabaseTask } from '../cli/database-task.js';
import type { Db } from './database.js';
import { measureIngestRate } from './seed/ingest-rate.js';
import { backfillDemoTrade, seedIfEmpty, seedLargeFranchise } from './seed.js';

/**
 * `npm run seed`: migrates, seeds the demo franchises (when the database is empty) and brings their
 * trade up to now. `npm run seed -- --restaurants 50 --days 730`: adds a large franchise for
 * benchmarks instead, and prints its owner's account on one line.
 */
const USAGE = 'Usage: npm run seed [-- --restaurants <n> --days <n>]';
let args: { restaurants?: string; days?: string };
try {
  ({ values: args } = parseArgs({ options: { restaurants: { type: 'string' }, days: { type: 'string' } } }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
const count = (name: string, value: string | undefined, max: number): number | undefined => {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}.\n${USAGE}`);
    process.exit(2);
  }
  return n;
};
const restaurants = count('restaurants', args.restaurants, 500);
const days = count('days', args.days, 3650);
const large = restaurants !== undefined || days !== undefined;

const config = loadConfig();
if (!large && !demoSeedAllowed(config)) {
  console.error(
    config.seedDemo === false
      ? 'SEED_DEMO=0 keeps this database free of the demo franchises; unset it to seed them.'
      : 'The demo accounts have a published password: set SEED_DEMO=1 to seed them into PostgreSQL.',
  );
  process.exit(2);
}
/** A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise. */
function progressBar(label: string): (done: number, total: number, detail: string) => void {
  const started = performance.now();
  let lastTenth = -1;
  return (done, total, detail) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    const filled = Math.round((30 * done) / total);
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${done}/${total} days  ${detail}  ${seconds} s`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
    else if (Math.floor((10 * done) / total) !== lastTenth) {
      lastTenth = Math.floor((10 * done) / total);
      process.stderr.write(`${line}\n`);
    }
  };
}

async function seedDemo(db: Db): Promise<void> {
  console.log((await seedIfEmpty(db)) ? 'Seeded the demo franchises.' : 'The database already has data; no demo franchises were added.');
  const bars = new Map<string, ReturnType<typeof progressBar>>();
  const { days: added, orders } = await backfillDemoTrade(db, new Date(), {
    onProgress: (p) => {
      const bar = bars.get(p.franchise) ?? bars.set(p.franchise, progressBar(`Demo trade, ${p.franchise}`)).get(p.franchise)!;
      bar(p.daysDone, p.days, `${p.orders} orders`);
    },
  });
  console.log(`Demo trade is up to date: ${added} day(s) added, ${orders} orders.`);
}

async function seedLarge(db: Db): Promise<void> {
  const size = { restaurants: restaurants ?? 50, days: days ?? 730 };
  const ingestRate = await measureIngestRate(db, new Date());
  const started = performance.now();
  const bar = progressBar(`Large franchise (${size.restaurants} restaurants)`);
  const result = await seedLargeFranchise(db, {
    ...size,
    now: new Date(),
    exclusive: !config.databaseUrl,
    onProgress: (p) => bar(p.daysDone, p.days, `${(p.orders / 1e6).toFixed(2)} M orders`),
  });
  const seconds = (performance.now() - started) / 1000;
  const rate = (n: number) => `${Math.round(n).toLocaleString('en-AU')} orders/s`;
  console.log(
    `Built ${size.restaurants} restaurants × ${size.days} days (${result.orders} orders) in ${seconds.toFixed(0)} s: ${rate(result.orders / seconds)}` +
      ` (the ingest API's service, measured before on 1000-order calls: ${rate(ingestRate)}).`,
  );
  console.log(`Large franchise: ${result.email} / ${result.password}`);
}

await runDatabaseTask(config, 1, (db) => (large ? seedLarge(db) : seedDemo(db)), { bulkLoad: large });
