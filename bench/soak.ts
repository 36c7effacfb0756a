/**
 * `npm run bench -- --soak`: one real `npm start` server on a copy of the 50-branch franchise (the demo
 * database when that copy is not built) under a fixed-rate mix of whole dashboards, page reports,
 * exports and ingest batches for SOAK_MINUTES (10 by default). Prints a per-minute table of requests,
 * errors, p50 / p99 and the server's RSS, judges errors, RSS growth and p99 drift, and writes a chart
 * to bench-results/.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ANALYTICS_PAGES, EXPORT_FORMATS } from '@contract/page-reports.contract';
import { DEMO_MENU } from '../server/analytics/demo/catalogue';
import { startServer, stopServer } from '../tests/e2e/support/server-process';
import { cardPath, percentile } from './analytics';
import { CARD_KINDS } from '../src/machines/support/dashboard-calls';
import { CACHE_ROOT, generatorKey, type Account } from './large-franchise';
import { soakChart, type MinuteFigures } from './soak-chart';

const RANGES = ['7days', '14days', '1month', '3months'] as const;
/** The load, each issued on its own clock whether or not the last one was answered (open loop). */
const EVERY_MS = { dashboard: 1500, page: 1000, export: 4000, ingest: 3000 };
const INGEST_BATCH = 200;
const RSS_SAMPLE_MS = 5000;
const DEMO_OWNER: Account = { email: 'owner@example.com', password: 'demo-password' };
const MINUTE_MS = 60_000;

type Kind = 'card' | 'page' | 'export' | 'ingest';
type Call = { at: number; kind: Kind; ms: number; ok: boolean };
type RssSample = { at: number; serverKb: number; treeKb: number };

/** The large franchise's DATA_DIR copied to a temp dir (ingest writes to it; the kept copy stays pristine), or null when not built. */
function largeFranchiseCopy(): { dataDir: string; account: Account } | null {
  const kept = join(CACHE_ROOT, `large-50x730-${generatorKey()}`);
  if (!existsSync(join(kept, 'account.json'))) return null;
  const dataDir = mkdtempSync(join(tmpdir(), 'fc-bench-soak-'));
  cpSync(kept, dataDir, { recursive: true });
  return { dataDir, account: JSON.parse(readFileSync(join(kept, 'account.json'), 'utf8')) as Account };
}

/** RSS of `root`'s process tree: the largest node process in it (the server; npm and sh are small) and the sum of all. */
function treeRss(root: number): { serverKb: number; treeKb: number } {
  const rows = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, rss, comm]) => ({ pid: Number(pid), ppid: Number(ppid), rss: Number(rss), comm: comm ?? '' }));
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows)
      if (tree.has(row.ppid) && !tree.has(row.pid)) {
        tree.add(row.pid);
        grew = true;
      }
  }
  const members = rows.filter((row) => tree.has(row.pid));
  const nodes = members.filter((row) => row.comm === 'node');
  return { serverKb: Math.max(0, ...nodes.map((row) => row.rss)), treeKb: members.reduce((n, row) => n + row.rss, 0) };
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)]!;

/** A range of the dashboard's, or one time in five a custom window of 1 to 3 months somewhere in the last two years (uncached). */
function rangeQuery(): string {
  if (Math.random() >= 0.2) return `period=${pick(RANGES)}`;
  const end = Date.now() - (2 + Math.floor(Math.random() * 600)) * 86_400_000;
  const start = end - (28 + Math.floor(Math.random() * 62)) * 86_400_000;
  return `period=daily&start_date=${isoDay(start)}&end_date=${isoDay(end)}`;
}

