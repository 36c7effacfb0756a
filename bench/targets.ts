/**
 * `npm run bench -- targets`: a month's targets of every branch (31 × 200 ≈ 6,200 rows) sent through the
 * console's import (`POST /franchise/import/targets`) in calls of 1000 as the import sends them, and the
 * targets analytics call's p95, on the bench's large franchises (BENCH_SIZES, 50 and 200 branches).
 * Targets: the import ≤ 5 s, the call's p95 ≤ 50 ms at 200 branches. Then every branch's labour cost target
 * over the Labour Plan's days, and the Productivity page's uncached p95 (≤ 100 ms, growth ≤ 2), also right after a
 * write, when its plan (the forecast of every branch) is computed again.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { MAX_RECORDS_PER_CALL } from '@contract/ingest.contract';
import { monthDays } from '@contract/targets.contract';
import { LABOUR_PLAN_DAYS } from '../server/analytics/forecast/labour-plan';
import { startServer, stopServer } from '../tests/e2e/support/server-process';
import { benchSizes, percentile } from './analytics';
import { embeddedFranchise, signInOwner } from './large-franchise';

const ROUNDS = 100;
const WRITE_ROUNDS = 20;
const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function targetsBench(log: (line: string) => void) {
  const p95s: number[] = [];
  const rosterP95s: number[] = [];
  for (const franchise of benchSizes().map((size) => embeddedFranchise(size, log))) {
    // A copy: the kept franchise stays without targets for the other parts.
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-targets-'));
    cpSync(franchise.dataDir!, dataDir, { recursive: true });
    const server = await startServer({ dataDir, pollMs: 50 });
    try {
      const api = `${server.url}/api/v1/franchise`;
      const { token } = await signInOwner(server.url, franchise.account);
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const branches = ((await (await fetch(`${api}/restaurants`, { headers })).json()) as { data: { id: number }[] }).data;
      const today = new Date();
      const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
      const rows = branches.flatMap(({ id }) =>
        monthDays(month).map((day, i) => ({ restaurant_id: id, day, revenue_cents: 400_000 + i * 1000, labour_cost_pct: 28.5 })),
      );
      // As the import sends them: calls of MAX_RECORDS_PER_CALL rows.
      const importTargets = async (targets: typeof rows) => {
        for (let i = 0; i < targets.length; i += MAX_RECORDS_PER_CALL) {
          const res = await fetch(`${api}/import/targets`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ targets: targets.slice(i, i + MAX_RECORDS_PER_CALL) }),
          });
          if (res.status !== 200) throw new Error(`import/targets answered ${res.status}: ${await res.text()}`);
        }
      };
      const started = performance.now();
      await importTargets(rows);
      const imported = performance.now() - started;
      const call = async (start: string, end: string) => {
        const t = performance.now();
        const res = await fetch(`${api}/analytics/targets?period=weekly&start_date=${start}&end_date=${end}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`analytics/targets answered ${res.status}`);
        return performance.now() - t;
      };
      const day = (offset: number) =>
        new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset)).toISOString().slice(0, 10);
      // Each round a window of its own, four months to the end of next month, so each is a new cache key and computed.
      const end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 0)).toISOString().slice(0, 10);
      await call(day(-121 - ROUNDS), end);
      const uncached: number[] = [];
      for (let i = 0; i < ROUNDS; i++) uncached.push(await call(day(-120 - i), end));
      const cached: number[] = [];
      for (let i = 0; i < ROUNDS; i++) cached.push(await call(day(-120), end));
      log(
        `targets at ${branches.length} restaurants: import of ${rows.length} rows ${ms(imported)} (target ≤ 5000 ms); ` +
          `analytics/targets uncached p50 ${ms(percentile(uncached, 50))}, p95 ${ms(percentile(uncached, 95))} (target ≤ 50 ms), cached p95 ${ms(percentile(cached, 95))}`,
      );
      p95s.push(percentile(uncached, 95));
      // The Productivity page forecasts every branch for its Labour Plan once a labour cost target falls in the plan's days.
      const planned = branches.flatMap(({ id }) =>
        Array.from({ length: LABOUR_PLAN_DAYS + 3 }, (_, i) => ({
          restaurant_id: id,
          day: day(i - 1),
          revenue_cents: 400_000,
          labour_cost_pct: 28.5,
        })),
      );
      await importTargets(planned);
      const page = async (start: string) => {
        const t = performance.now();
        const res = await fetch(`${api}/analytics/pages/roster?period=monthly&start_date=${start}&end_date=${day(-2)}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`analytics/pages/roster answered ${res.status}`);
        return performance.now() - t;
      };
      await page(day(-91 - ROUNDS));
      const roster: number[] = [];
      for (let i = 0; i < ROUNDS; i++) roster.push(await page(day(-90 - i)));
      // After a write the plan is computed again: a target changed, then the page of another window.
      const afterWrite: number[] = [];
      for (let i = 0; i < WRITE_ROUNDS; i++) {
        await importTargets([{ ...planned[0]!, labour_cost_pct: 28 + (i % 2) }]);
        afterWrite.push(await page(day(-90 - ROUNDS - 2 - i)));
      }
      log(
        `  the Productivity page with every branch's labour cost target in its Labour Plan: uncached p50 ${ms(percentile(roster, 50))}, p95 ${ms(percentile(roster, 95))} (target ≤ 100 ms); ` +
          `right after a write, its plan computed again, p50 ${ms(percentile(afterWrite, 50))}, p95 ${ms(percentile(afterWrite, 95))}`,
      );
      rosterP95s.push(percentile(roster, 95));
    } finally {
      await stopServer(server.process);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (p95s.length > 1)
    log(
      `  analytics/targets p95(${benchSizes().at(-1)!.restaurants}) / p95(${benchSizes()[0]!.restaurants}) = ${(p95s.at(-1)! / p95s[0]!).toFixed(2)}; ` +
        `the Productivity page with labour targets ${(rosterP95s.at(-1)! / rosterP95s[0]!).toFixed(2)} (target ≤ 2)`,
    );
}
