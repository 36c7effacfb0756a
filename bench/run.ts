/**
 * `npm run bench`: sign-in page weight, login latency and cold start, measured against the real
 * `npm start` server on a throwaway DATA_DIR, then the analytics and the ingest halves. A benchmark,
 * not a test: it prints figures. `npm run bench -- ingest` (or `start`, `first-view`, `analytics`, `comparisons`, `targets`, `forecast`, `alert-preview`, `refile`) runs only those
 * parts; `npm run bench -- --pg` runs the analytics part against PostgreSQL (DATABASE_URL); `npm run bench -- --soak`
 * runs only the soak (SOAK_MINUTES, 10 by default).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { launchBrowser } from '../tests/e2e/support/browser-launch';
import { alertPreviewBench } from './alert-preview';
import { analyticsBench, comparisonsBench } from './analytics';
import { firstViewBench } from './first-view';
import { forecastBench } from './forecast';
import { ingestBench } from './ingest';
import { refileBench } from './refile';
import { soakBench } from './soak';
import { targetsBench } from './targets';
import { startServer, stopServer } from '../tests/e2e/support/server-process';

const kB = (n: number) => `${(n / 1024).toFixed(1)} KiB (${n} B)`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** JS and CSS on the wire (compressed) for the sign-in page, then for signing in and seeing the dashboard's cards. */
async function pageWeights(url: string) {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const requests: Promise<{ type: string; bytes: number }>[] = [];
    page.on('requestfinished', (req) => {
      requests.push(req.sizes().then((s) => ({ type: req.resourceType(), bytes: s.responseBodySize })));
    });
    const weigh = async () => {
      const all = await Promise.all(requests);
      const sum = (type: string) => all.filter((r) => r.type === type).reduce((n, r) => n + r.bytes, 0);
      return { js: sum('script'), css: sum('stylesheet'), files: all.filter((r) => r.type === 'script').length };
    };
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const signIn = await weigh();
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: /Data Analytics of Past/ }).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return { signIn, dashboard: await weigh() };
  } finally {
    await browser.close();
  }
}

