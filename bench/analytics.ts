/**
 * The analytics half of `npm run bench`: a large franchise (50 branches, 730 days), the dashboard's
 * calls, the five pages' reports and the revenue page's exports, cached and uncached, the same
 * figures from raw rows, and 20 concurrent dashboard clients (one request each in flight, then whole
 * dashboards) with the health call alongside; and, as its own part, the franchise-wide calls with
 * compare=last_year&like_for_like=true against the same calls without.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { analyticsAnswer } from '../server/analytics/answers/analytics-answer';
import { resolveWindow } from '../server/analytics/window';
import { analyticsQuery, type AnalyticsKind } from '@contract/analytics.contract';
import { ANALYTICS_PAGES, EXPORT_FORMATS } from '@contract/page-reports.contract';
import { pgliteDatabase } from '../server/db/database';
import { TYPE_PARSERS } from '../server/db/pglite-options.mjs';
import { startServer, stopServer } from '../tests/e2e/support/server-process';
import { DEFAULT_FILTERS } from '../src/machines/support/analytics-filters';
import { CARD_KINDS, dashboardCall, type DashboardKind } from '../src/machines/support/dashboard-calls';
import { embeddedFranchise, postgresFranchise, type LargeFranchise, type Size } from './large-franchise';

const DAYS = 730;
/**
 * A dashboard card's call as the dashboard makes it (the ranked lists as long as the card shows), below the
 * scope's analytics prefix, with `query` (a window) when given.
 */
export function cardPath(kind: DashboardKind, query?: string): string {
  const { limit } = dashboardCall(kind, DEFAULT_FILTERS).query;
  const params = [limit === undefined ? '' : `limit=${limit}`, query ?? ''].filter(Boolean).join('&');
  return params ? `${kind}?${params}` : kind;
}
/** Timed rounds of a dashboard or page call: enough that p95 is not one slow outlier (the 95th of 60 is the 57th). */
const ROUNDS = 60;

export type Timings = number[];
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

type Session = { url: string; token: string; branch: number };

