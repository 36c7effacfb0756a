import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { addDays } from '../../server/analytics/calendar';
import { rebuildRollups } from '../../server/analytics/rollups';
import { pgliteDatabase, type Db } from '../../server/db/database';
import { openEmbedded } from '../../server/db/pglite-thread.mjs';
import { waitForResetLink } from './support/outbox';
import { freePort, startServer, stopServer } from './support/server-process';

async function call(url: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api/v1/franchise${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: string; message: string; data: any } };
}

async function analytics(url: string, token: string, path: string) {
  const res = await fetch(`${url}/api/v1/franchise/analytics/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: any }).data;
}

/** What the revenue page shows of a window; the window itself names today, which may have moved on. */
const shown = ({ series, totals, previous_totals, franchise_summary, restaurants }: any) => ({
  series,
  totals,
  previous_totals,
  franchise_summary,
  restaurants,
});

/** The stopped server's embedded database, opened by the test as the next process would. */
async function withDatabase<T>(dataDir: string, use: (db: Db) => Promise<T>): Promise<T> {
  const db = pgliteDatabase(openEmbedded(dataDir));
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** Removes a franchise's trade from `day` on (its own calendar), raw rows and rollups alike, as if the server had been off since. */
async function dropTradeFrom(db: Db, email: string, day: string): Promise<number> {
  const { rows } = await sql<{ orders: number }>`
    with f as (select f.id, f.time_zone from franchises f join franchise_users u on u.franchise_id = f.id where u.email = ${email}),
      r as (select id from restaurants where franchise_id = (select id from f)),
      shifts as (delete from staff_shifts where restaurant_id in (select id from r) and day >= ${day}::date),
      purchases as (delete from purchase_lines where restaurant_id in (select id from r) and day >= ${day}::date),
      orders as (delete from orders where restaurant_id in (select id from r)
        and (placed_at at time zone (select time_zone from f))::date >= ${day}::date returning 1)
    select count(*)::int as orders from orders`.execute(db);
  await rebuildRollups(db, { check: false });
  return rows[0]!.orders;
}

describe('operating the server (npm start)', () => {
  it('refuses a second process on the same DATA_DIR, shuts down cleanly on Ctrl-C, keeps data on restart and tops the demo trade up to now', async () => {
    let [yesterday, asked, expected] = ['', '', undefined as unknown];
    const first = await startServer();
    try {
      const second = spawnSync('npm', ['start', '--silent'], {
        env: { ...process.env, DATA_DIR: first.dataDir, PORT: '0', HOST: '127.0.0.1' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(second.status).not.toBe(0);
      expect(`${second.stdout}${second.stderr}`).toMatch(/Another Franchise Console process/);

      // Printed once the server answers, so possibly just after the first answer.
      await expect.poll(() => first.output(), { timeout: 10_000 }).toContain('owner@example.com');
      expect((await call(first.url, '/password/forgot', { email: 'owner@example.com' })).status).toBe(200);
      const token = new URL(await waitForResetLink(first.dataDir)).searchParams.get('token');
      const reset = await call(first.url, '/password/reset', {
        token,
        password: 'kept-after-restart',
        password_confirmation: 'kept-after-restart',
      });
      expect(reset.status).toBe(200);

      const signedIn = (await call(first.url, '/login', { email: 'owner@example.com', password: 'kept-after-restart' })).body.data
        .access_token as string;
      yesterday = (await analytics(first.url, signedIn, 'revenues')).window.end_date;
      asked = `revenues?period=daily&start_date=${addDays(yesterday, -6)}&end_date=${yesterday}`;
      expected = shown(await analytics(first.url, signedIn, asked));
    } finally {
      expect(await stopServer(first.process)).toBe(0);
    }

    // As if the server had been off since three days before yesterday: the next start puts that trade back, the same.
    const dropped = await withDatabase(first.dataDir, (db) => dropTradeFrom(db, 'owner@example.com', addDays(yesterday, -2)));
    expect(dropped).toBeGreaterThan(0);

    const again = await startServer({ dataDir: first.dataDir });
    try {
      expect((await call(again.url, '/login', { email: 'owner@example.com', password: 'demo-password' })).status).toBe(401);
      const login = await call(again.url, '/login', { email: 'owner@example.com', password: 'kept-after-restart' });
      expect(login.status).toBe(200);
      expect(login.body.data.access_token).toBeTruthy();

      await expect.poll(() => again.output(), { timeout: 60_000, interval: 250 }).toMatch(/Demo trade topped up to now: \d+ day/);
      expect(shown(await analytics(again.url, login.body.data.access_token, asked))).toEqual(expected);
    } finally {
      expect(await stopServer(again.process)).toBe(0);
    }
    expect((await withDatabase(first.dataDir, (db) => rebuildRollups(db, { check: true }))).differing).toBe(0);
  }, 240_000);
});

describe('stopping npm start while it starts', () => {
  it('answers waiting requests 503, exits 0 mid back-fill, releases DATA_DIR, and the next start answers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-e2e-stop-'));
    const port = await freePort();
    let log = '';
    const child = spawn('npm', ['start', '--silent'], {
      detached: true,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await expect.poll(() => log, { timeout: 120_000, interval: 100 }).toMatch(/Generating demo trade: \d+\/\d+ days/);
    const waiting = fetch(`http://127.0.0.1:${port}/api/v1/franchise/test`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    process.kill(-child.pid!, 'SIGINT');
    const res = await waiting;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'error', message: 'The server is shutting down' });
    expect(await exited).toBe(0);
    expect(log).not.toMatch(/Franchise Console is running at/);

    const again = await startServer({ dataDir });
    try {
      expect((await call(again.url, '/login', { email: 'owner@example.com', password: 'demo-password' })).status).toBe(200);
    } finally {
      expect(await stopServer(again.process)).toBe(0);
    }
  }, 240_000);
});

describe('the built console that npm start serves', () => {
  it('is a compressed, cacheable production build (even when started from a test runner)', async () => {
    const base = inject('baseURL');
    const index = await fetch(`${base}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const assets = [...html.matchAll(/\/assets\/[^"]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(1);
    // Vite names the chunk after React's development JSX runtime when it bundles a development build.
    expect(assets.filter((a) => /development|jsx-dev-runtime/.test(a))).toEqual([]);
    for (const asset of assets) {
      const res = await fetch(`${base}${asset}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (Number(res.headers.get('content-length') ?? 2000) > 1024) expect(res.headers.get('content-encoding')).toBe('br');
    }
    // The build leaves its source hash in dist/.build-hash: never served, nor replaced by the page.
    const hidden = await fetch(`${base}/.build-hash`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ status: 'error', message: 'Not found' });
  });
});