/** A batch of POS orders placed in the last hour, each with its own external id. */
function ordersBody(restaurants: number[], first: number): string {
  const orders = Array.from({ length: INGEST_BATCH }, (_, i) => {
    const lines = Array.from({ length: 1 + Math.floor(Math.random() * 4) }, () => {
      const item = pick(DEMO_MENU);
      return { sku: item.sku, quantity: 1, amount_cents: item.priceCents };
    });
    const total = lines.reduce((n, l) => n + l.amount_cents, 0);
    return {
      external_id: `SOAK-${first + i}`,
      restaurant_id: pick(restaurants),
      placed_at: new Date(Date.now() - Math.floor(Math.random() * 3_600_000)).toISOString(),
      channel: Math.random() < 0.6 ? 'dine_in' : 'takeaway',
      source: 'pos',
      guests: 1 + Math.floor(Math.random() * 4),
      customer_ref: null,
      status: 'completed',
      lines,
      payments: [{ method: 'card', amount_cents: total }],
    };
  });
  return JSON.stringify({ orders });
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(8);

export async function soakBench(log: (line: string) => void) {
  const minutes = Number(process.env.SOAK_MINUTES ?? 10);
  if (!Number.isInteger(minutes) || minutes < 2) throw new Error('SOAK_MINUTES must be a whole number of minutes, at least 2');
  const large = largeFranchiseCopy();
  const server = large ? await startServer({ dataDir: large.dataDir, pollMs: 50 }) : await startServer({ pollMs: 50 });
  const account = large?.account ?? DEMO_OWNER;
  const database = large
    ? 'a copy of the 50-branch franchise (50 restaurants × 730 days)'
    : 'the demo database (the large franchise is not built)';
  const calls: Call[] = [];
  const rss: RssSample[] = [];
  const failures: string[] = [];
  let skippedExports = 0;
  try {
    const api = `${server.url}/api/v1`;
    const token = (await json<{ access_token: string }>(`${api}/franchise/login`, { method: 'POST', body: JSON.stringify(account) }))
      .access_token;
    const auth = { authorization: `Bearer ${token}` };
    const restaurants = (await json<{ id: number }[]>(`${api}/franchise/restaurants`, { headers: auth })).map((r) => r.id);
    const key = (
      await json<{ secret: string }>(`${api}/franchise/api-keys`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Soak POS', restaurant_id: null }),
      })
    ).secret;
    log(`soak: ${minutes} minutes on ${database}, server pid tree of ${server.process.pid}`);

    const t0 = performance.now();
    const inFlight = new Set<Promise<void>>();
    const call = (kind: Kind, path: string, init: RequestInit = {}) => {
      const at = performance.now() - t0;
      const done = fetch(`${api}/${path}`, { ...init, headers: { ...auth, ...init.headers } })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status >= 300) failures.push(`${res.status} ${kind} ${path.slice(0, 120)}`);
          calls.push({ at, kind, ms: performance.now() - t0 - at, ok: res.status < 300 });
        })
        .catch((err: unknown) => {
          failures.push(`${kind} ${path.slice(0, 120)}: ${String(err)}`);
          calls.push({ at, kind, ms: performance.now() - t0 - at, ok: false });
        });
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
      return done;
    };
    const scope = () => (Math.random() < 0.5 ? 'analytics' : `restaurants/${pick(restaurants)}/analytics`);
    let exporting = false;
    let exports = 0;
    let ingested = 0;
    const timers = [
      setInterval(() => {
        const [prefix, query] = [scope(), rangeQuery()];
        for (const kind of CARD_KINDS) void call('card', `franchise/${prefix}/${cardPath(kind, query)}`);
      }, EVERY_MS.dashboard),
      setInterval(() => void call('page', `franchise/${scope()}/pages/${pick(ANALYTICS_PAGES)}?${rangeQuery()}`), EVERY_MS.page),
      // One export at a time: the same user may run two, so the limit is never what answers.
      setInterval(() => {
        if (exporting) return void skippedExports++;
        exporting = true;
        const format = EXPORT_FORMATS[exports++ % EXPORT_FORMATS.length]!;
        const path = `franchise/${scope()}/pages/${pick(ANALYTICS_PAGES)}/export?format=${format}&${rangeQuery()}`;
        void call('export', path).finally(() => (exporting = false));
      }, EVERY_MS.export),
      setInterval(() => {
        const body = ordersBody(restaurants, ingested);
        ingested += INGEST_BATCH;
        void call('ingest', 'ingest/orders', {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
      }, EVERY_MS.ingest),
      setInterval(() => rss.push({ at: performance.now() - t0, ...treeRss(server.process.pid!) }), RSS_SAMPLE_MS),
      setInterval(() => {
        const minute = Math.round((performance.now() - t0) / MINUTE_MS);
        log(`  minute ${minute} done: ${calls.length} calls answered, ${failures.length} errors so far`);
      }, MINUTE_MS),
    ];
    await new Promise((r) => setTimeout(r, minutes * MINUTE_MS));
    for (const timer of timers) clearInterval(timer);
    await Promise.all(inFlight);
  } finally {
    await stopServer(server.process);
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  report(log, { minutes, database, calls, rss, failures, skippedExports });
}

function report(
  log: (line: string) => void,
  run: { minutes: number; database: string; calls: Call[]; rss: RssSample[]; failures: string[]; skippedExports: number },
) {
  const { minutes, calls, rss, failures } = run;
  const inMinute = <T extends { at: number }>(rows: T[], m: number) =>
    rows.filter((r) => r.at >= (m - 1) * MINUTE_MS && r.at < m * MINUTE_MS);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const p99Of = (rows: Call[], kind: Kind) => {
    const times = rows.filter((c) => c.kind === kind).map((c) => c.ms);
    return times.length ? percentile(times, 99) : 0;
  };
  const rows: (MinuteFigures & { byKind: number[] })[] = Array.from({ length: minutes }, (_, i) => {
    const mine = inMinute(calls, i + 1);
    const samples = inMinute(rss, i + 1);
    const times = mine.map((c) => c.ms);
    return {
      minute: i + 1,
      requests: mine.length,
      errors: mine.filter((c) => !c.ok).length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      rssMb: mean(samples.map((s) => s.serverKb)) / 1024,
      treeMb: mean(samples.map((s) => s.treeKb)) / 1024,
      byKind: (['card', 'page', 'export', 'ingest'] as const).map((kind) => p99Of(mine, kind)),
    };
  });
  log(
    `  load: a whole dashboard (6 cards) every ${EVERY_MS.dashboard} ms, a page report every ${EVERY_MS.page} ms, an export (CSV / PDF in turn, one at a time) every ${EVERY_MS.export} ms, a ${INGEST_BATCH}-order ingest batch every ${EVERY_MS.ingest} ms; franchise or a random branch, the four ranges or a custom window`,
  );
  log(`  RSS: the server's node process (mean of its ${RSS_SAMPLE_MS / 1000}-s samples in the minute); tree = npm + sh + node summed`);
  log(`  minute requests   errors   p50 ms   p99 ms   RSS MB  tree MB | p99 ms: cards    pages  exports   ingest`);
  for (const r of rows)
    log(
      `  ${String(r.minute).padStart(6)} ${fmt(r.requests)} ${fmt(r.errors)} ${fmt(r.p50, 1)} ${fmt(r.p99, 1)} ${fmt(r.rssMb, 1)} ${fmt(r.treeMb, 1)} |        ${r.byKind.map((v) => fmt(v, 1)).join(' ')}`,
    );
  const second = rows[1]!;
  const last = rows[rows.length - 1]!;
  const errors = calls.filter((c) => !c.ok).length;
  const rssRatio = last.rssMb / second.rssMb;
  const p99Ratio = last.p99 / second.p99;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  log(
    `  ${calls.length} calls, ${errors} errors${failures.length ? ` (${[...new Set(failures)].slice(0, 5).join('; ')})` : ''}: ${verdict(errors === 0)} (target 0)`,
  );
  log(
    `  RSS minute ${last.minute} / minute 2 = ${last.rssMb.toFixed(1)} / ${second.rssMb.toFixed(1)} MB = ${rssRatio.toFixed(3)}: ${verdict(rssRatio <= 1.1)} (target <= 1.10)`,
  );
  log(
    `  p99 minute ${last.minute} / minute 2 = ${last.p99.toFixed(1)} / ${second.p99.toFixed(1)} ms = ${p99Ratio.toFixed(2)}x: ${verdict(p99Ratio <= 1.2)} (target <= 1.2x)`,
  );
  if (run.skippedExports) log(`  (${run.skippedExports} export ticks skipped: the previous export was still running)`);
  const dir = resolve('bench-results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.svg`);
  writeFileSync(file, soakChart(rows, `Soak, ${minutes} min on ${run.database}`));
  log(`  chart: ${file}`);
}