async function signIn(url: string, email: string, password: string): Promise<Session> {
  const login = await fetch(`${url}/api/v1/franchise/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`login as ${email} answered ${login.status}: ${await login.text()}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const list = await fetch(`${url}/api/v1/franchise/restaurants`, { headers: { Authorization: `Bearer ${token}` } });
  if (list.status !== 200) throw new Error(`the restaurant list answered ${list.status}: ${await list.text()}`);
  const restaurants = ((await list.json()) as { data: { id: number }[] }).data;
  return { url, token, branch: restaurants[0]!.id };
}

async function timed(session: Session, path: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${session.url}/api/v1/franchise/${path}`, { headers: { Authorization: `Bearer ${session.token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return performance.now() - t;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/**
 * The i-th 3-month window ending before yesterday, `extra` days longer: each call's rounds get windows
 * of a length of their own (a new cache key every time, even where another call read the same days),
 * all within the last months of the history.
 */
function threeMonthWindow(i: number, extra: number): string {
  const end = new Date(Date.now() - (2 + i) * 86_400_000);
  const start = new Date(end);
  start.setUTCMonth(start.getUTCMonth() - 3);
  start.setUTCDate(start.getUTCDate() + 1 - extra);
  return `period=monthly&start_date=${isoDay(start)}&end_date=${isoDay(end)}`;
}

/** A timed call: its path below the scope's analytics prefix, and how many rounds it is timed (exports take longer). */
type BenchCall = { name: string; path: string; rounds: number; dashboard: boolean };

const BENCH_CALLS: BenchCall[] = [
  ...CARD_KINDS.map((kind) => ({ name: kind, path: cardPath(kind), rounds: ROUNDS, dashboard: true })),
  { name: 'loss', path: 'loss', rounds: ROUNDS, dashboard: false },
  { name: 'hours', path: 'hours', rounds: ROUNDS, dashboard: false },
  { name: 'costs', path: 'costs', rounds: ROUNDS, dashboard: false },
  { name: 'menu-engineering', path: 'menu-engineering', rounds: ROUNDS, dashboard: false },
  ...ANALYTICS_PAGES.map((page) => ({ name: `page ${page}`, path: `pages/${page}`, rounds: ROUNDS, dashboard: false })),
  ...EXPORT_FORMATS.map((format) => ({
    name: `revenue ${format}`,
    path: `pages/revenue/export?format=${format}`,
    rounds: 10,
    dashboard: false,
  })),
];

export type CallFigures = { name: string; dashboard: boolean; scope: 'franchise' | 'branch'; uncached: Timings; cached: Timings };

async function callTimings(session: Session): Promise<CallFigures[]> {
  const figures: CallFigures[] = [];
  for (const scope of ['franchise', 'branch'] as const) {
    const prefix = scope === 'franchise' ? 'analytics' : `restaurants/${session.branch}/analytics`;
    for (const [n, { name, path, rounds, dashboard }] of BENCH_CALLS.entries()) {
      // Windows of their own per call: a page report reads the answers a dashboard call may have cached.
      const uncachedWindow = (i: number) => threeMonthWindow(i, n);
      const url = (query: string) => `${prefix}/${path}${path.includes('?') ? '&' : '?'}${query}`;
      const uncached: number[] = [];
      const cached: number[] = [];
      // One untimed call each first: the first run of a code path and the first read of its pages are a start-up cost, and the
      // first period=3months call would be a miss counted as a hit.
      await timed(session, url(uncachedWindow(rounds)));
      for (let i = 0; i < rounds; i++) uncached.push(await timed(session, url(uncachedWindow(i))));
      await timed(session, url('period=3months'));
      for (let i = 0; i < rounds; i++) cached.push(await timed(session, url('period=3months')));
      figures.push({ name, dashboard, scope, uncached, cached });
    }
  }
  return figures;
}

/**
 * The dashboard's main figures straight from raw rows (what a design without rollups runs), and the
 * same answers from the rollups (`analyticsAnswer`, uncached), both on one copy of the database in this
 * process, so the ratio compares queries alone. Franchise-wide, 3 months.
 */
async function rawTimings(dataDir: string, rounds: number): Promise<{ name: string; times: Timings; rollup: Timings }[]> {
  const copy = mkdtempSync(join(tmpdir(), 'fc-bench-raw-'));
  cpSync(join(dataDir, 'pglite'), copy, { recursive: true });
  const db = await PGlite.create(copy, { parsers: TYPE_PARSERS });
  const kysely = pgliteDatabase(db);
  try {
    const { rows } = await db.query<{ id: number; time_zone: string }>(
      'select f.id, f.time_zone from franchises f join restaurants r on r.franchise_id = f.id group by f.id order by count(*) desc limit 1',
    );
    const { id, time_zone: tz } = rows[0]!;
    const window = `o.placed_at >= (now() at time zone '${tz}')::date - 92 and o.placed_at < (now() at time zone '${tz}')::date`;
    const queries = {
      revenues: `select (o.placed_at at time zone '${tz}')::date as day, sum(o.total_cents) filter (where o.channel = 'dine_in')::bigint as dine_in,
        sum(o.total_cents) filter (where o.channel = 'takeaway')::bigint as takeaway, count(*)::int as orders,
        (select count(*) from payment_transactions p join orders o2 on o2.id = p.order_id join restaurants r2 on r2.id = o2.restaurant_id
          where r2.franchise_id = ${id} and o2.status = 'completed' and ${window.replaceAll('o.', 'o2.')})::int as transactions
        from orders o join restaurants r on r.id = o.restaurant_id where r.franchise_id = ${id} and o.status = 'completed' and ${window} group by 1 order by 1`,
      orders: `select (o.placed_at at time zone '${tz}')::date as day, count(*) filter (where o.channel = 'dine_in')::int, count(*) filter (where o.source = 'app')::int
        from orders o join restaurants r on r.id = o.restaurant_id where r.franchise_id = ${id} and o.status = 'completed' and ${window} group by 1 order by 1`,
      headcounts: `select (o.placed_at at time zone '${tz}')::date as day, sum(o.guests) filter (where o.recurrent)::int, sum(o.guests) filter (where not o.recurrent)::int
        from orders o join restaurants r on r.id = o.restaurant_id where r.franchise_id = ${id} and o.status = 'completed' and ${window} group by 1 order by 1`,
      'best-sellers': `select l.menu_item_id, sum(l.quantity)::int as units, sum(l.amount_cents)::bigint as revenue
        from order_lines l join orders o on o.id = l.order_id join restaurants r on r.id = o.restaurant_id
        where r.franchise_id = ${id} and o.status = 'completed' and ${window} group by 1 order by 2 desc, 3 desc limit 10`,
    };
    // The rollups' 3-month window ends yesterday, as the raw queries' 92 days do.
    const rollupWindow = resolveWindow(analyticsQuery.parse({ period: '3months' }), tz, new Date());
    const results: { name: string; times: Timings; rollup: Timings }[] = [];
    for (const [name, sql] of Object.entries(queries)) {
      const times: number[] = [];
      const rollup: number[] = [];
      for (let i = 0; i < rounds; i++) {
        let t = performance.now();
        await db.query(sql);
        times.push(performance.now() - t);
        t = performance.now();
        await analyticsAnswer(kysely, name as AnalyticsKind, { franchiseId: id, restaurantId: null }, rollupWindow, {
          limit: 10,
          now: new Date(),
        });
        rollup.push(performance.now() - t);
      }
      results.push({ name, times, rollup });
    }
    return results;
  } finally {
    await db.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Calls the health check every 20 ms for `seconds`, then posts its timings. */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const times = [];
  let errors = 0;
  const until = performance.now() + workerData.seconds * 1000;
  while (performance.now() < until) {
    const t = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    if (res.status !== 200) errors++;
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  parentPort.postMessage({ times, errors });
})();
`;

/**
 * `connections` clients each with one request in flight, calling the dashboard's cards (franchise
 * and branch, every range) again and again, while a probe calls the health check. 20 is a load
 * tester's "20 concurrent clients"; 120 is 20 whole dashboards loading their six cards at once.
 * The load comes from autocannon: a fetch-based client spent 2.5× the server's CPU per request,
 * on the same two cores.
 */
async function underLoad(session: Session, connections: number, seconds: number) {
  const ranges = ['7days', '14days', '1month', '3months'];
  const requests = ranges.flatMap((range) =>
    ['analytics', `restaurants/${session.branch}/analytics`].flatMap((prefix) =>
      CARD_KINDS.map((kind) => ({ method: 'GET' as const, path: `/api/v1/franchise/${prefix}/${cardPath(kind, `period=${range}`)}` })),
    ),
  );
  // The probe has its own thread: on the load generator's busy event loop it would time the client, not the server.
  const probe = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: `${session.url}/api/v1/health`, seconds } });
  const probed = new Promise<{ times: number[]; errors: number }>((resolve, reject) => {
    probe.once('message', resolve);
    probe.once('error', reject);
  });
  const result = await autocannon({
    url: session.url,
    connections,
    duration: seconds,
    // As a browser sends it (fetch in the calls above sends it too).
    headers: { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip, deflate, br' },
    requests,
  });
  const health = await probed;
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + health.errors,
    health99: percentile(health.times, 99),
    requests: result.requests.total,
  };
}

/**
 * `count` PDF exports of the revenue page, two at a time (a user's limit), while the probe calls the
 * health check: the PDFs render on the export thread, so the thread answering HTTP stays free.
 */
async function underExports(session: Session, count: number) {
  const ranges = ['7days', '14days', '1month', '3months'];
  const started = performance.now();
  let next = 0;
  let failures = 0;
  const exporter = async () => {
    while (next < count) {
      const range = ranges[next++ % ranges.length]!;
      const res = await fetch(`${session.url}/api/v1/franchise/analytics/pages/revenue/export?format=pdf&period=${range}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    }
  };
  const exporting = Promise.all([exporter(), exporter()]);
  const health: { times: number[]; errors: number }[] = [];
  // The probe runs in rounds of a second until the exports are done.
  let done = false;
  void exporting.then(() => (done = true));
  while (!done) {
    const round = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: `${session.url}/api/v1/health`, seconds: 1 } });
    health.push(
      await new Promise((resolve, reject) => {
        round.once('message', resolve);
        round.once('error', reject);
      }),
    );
  }
  await exporting;
  const times = health.flatMap((h) => h.times);
  return {
    exports: count,
    seconds: (performance.now() - started) / 1000,
    failures: failures + health.reduce((n, h) => n + h.errors, 0),
    health99: percentile(times, 99),
    probes: times.length,
  };
}