async function loginLatency(url: string, rounds: number) {
  const body = JSON.stringify({ email: 'owner@example.com', password: 'demo-password' });
  const login: number[] = [];
  const ping: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    const res = await fetch(`${url}/api/v1/franchise/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    login.push(performance.now() - t);
    t = performance.now();
    await (await fetch(`${url}/api/v1/franchise/test`)).arrayBuffer();
    ping.push(performance.now() - t);
  }
  const digest = await hash('demo-password', { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const verifyTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await verify(digest, 'demo-password');
    verifyTimes.push(performance.now() - t);
  }
  return { login, ping, verify: verifyTimes };
}

/** The floor for a start: a bare Node process that imports PGlite, opens a copy of the same data and answers one query. */
async function bareOpen(dataDir: string): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'fc-bench-bare-'));
  cpSync(join(dataDir, 'pglite'), copy, { recursive: true });
  const script =
    "import { PGlite } from '@electric-sql/pglite'; const db = await PGlite.create(process.argv[1]); await db.query('select 1'); console.log('ready'); await db.close();";
  try {
    const t = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, copy], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`bare PGlite open exited with ${code}`)));
    });
    const elapsed = performance.now() - t;
    await new Promise((resolve) => child.once('exit', resolve));
    return elapsed;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

async function startBench() {
  const t0 = performance.now();
  const first = await startServer();
  const firstStart = performance.now() - t0;
  let weight;
  let latency;
  try {
    weight = await pageWeights(first.url);
    latency = await loginLatency(first.url, 100);
  } finally {
    await stopServer(first.process);
  }

  // Alternated, so both see the same machine load; polled every 10 ms. A start that had to rebuild
  // (a source was edited meanwhile) measures the build, not the start: it is left out and repeated.
  const cold: number[] = [];
  const direct: number[] = [];
  const bare: number[] = [];
  let rebuilt = 0;
  const timedStart = async (command?: [string, ...string[]]) => {
    const t = performance.now();
    const server = await startServer({ dataDir: first.dataDir, pollMs: 10, command });
    const elapsed = performance.now() - t;
    await stopServer(server.process);
    return { elapsed, rebuilt: /Building the console|Compiled the server/.test(server.output()) };
  };
  while (cold.length < 9) {
    if (rebuilt > 5) throw new Error('the sources keep changing: every start rebuilt the SPA or the server');
    const floor = await bareOpen(first.dataDir);
    const viaNpm = await timedStart();
    const withoutNpm = await timedStart([process.execPath, 'scripts/start.mjs']);
    if (viaNpm.rebuilt || withoutNpm.rebuilt) {
      rebuilt++;
      continue;
    }
    bare.push(floor);
    cold.push(viaNpm.elapsed);
    direct.push(withoutNpm.elapsed);
  }
  rmSync(first.dataDir, { recursive: true, force: true });

  const p50 = percentile(latency.login, 50);
  console.log(
    `sign-in page: JS ${kB(weight.signIn.js)} in ${weight.signIn.files} files, CSS ${kB(weight.signIn.css)} (bytes on the wire, compressed; target JS <= 110 KiB)`,
  );
  console.log(
    `sign-in + dashboard: JS ${kB(weight.dashboard.js)} in ${weight.dashboard.files} files, CSS ${kB(weight.dashboard.css)} (target JS <= 300 KiB)`,
  );
  console.log(`login latency (100 sequential): p50 ${ms(p50)}, p95 ${ms(percentile(latency.login, 95))}`);
  console.log(
    `  argon2id verify alone: p50 ${ms(percentile(latency.verify, 50))}; login / verify = ${(p50 / percentile(latency.verify, 50)).toFixed(2)}x`,
  );
  console.log(
    `  GET /franchise/test: p50 ${ms(percentile(latency.ping, 50))}; login / test = ${(p50 / percentile(latency.ping, 50)).toFixed(1)}x`,
  );
  console.log(`first start (build check, migrate, seed): ${ms(firstStart)}`);
  console.log(
    `cold start on existing data (npm start until the API answers): median ${ms(percentile(cold, 50))} of ${cold.map((c) => c.toFixed(0)).join(', ')} ms; first / cold = ${(firstStart / percentile(cold, 50)).toFixed(2)}x`,
  );
  console.log(
    `bare PGlite open of the same data (node + import + open + select 1): median ${ms(percentile(bare, 50))} of ${bare.map((b) => b.toFixed(0)).join(', ')} ms`,
  );
  console.log(`npm start / bare open = ${(percentile(cold, 50) / percentile(bare, 50)).toFixed(2)}x (target <= 1.5x)`);
  console.log(
    `  without npm (node scripts/start.mjs): median ${ms(percentile(direct, 50))}, ${(percentile(direct, 50) / percentile(bare, 50)).toFixed(2)}x the bare open; npm's own share ${ms(percentile(cold, 50) - percentile(direct, 50))}`,
  );
  if (rebuilt) console.log(`  (${rebuilt} start(s) left out: a source changed during the run and they rebuilt)`);
}

const PARTS = {
  start: startBench,
  'first-view': () => firstViewBench(console.log),
  analytics: () => analyticsBench(console.log),
  comparisons: () => comparisonsBench(console.log),
  forecast: () => forecastBench(console.log),
  ingest: () => ingestBench(console.log),
  refile: () => refileBench(console.log),
  targets: () => targetsBench(console.log),
  'alert-preview': () => alertPreviewBench(console.log),
};

/** `npm run bench -- --pg`: the parts that run against the PostgreSQL server of DATABASE_URL. */
const pgParts = (url: string) => ({ analytics: () => analyticsBench(console.log, { pg: url }) });

async function main() {
  if (process.argv.includes('--soak')) return soakBench(console.log);
  const asked = process.argv.slice(2).filter((arg) => arg !== '--pg');
  const pg = process.argv.includes('--pg');
  if (pg && !process.env.DATABASE_URL)
    throw new Error('npm run bench -- --pg needs DATABASE_URL=postgres://… (a role that may create databases)');
  const parts: Record<string, () => Promise<void>> = pg ? pgParts(process.env.DATABASE_URL!) : PARTS;
  const unknown = asked.filter((part) => !Object.hasOwn(parts, part));
  if (unknown.length > 0)
    throw new Error(`Unknown part ${unknown.join(', ')}: npm run bench [-- [--pg] ${Object.keys(parts).join(' | ')} ...]`);
  console.log('Franchise Console benchmark');
  for (const [part, run] of Object.entries(parts)) if (asked.length === 0 || asked.includes(part)) await run();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
