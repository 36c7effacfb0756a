/**
 * `npm run bench -- forecast`: the forecast's methods' backtest MAPE on the demo franchise (the chosen
 * one marked), and the forecast of every branch computed uncached at the bench's sizes (50 and 200
 * branches × 2 years by default; BENCH_SIZES to change), read straight from the database, then
 * asked of a real server on the bench's large franchises.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { addDays, dayIn } from '../server/analytics/calendar';
import { prepareDemoFranchise, writeTrade } from '../server/analytics/demo/write';
import { branchHistories, forecast, summedSeries } from '../server/analytics/forecast/forecast';
import { backtest, FORECAST_METHOD, METHODS, type MethodName } from '../server/analytics/forecast/model';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { openTestDatabase } from '../tests/api/support/test-db';
import { MAX_FORECAST_DAYS } from '@contract/targets.contract';
import { startServer, stopServer } from '../tests/e2e/support/server-process';
import { benchSizes, percentile } from './analytics';
import { embeddedFranchise, signInOwner } from './large-franchise';

const TARGET_MS = 100;
const RUNS = 20;

/** The demo owner's franchise with 20 weeks of the demo's trade up to now, each method's backtest over its summed series and the mean over its branches. */
async function demoMapes(log: (line: string) => void) {
  const database = await openTestDatabase();
  try {
    const { db } = database;
    const now = new Date();
    const { id } = await db.selectFrom('franchises').select('id').where('name', '=', DEMO_ACCOUNTS[0].franchise).executeTakeFirstOrThrow();
    const franchise = await prepareDemoFranchise(db, id, { customers: 1200 });
    await writeTrade(
      db,
      20_261_129,
      franchise,
      { firstDay: addDays(dayIn(franchise.timeZone, now), -140), until: now },
      { daysPerBatch: 30 },
    );
    const histories = (await branchHistories(db, { franchiseId: id, restaurantId: null }, now)).filter((h) => h.revenue.some((v) => v > 0));
    log(`forecast backtest on the demo franchise (${histories.length} trading branches, last 56 closed days), MAPE %:`);
    log('  method              franchise-wide  branches (mean)');
    for (const name of Object.keys(METHODS) as MethodName[]) {
      const wide = backtest(summedSeries(histories), name).mape;
      const perBranch = histories.map((h) => backtest(h.revenue, name).mape).filter((m): m is number => m !== null);
      const mean = perBranch.reduce((s, m) => s + m, 0) / perBranch.length;
      log(
        `  ${name.padEnd(18)}  ${String(wide).padStart(14)}  ${mean.toFixed(1).padStart(15)}${name === FORECAST_METHOD ? '  ← chosen' : ''}`,
      );
    }
  } finally {
    await database.close();
  }
}

/**
 * The franchise-wide forecast of 14 days, uncached, timed over RUNS runs for franchises of `sizes`
 * branches with 2 years of daily rollups each (written straight into daily_restaurant_stats, the only
 * table the forecast reads, so no orders are generated).
 */
async function largeTimings(log: (line: string) => void) {
  for (const { restaurants, days } of benchSizes()) {
    const database = await openTestDatabase();
    try {
      const { db } = database;
      const now = new Date();
      const { id: franchiseId } = await db
        .selectFrom('franchises')
        .select('id')
        .where('name', '=', DEMO_ACCOUNTS[1].franchise)
        .executeTakeFirstOrThrow();
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from restaurants where franchise_id = ${franchiseId}`.execute(db);
      await sql`insert into restaurants (franchise_id, name, address, suburb, post_code, city, state, business_type, capacity, status, location, time_zone)
        select franchise_id, name || ' ' || g, address, suburb, post_code, city, state, business_type, capacity, status, location, time_zone
        from restaurants r cross join generate_series(1, ${restaurants - rows[0]!.n}) g
        where r.id = (select min(id) from restaurants where franchise_id = ${franchiseId})`.execute(db);
      const first = addDays(dayIn('UTC', now), -days);
      await sql`insert into daily_restaurant_stats (restaurant_id, day, revenue_dine_in_cents, revenue_takeaway_cents)
        select r.id, ${first}::date + d, 200000 + (r.id * 7919 + d * 104729) % 150000, (r.id * 31 + d * 17) % 50000
        from restaurants r cross join generate_series(0, ${days - 1}) d
        where r.franchise_id = ${franchiseId}`.execute(db);
      await sql`analyze daily_restaurant_stats`.execute(db);
      // Two runs first, untimed: the query's plan and the code's compilation are a server's first request's cost only.
      for (let i = 0; i < 2; i++) await forecast(db, { franchiseId, restaurantId: null }, 14, now);
      const times: number[] = [];
      let branches = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        branches = (await forecast(db, { franchiseId, restaurantId: null }, 14, now)).branches.length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.ceil(0.95 * times.length) - 1]!;
      log(
        `forecast of every branch, uncached, ${branches} restaurants × ${days} days of rollups: p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'met' : 'MISSED'})`,
      );
    } finally {
      await database.close();
    }
  }
}

/**
 * The forecast call through a real `npm start` on the bench's large franchises (the seeded 2 years of trade):
 * `days` 1 to 42 once each, every one a new cache key, so each answer is computed; then p95(largest) / p95(smallest).
 */
async function httpTimings(log: (line: string) => void) {
  const p95s: number[] = [];
  for (const franchise of benchSizes().map((size) => embeddedFranchise(size, log))) {
    const server = await startServer({ dataDir: franchise.dataDir!, pollMs: 50 });
    try {
      const { token } = await signInOwner(server.url, franchise.account);
      const call = async (days: number) => {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/v1/franchise/analytics/forecast?days=${days}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`analytics/forecast answered ${res.status}`);
        return performance.now() - t;
      };
      // The first request of a server plans the query and compiles the code: a start's cost, untimed (and cached after).
      await call(MAX_FORECAST_DAYS);
      const times: number[] = [];
      for (let days = 1; days < MAX_FORECAST_DAYS; days++) times.push(await call(days));
      const p95 = percentile(times, 95);
      p95s.push(p95);
      log(
        `forecast call (every branch, uncached) through HTTP at ${franchise.size.restaurants} restaurants × ${franchise.size.days} days: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms of ${times.length} (target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'met' : 'MISSED'})`,
      );
    } finally {
      await stopServer(server.process);
    }
  }
  if (p95s.length > 1)
    log(
      `  forecast p95(${benchSizes().at(-1)!.restaurants}) / p95(${benchSizes()[0]!.restaurants}) = ${(p95s.at(-1)! / p95s[0]!).toFixed(2)}`,
    );
}

export async function forecastBench(log: (line: string) => void) {
  await demoMapes(log);
  await largeTimings(log);
  await httpTimings(log);
}