/** A franchise-wide call's uncached timings without a comparison choice and with last year, like for like. */
export type ComparisonFigures = { name: string; plain: Timings; compared: Timings };
const COMPARED = 'compare=last_year&like_for_like=true';

/**
 * Rounds of each call with and without `COMPARED`: a ratio of two p95s of 60 rounds each moved by ±0.3 between runs
 * of the same code on a quiet machine; at 150 both p95s are the 143rd of their rounds, steadier.
 */
const COMPARISON_ROUNDS = 150;

/**
 * The dashboard's and pages' franchise-wide calls, each round once without and once with `COMPARED`, alternating
 * which goes first so both see the same load and neither always reads what the other just warmed, on windows of their
 * own (beyond the call table's): every call a miss, the comparable branches too (docs/product.md#comparisons).
 */
async function comparisonTimings(session: Session): Promise<ComparisonFigures[]> {
  const figures: ComparisonFigures[] = [];
  for (const [n, { name, path }] of BENCH_CALLS.filter((c) => !c.path.includes('/export')).entries()) {
    const url = (query: string) => `analytics/${path}${path.includes('?') ? '&' : '?'}${query}`;
    const window = (i: number, compared: number) => threeMonthWindow(i, BENCH_CALLS.length + 2 * n + compared);
    await timed(session, url(window(COMPARISON_ROUNDS, 0)));
    await timed(session, url(`${window(COMPARISON_ROUNDS, 1)}&${COMPARED}`));
    const plain: number[] = [];
    const compared: number[] = [];
    for (let i = 0; i < COMPARISON_ROUNDS; i++) {
      const timePlain = async () => plain.push(await timed(session, url(window(i, 0))));
      const timeCompared = async () => compared.push(await timed(session, url(`${window(i, 1)}&${COMPARED}`)));
      if (i % 2 === 0) await timePlain().then(timeCompared);
      else await timeCompared().then(timePlain);
    }
    figures.push({ name, plain, compared });
  }
  return figures;
}

