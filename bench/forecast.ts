/**
 * `npm run bench -- forecast`: the forecast's methods' backtest MAPE on the demo franchise (the chosen
 * one marked), and the forecast of every branch computed uncached on the large franchise (200 branches
 * × 2 years by default; BENCH_SIZES to change), read straight from its database.
 */
import { performance } from 'node:perf_hooks';
import { addDays, dayIn } from '../server/analytics/calendar';
import { prepareDemoFranchise, writeTrade } from '../server/analytics/demo/write';
import { branchHistories, forecast, summedSeries } from '../server/analytics/forecast/forecast';
import { backtest, FORECAST_METHOD, METHODS, type MethodName } from '../server/analytics/forecast/model';
import { openDatabase } from '../server/db/database';
import { DEMO_ACCOUNTS } from '../server/db/seed';
import { openTestDatabase } from '../tests/api/support/test-db';
import { benchSizes } from './analytics';
import { embeddedFranchise } from './large-franchise';

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

/** The franchise-wide forecast of 14 days, uncached, timed over RUNS runs at each size. */
async function largeTimings(log: (line: string) => void) {
  for (const size of benchSizes()) {
    const { dataDir, account } = embeddedFranchise(size, log);
    const db = openDatabase({ databaseUrl: undefined, dataDir: dataDir! });
    try {
      const { franchise_id: franchiseId } = await db
        .selectFrom('franchise_users')
        .select('franchise_id')
        .where('email', '=', account.email)
        .executeTakeFirstOrThrow();
      const times: number[] = [];
      let days = 0;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        days = (await forecast(db, { franchiseId, restaurantId: null }, 14, new Date())).branches.length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.ceil(0.95 * times.length) - 1]!;
      log(
        `forecast of every branch, uncached, ${size.restaurants} restaurants × ${size.days} days (${days} forecast): p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ≤ ${TARGET_MS} ms: ${p95 <= TARGET_MS ? 'met' : 'MISSED'})`,
      );
    } finally {
      await db.destroy();
    }
  }
}

export async function forecastBench(log: (line: string) => void) {
  await demoMapes(log);
  await largeTimings(log);
}