const COMPARISON_TARGET = 1.2;

/** Per size and call, the uncached p95 without and with last year, like for like, and their ratio; the worst ratio against the target. */
function comparisonTable(runs: { size: Size; comparisons: ComparisonFigures[] }[], log: (line: string) => void) {
  log(`${COMPARED} vs the same calls without, franchise-wide, 3-month windows, uncached p95 (target ratio <= ${COMPARISON_TARGET}):`);
  let worst = 0;
  for (const { size, comparisons } of runs) {
    for (const c of comparisons) {
      const [plain, compared] = [percentile(c.plain, 95), percentile(c.compared, 95)];
      worst = Math.max(worst, compared / plain);
      log(
        `  ${String(size.restaurants).padStart(4)} ${c.name.padEnd(18)} ${ms(plain)} -> ${ms(compared)} = ${(compared / plain).toFixed(2)}x`,
      );
    }
  }
  log(`  worst p95 ratio: ${worst.toFixed(2)} (target <= ${COMPARISON_TARGET})`);
}

/** `npm run bench -- comparisons`: the comparison table alone, at every size on the embedded database. */
export async function comparisonsBench(log: (line: string) => void) {
  const runs: { size: Size; comparisons: ComparisonFigures[] }[] = [];
  for (const franchise of benchSizes().map((size) => embeddedFranchise(size, log))) {
    const server = await startServer({ dataDir: franchise.dataDir!, pollMs: 50 });
    try {
      const session = await signIn(server.url, franchise.account.email, franchise.account.password);
      runs.push({ size: franchise.size, comparisons: await comparisonTimings(session) });
    } finally {
      await stopServer(server.process);
    }
  }
  comparisonTable(runs, log);
}

/** The bench's sizes: BENCH_SIZES=<n>,<n> (restaurants) for smaller runs while developing; 50 and 200 by default. */
export function benchSizes(): Size[] {
  const sizes = (process.env.BENCH_SIZES ?? '50,200').split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`BENCH_SIZES must list whole numbers of restaurants, e.g. 50,200`);
  return sizes.map((restaurants) => ({ restaurants, days: DAYS }));
}

/** Every call of `franchise` timed through a real `npm start` on its database, and the load figures when `withLoad`. */
async function measure(franchise: LargeFranchise, withLoad: boolean) {
  const server = franchise.databaseUrl
    ? await startServer({ pollMs: 50, env: { DATABASE_URL: franchise.databaseUrl } })
    : await startServer({ dataDir: franchise.dataDir!, pollMs: 50 });
  try {
    const session = await signIn(server.url, franchise.account.email, franchise.account.password);
    const calls = await callTimings(session);
    if (!withLoad) return { calls };
    const load = {
      clients: await underLoad(session, 20, 10),
      dashboards: await underLoad(session, 120, 10),
      exports: await underExports(session, 10),
    };
    return { calls, load };
  } finally {
    await stopServer(server.process);
    if (franchise.databaseUrl) rmSync(server.dataDir, { recursive: true, force: true });
  }
}

const DASHBOARD_TARGET_MS = 50;
const LARGEST_TARGET_MS = 100;
const GROWTH_TARGET = 2;

/**
 * Each call's uncached and cached p50 / p95 at every size, and what it is judged by: at the smallest
 * size a dashboard call's uncached p95 against 50 ms; at the largest a dashboard or page call's
 * against 100 ms and against its p95 at the smallest size (cost must not grow with the branches).
 */
function callTable(runs: { size: Size; calls: CallFigures[] }[], log: (line: string) => void) {
  const [first, last] = [runs[0]!, runs.at(-1)!];
  const sizes = runs.map((r) => r.size.restaurants);
  log(
    `analytics at ${sizes.join(' and ')} restaurants × ${DAYS} days, 3-month window, through HTTP; uncached p50 / p95 | cached p95 per size, then p95 ratios (load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}):`,
  );
  for (const [i, c] of first.calls.entries()) {
    const at = runs.map((r) => r.calls[i]!);
    const p95 = at.map((a) => percentile(a.uncached, 95));
    const judged = c.dashboard || c.name.startsWith('page ');
    const ratios = [
      c.dashboard ? `p95(${sizes[0]}) / ${DASHBOARD_TARGET_MS} ms ${(p95[0]! / DASHBOARD_TARGET_MS).toFixed(2)}` : '',
      runs.length > 1 ? `p95(${sizes.at(-1)}) / p95(${sizes[0]}) ${(p95.at(-1)! / p95[0]!).toFixed(2)}${judged ? '' : ' (no target)'}` : '',
      runs.length > 1 && judged ? `p95(${sizes.at(-1)}) / ${LARGEST_TARGET_MS} ms ${(p95.at(-1)! / LARGEST_TARGET_MS).toFixed(2)}` : '',
    ].filter(Boolean);
    const figures = at.map((a, j) => `${sizes[j]}: ${ms(percentile(a.uncached, 50))} / ${ms(p95[j]!)} | ${ms(percentile(a.cached, 95))}`);
    log(`  ${c.scope.padEnd(9)} ${c.name.padEnd(17)} ${figures.join('   ')}   ${ratios.join('  ')}`);
  }
  const worst = (run: typeof first, pick: (c: CallFigures) => boolean) =>
    Math.max(...run.calls.filter(pick).map((c) => percentile(c.uncached, 95)));
  const dashboard = worst(first, (c) => c.dashboard);
  log(
    `  worst uncached p95 of the dashboard's calls at ${sizes[0]}: ${ms(dashboard)}, / ${DASHBOARD_TARGET_MS} ms = ${(dashboard / DASHBOARD_TARGET_MS).toFixed(2)} (target <= 1)`,
  );
  if (runs.length > 1) {
    const largest = worst(last, (c) => c.dashboard || c.name.startsWith('page '));
    const growth = Math.max(
      ...first.calls.map((c, i) =>
        c.dashboard || c.name.startsWith('page ') ? percentile(last.calls[i]!.uncached, 95) / percentile(c.uncached, 95) : 0,
      ),
    );
    log(
      `  worst uncached p95 of the dashboard's and pages' calls at ${sizes.at(-1)}: ${ms(largest)}, / ${LARGEST_TARGET_MS} ms = ${(largest / LARGEST_TARGET_MS).toFixed(2)} (target <= 1); worst p95(${sizes.at(-1)}) / p95(${sizes[0]}) = ${growth.toFixed(2)} (target <= ${GROWTH_TARGET}); exports have no target`,
    );
  }
}

/**
 * The analytics half: the call table at every size on the embedded database (and the load, the raw
 * rows and the exports at the smallest), or with `pg` (a PostgreSQL server's URL) the call table of
 * 50 restaurants on a database of that server.
 */
export async function analyticsBench(log: (line: string) => void, options: { pg?: string } = {}) {
  if (options.pg) {
    const size = { restaurants: 50, days: DAYS };
    const franchise = await postgresFranchise(options.pg, size, log);
    const { calls } = await measure(franchise, false);
    log(`on PostgreSQL (${new URL(options.pg).host}):`);
    callTable([{ size, calls }], log);
    return;
  }
  // Built first, so a build's minutes are not inside a measurement.
  const franchises = benchSizes().map((size) => embeddedFranchise(size, log));
  const smallest = franchises[0]!;
  const first = await measure(smallest, true);
  const runs = [{ size: smallest.size, calls: first.calls }];
  for (const franchise of franchises.slice(1)) runs.push({ size: franchise.size, calls: (await measure(franchise, false)).calls });
  const load = first.load!;
  const raw = await rawTimings(smallest.dataDir!, 5);

  log(`on the embedded database (PGlite):`);
  callTable(runs, log);
  log(
    `the same figures from raw rows vs from the rollups at ${smallest.size.restaurants} restaurants (franchise-wide, both in-process on one copy, no HTTP, uncached), p50:`,
  );
  for (const r of raw) {
    const api = runs[0]!.calls.find((c) => c.name === r.name && c.scope === 'franchise')!;
    const [rawMs, rollupMs] = [percentile(r.times, 50), percentile(r.rollup, 50)];
    log(
      `  ${r.name.padEnd(13)} raw ${ms(rawMs)}  rollups ${ms(rollupMs)}  = ${(rawMs / rollupMs).toFixed(0)}x (target >= 50x); raw / HTTP call ${(rawMs / percentile(api.uncached, 50)).toFixed(0)}x`,
    );
  }
  const e = load.exports;
  log(`at ${smallest.size.restaurants} restaurants:`);
  log(
    `${e.exports} revenue PDF exports, two at a time, in ${e.seconds.toFixed(1)} s: health p99 ${ms(e.health99)} over ${e.probes} probes (target < 50 ms), ${e.failures} failures`,
  );
  for (const [what, figures] of [
    ['20 concurrent clients (one request each in flight)', load.clients],
    ['20 whole dashboards (120 requests in flight)', load.dashboards],
  ] as const) {
    log(
      `${what} for 10 s: ${figures.rps.toFixed(0)} requests/s, p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)} (target < 100 ms), ${figures.errors} errors of ${figures.requests}; health p99 ${ms(figures.health99)} (target < 50 ms)`,
    );
  }
}
