/**
 * The ingest half of `npm run bench`: 1000-order batches through `POST /api/v1/ingest/orders` of a real
 * `npm start` server (one client sequentially, then two in flight), beside the same batches written
 * in-process (no HTTP) and the demo generator's own write rate; the console's calls during the flood
 * and without it; resending a batch unchanged and changed; a 100,000-line orders CSV through the Data
 * Import page in Chromium.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { apiKeyActor } from '../server/activity/activity.repository';
import { dayIn } from '../server/analytics/calendar';
import { DEMO_MENU } from '../server/analytics/demo/catalogue';
import { prepareDemoFranchise, writeTrade } from '../server/analytics/demo/write';
import { ordersBody } from '@contract/ingest.contract';
import { openDatabase, type Db } from '../server/db/database';
import { LARGE_FRANCHISE, seedLargeFranchise } from '../server/db/seed';
import { ingestOrders, type IngestScope } from '../server/ingest/ingest.service';
import { launchBrowser } from '../tests/e2e/support/browser-launch';
import { startServer, stopServer } from '../tests/e2e/support/server-process';
import { percentile } from './analytics';
import { DAY_MS } from '@contract/calendar-day';

const BATCH = 1000;
/** Batches timed without console calls alongside, one client then two in flight; then each again with the console's calls. */
const TIMED_BATCHES = 100;
const PROBED_BATCHES = 60;
/** A smaller batch a sender may choose: a shorter transaction for the console's calls to wait behind. */
const SMALL_BATCH = 250;
const WARM_UP_BATCHES = 5;
const RESENT_BATCHES = 10;
const CUSTOMER_POOL = 20_000;
/** Orders a day franchise-wide in the generated feed: the flood covers about half a year of trade. */
const ORDERS_PER_DAY = 2000;
/** The demo generator's reference: a fresh franchise of this many branches back-filled over this many days. */
const GENERATOR = { restaurants: 50, days: 60 };
const CSV_LINES = 100_000;
/** The console calls issued during the flood, one every PROBE_INTERVAL_MS, in turn. */
const PROBE_INTERVAL_MS = 50;
const DEMO_OWNER = { email: 'owner@example.com', password: 'demo-password' };

const ms = (n: number) => `${n.toFixed(1)} ms`;
const perSecond = (orders: number, millis: number) => Math.round((orders * 1000) / millis);
const rate = (n: number) => `${n.toLocaleString('en-AU')} orders/s`;

type Line = { sku: string; quantity: number; amount_cents: number };
type Payment = { method: 'card' | 'cash' | 'app'; amount_cents: number };
type OrderBody = {
  external_id: string;
  restaurant_id: number;
  placed_at: string;
  channel: 'dine_in' | 'takeaway';
  source: 'pos' | 'app';
  guests: number;
  customer_ref: string | null;
  status: 'completed' | 'voided';
  lines: Line[];
  payments: Payment[];
};
type Counts = { created: number; updated: number; unchanged: number };

/** RFC 3339 at +10:00, as an Australian POS exports it. */
const withOffset = (at: number) => `${new Date(at + 10 * 3_600_000).toISOString().slice(0, 19)}+10:00`;
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/**
 * A POS feed in time order: 1 to 5 lines (3 on average) of the demo menu, dine-in and takeaway, POS and
 * app, customers by their loyalty or app reference (regulars come back most), split bills, 2 % voids.
 */
function feed(restaurants: number[], prefix: string, firstAt: number) {
  let n = 0;
  const order = (): OrderBody => {
    const at = firstAt + Math.floor((n * DAY_MS) / ORDERS_PER_DAY);
    const channel = Math.random() < 0.6 ? 'dine_in' : 'takeaway';
    const source = Math.random() < (channel === 'takeaway' ? 0.45 : 0.12) ? 'app' : 'pos';
    const guests = channel === 'dine_in' ? between(1, 6) : between(1, 2);
    const identified = Math.random() < (source === 'app' ? 0.85 : 0.3);
    const lines = Array.from({ length: between(1, 5) }, () => {
      const item = DEMO_MENU[Math.floor(Math.random() * DEMO_MENU.length)]!;
      const quantity = between(1, 3);
      return { sku: item.sku, quantity, amount_cents: item.priceCents * quantity };
    });
    const total = lines.reduce((s, l) => s + l.amount_cents, 0);
    const voided = Math.random() < 0.02;
    let payments: Payment[];
    if (voided) payments = [];
    else if (source === 'app') payments = [{ method: 'app', amount_cents: total }];
    else if (channel === 'dine_in' && guests >= 2 && Math.random() < 0.12) {
      const parts = Math.min(guests, between(2, 3));
      const share = Math.floor(total / parts);
      payments = Array.from({ length: parts }, (_, i) => ({
        method: Math.random() < 0.8 ? 'card' : 'cash',
        amount_cents: i === parts - 1 ? total - share * (parts - 1) : share,
      }));
    } else payments = [{ method: Math.random() < 0.78 ? 'card' : 'cash', amount_cents: total }];
    return {
      external_id: `${prefix}-${n++}`,
      restaurant_id: restaurants[n % restaurants.length]!,
      placed_at: withOffset(at),
      channel,
      source,
      guests,
      customer_ref: identified ? `LOYALTY-${Math.floor(CUSTOMER_POOL * Math.random() ** 2)}` : null,
      status: voided ? 'voided' : 'completed',
      lines,
      payments,
    };
  };
  return { batch: (size = BATCH) => Array.from({ length: size }, order) };
}

/** Every order of a batch corrected: its first line 1.00 dearer, paid so (a void stays void). */
const corrected = (orders: OrderBody[]): OrderBody[] =>
  orders.map((o) => ({
    ...o,
    lines: o.lines.map((l, i) => (i === 0 ? { ...l, amount_cents: l.amount_cents + 100 } : l)),
    payments: o.payments.map((p, i) => (i === o.payments.length - 1 ? { ...p, amount_cents: p.amount_cents + 100 } : p)),
  }));

const bodyOf = (orders: OrderBody[]) => JSON.stringify({ orders });
const acknowledged = (c: Counts) => c.created + c.updated + c.unchanged;

async function postOrders(url: string, key: string, body: string): Promise<Counts> {
  const res = await fetch(`${url}/api/v1/ingest/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /ingest/orders answered ${res.status}: ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: Counts }).data;
}

type Sent = { millis: number; counts: Counts; calls: number[] };

/** Sends the bodies with `inFlight` calls at a time, each sender taking the next body when its call is answered. */
async function send(url: string, key: string, bodies: string[], inFlight: number): Promise<Sent> {
  const counts: Counts = { created: 0, updated: 0, unchanged: 0 };
  const calls: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const t = performance.now();
        const written = await postOrders(url, key, body);
        calls.push(performance.now() - t);
        counts.created += written.created;
        counts.updated += written.updated;
        counts.unchanged += written.unchanged;
      }
    }),
  );
  return { millis: performance.now() - started, counts, calls };
}

/**
 * The console's calls at a steady rate (open loop: one is issued every interval whether or not the last
 * was answered, so a slow answer cannot hold the next back and hide itself), until told to stop.
 */
const CONSOLE_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, paths, interval } = workerData;
const times = [];
const errors = [];
let pending = 0;
let stopping = false;
let n = 0;
const started = performance.now();
const issue = async (path) => {
  pending++;
  const t = performance.now();
  try {
    const res = await fetch(url + '/api/v1/franchise/' + path, { headers: { authorization: 'Bearer ' + token, 'accept-encoding': 'gzip, deflate, br' } });
    await res.arrayBuffer();
    if (res.status !== 200) errors.push(path + ' answered ' + res.status);
  } catch (error) {
    errors.push(path + ': ' + error.message);
  }
  times.push(performance.now() - t);
  pending--;
  if (stopping && pending === 0) parentPort.postMessage({ times, errors });
};
const tick = () => {
  if (stopping) return;
  issue(paths[n % paths.length]);
  n++;
  setTimeout(tick, Math.max(0, started + n * interval - performance.now()));
};
parentPort.on('message', () => {
  stopping = true;
  if (pending === 0) parentPort.postMessage({ times, errors });
});
tick();
`;

type Probed = { times: number[]; errors: string[] };

function consoleProbe(url: string, token: string, branch: number): { stop: () => Promise<Probed> } {
  const paths = [
    'analytics/revenues?period=7days',
    'restaurants',
    'analytics/orders?period=14days',
    'analytics/best-sellers?period=1month',
    `restaurants/${branch}/analytics/revenues?period=1month`,
    'analytics/headcounts?period=3months',
    'analytics/pages/revenue?period=7days',
    'analytics/roster?period=7days',
  ];
  const worker = new Worker(CONSOLE_PROBE, { eval: true, workerData: { url, token, paths, interval: PROBE_INTERVAL_MS } });
  const done = new Promise<Probed>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

/** Runs `work` with the console probe alongside, from just before it starts until it ends. */
async function probed<T>(url: string, token: string, branch: number, work: () => Promise<T>): Promise<[T, Probed]> {
  const probe = consoleProbe(url, token, branch);
  try {
    const result = await work();
    return [result, await probe.stop()];
  } catch (error) {
    await probe.stop();
    throw error;
  }
}

async function api<T>(url: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${url}/api/v1/${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Each batch as the server takes it, in this process on the database thread the server uses: JSON, zod, then the write. */
async function inProcessBatches(db: Db, bodies: string[]) {
  const franchise = await db
    .selectFrom('franchises')
    .innerJoin('franchise_users', 'franchise_users.franchise_id', 'franchises.id')
    .select('franchises.id')
    .where('franchise_users.email', '=', DEMO_OWNER.email)
    .executeTakeFirstOrThrow();
  // Recorded in the activity log like an ingest call's batch, so the comparison with HTTP stays fair.
  const scope: IngestScope = {
    franchiseId: franchise.id,
    restaurantId: null,
    actor: apiKeyActor({ name: 'bench' }),
    via: 'ingest',
    sender: null,
  };
  const parse: number[] = [];
  const validate: number[] = [];
  const write: number[] = [];
  let orders = 0;
  const started = performance.now();
  for (const body of bodies) {
    let t = performance.now();
    const json: unknown = JSON.parse(body);
    parse.push(performance.now() - t);
    t = performance.now();
    const records = ordersBody.parse(json).orders;
    validate.push(performance.now() - t);
    t = performance.now();
    orders += acknowledged(await ingestOrders(db, scope, records, Date.now()));
    write.push(performance.now() - t);
  }
  return { millis: performance.now() - started, orders, parse, validate, write };
}

/**
 * The demo generator's write rate: a fresh franchise (the benchmark franchise's shape) with one day of
 * trade, then writeTrade continuing it over GENERATOR.days days, as `npm run seed` does (shifts and
 * purchases of each day included, batches of days per transaction).
 */
async function generatorRate(db: Db) {
  const now = Date.now();
  const from = new Date(now - GENERATOR.days * DAY_MS);
  await seedLargeFranchise(db, { restaurants: GENERATOR.restaurants, days: 1, now: from });
  const { id } = await db.selectFrom('franchises').select('id').where('name', '=', LARGE_FRANCHISE.name).executeTakeFirstOrThrow();
  const franchise = await prepareDemoFranchise(db, id, { customers: 300 * GENERATOR.restaurants });
  let transactions = 0;
  const started = performance.now();
  const { orders } = await writeTrade(
    db,
    20_261_123,
    franchise,
    { firstDay: dayIn(franchise.timeZone, from), after: from, until: new Date(now) },
    { daysPerBatch: Math.max(1, Math.floor(700 / GENERATOR.restaurants)), onProgress: () => transactions++ },
  );
  const millis = performance.now() - started;
  const { rows } = await sql<{ lines: number }>`select count(*)::int as lines from order_lines l join orders o on o.id = l.order_id
    join restaurants r on r.id = o.restaurant_id where r.franchise_id = ${id}`.execute(db);
  return { millis, orders, transactions, linesPerOrder: rows[0]!.lines / orders };
}

/** A 100,000-line orders CSV (one row per line, the order's columns repeated) in the Data Import page's format. */
function ordersCsv(restaurants: number[], path: string): { orders: number } {
  const { batch } = feed(restaurants, 'CSV', Date.now() - 30 * DAY_MS);
  const rows = [
    'external_id,restaurant_id,placed_at,channel,source,guests,customer_ref,status,sku,quantity,amount_cents,card_cents,cash_cents,app_cents',
  ];
  let orders = 0;
  while (rows.length <= CSV_LINES) {
    for (const whole of batch()) {
      const room = CSV_LINES + 1 - rows.length;
      if (room <= 0) break;
      // The last order is cut to the lines left, and paid so.
      const o = whole.lines.length <= room ? whole : { ...whole, lines: whole.lines.slice(0, room) };
      const total = o.lines.reduce((s, l) => s + l.amount_cents, 0);
      const payments = o === whole || o.status === 'voided' ? o.payments : [{ method: 'card' as const, amount_cents: total }];
      // One amount per method: the file has a payment column for each.
      const paid = (method: Payment['method']) => payments.filter((p) => p.method === method).reduce((s, p) => s + p.amount_cents, 0) || '';
      orders++;
      for (const l of o.lines) {
        rows.push(
          [
            o.external_id,
            o.restaurant_id,
            o.placed_at,
            o.channel,
            o.source,
            o.guests,
            o.customer_ref ?? '',
            o.status,
            l.sku,
            l.quantity,
            l.amount_cents,
            paid('card'),
            paid('cash'),
            paid('app'),
          ].join(','),
        );
      }
    }
  }
  writeFileSync(path, rows.join('\r\n') + '\r\n');
  return { orders };
}

/** The Data Import page in headless Chromium: sign in, choose the file, wait for the check, Import, wait for the summary. */
async function importThroughPage(url: string, file: string, orders: number) {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto('/');
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Data Import', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Data Import' }).waitFor();
    const started = performance.now();
    await page.getByLabel('Choose a CSV file').setInputFiles(file);
    await page
      .getByText(`${CSV_LINES.toLocaleString('en-AU')} rows read: ${orders.toLocaleString('en-AU')} orders are ready to import.`)
      .waitFor({
        timeout: 120_000,
      });
    const checked = performance.now();
    await page.getByRole('button', { name: /^Import [\d,]+ orders$/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Import complete' }).waitFor({ timeout: 300_000 });
    const done = performance.now();
    const summary = await page.getByRole('group', { name: 'Summary' }).innerText();
    const created = Number(/Created\s*([\d,]+)/.exec(summary)?.[1]?.replace(/,/g, ''));
    if (created !== orders) throw new Error(`the import created ${created} orders of ${orders}: ${summary}`);
    return { read: checked - started, sent: done - checked, total: done - started };
  } finally {
    await browser.close();
  }
}

const latencies = (p: Probed) =>
  `p50 ${ms(percentile(p.times, 50))}, p95 ${ms(percentile(p.times, 95))}, p99 ${ms(percentile(p.times, 99))}, max ${ms(Math.max(...p.times))} of ${p.times.length} calls, ${p.errors.length} errors${p.errors.length ? ` (${[...new Set(p.errors)].slice(0, 3).join('; ')})` : ''}`;

export async function ingestBench(log: (line: string) => void) {
  const loadBefore = loadavg()[0]!;
  // A fresh DATA_DIR seeded by its first start; a copy of it as it is then takes the in-process writes.
  const first = await startServer({ pollMs: 50 });
  const { url: firstUrl, dataDir } = first;
  const token = (await api<{ access_token: string }>(firstUrl, 'franchise/login', { body: DEMO_OWNER })).access_token;
  const restaurants = (await api<{ id: number }[]>(firstUrl, 'franchise/restaurants', { token })).map((r) => r.id);
  await stopServer(first.process);
  const copy = mkdtempSync(join(tmpdir(), 'fc-bench-ingest-'));
  cpSync(join(dataDir, 'pglite'), join(copy, 'pglite'), { recursive: true });

  // Placed in time order up to about two days ago: every batch below, the small ones holding as many orders as a probed phase.
  const fed = (WARM_UP_BATCHES + 2 * TIMED_BATCHES + 3 * PROBED_BATCHES) * BATCH;
  const { batch } = feed(restaurants, 'POS', Date.now() - (fed / ORDERS_PER_DAY + 2) * DAY_MS);
  const batches = (n: number, size = BATCH) => Array.from({ length: n }, () => batch(size));
  const warmUp = batches(WARM_UP_BATCHES).map(bodyOf);
  const sequentialOrders = batches(TIMED_BATCHES);
  const sequential = sequentialOrders.map(bodyOf);
  const paired = batches(TIMED_BATCHES).map(bodyOf);
  const probedOne = batches(PROBED_BATCHES).map(bodyOf);
  const probedTwo = batches(PROBED_BATCHES).map(bodyOf);
  const probedSmall = batches((PROBED_BATCHES * BATCH) / SMALL_BATCH, SMALL_BATCH).map(bodyOf);
  const resent = sequential.slice(0, RESENT_BATCHES);
  const changed = sequentialOrders.slice(0, RESENT_BATCHES).map((orders) => bodyOf(corrected(orders)));
  const lines = sequentialOrders.flat().reduce((n, o) => n + o.lines.length, 0) / (TIMED_BATCHES * BATCH);
  const kib = sequential.reduce((n, b) => n + b.length, 0) / sequential.length / 1024;

  let inProcess;
  let generator;
  const db = openDatabase({ databaseUrl: undefined, dataDir: copy });
  try {
    await inProcessBatches(db, warmUp);
    inProcess = await inProcessBatches(db, sequential);
    generator = await generatorRate(db);
  } finally {
    await db.destroy();
    rmSync(copy, { recursive: true, force: true });
  }

  const server = await startServer({ dataDir, pollMs: 50 });
  let figures;
  try {
    const { url } = server;
    // Signed in again: the first token may have expired during the in-process part.
    const token = (await api<{ access_token: string }>(url, 'franchise/login', { body: DEMO_OWNER })).access_token;
    const key = async (name: string) =>
      (await api<{ secret: string }>(url, 'franchise/api-keys', { token, body: { name, restaurant_id: null } })).secret;
    // A key per phase: each stays far below its 1200 calls a minute.
    const keys = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => key(`Bench POS ${n}`)));
    const probe = (work: () => Promise<Sent>) => probed(url, token, restaurants[0]!, work);
    await send(url, keys[0]!, warmUp, 1);
    const one = await send(url, keys[0]!, sequential, 1);
    const two = await send(url, keys[1]!, paired, 2);
    const idle = (await probed(url, token, restaurants[0]!, () => new Promise((r) => setTimeout(r, 10_000))))[1];
    const [oneProbed, duringOne] = await probe(() => send(url, keys[2]!, probedOne, 1));
    const [twoProbed, duringTwo] = await probe(() => send(url, keys[3]!, probedTwo, 2));
    const [smallProbed, duringSmall] = await probe(() => send(url, keys[5]!, probedSmall, 1));
    const unchanged = await send(url, keys[4]!, resent, 1);
    const updated = await send(url, keys[4]!, changed, 1);
    const csv = join(dataDir, 'orders-100k.csv');
    const { orders: csvOrders } = ordersCsv(restaurants, csv);
    const imported = await importThroughPage(url, csv, csvOrders);
    figures = {
      idle,
      one,
      two,
      oneProbed,
      duringOne,
      twoProbed,
      duringTwo,
      smallProbed,
      duringSmall,
      unchanged,
      updated,
      csvOrders,
      imported,
    };
  } finally {
    await stopServer(server.process);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const { idle, one, two, oneProbed, duringOne, twoProbed, duringTwo, smallProbed, duringSmall, unchanged, updated, csvOrders, imported } =
    figures;
  const oneRate = perSecond(acknowledged(one.counts), one.millis);
  const twoRate = perSecond(acknowledged(two.counts), two.millis);
  const inProcessRate = perSecond(inProcess.orders, inProcess.millis);
  const generatorOrders = perSecond(generator.orders, generator.millis);
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  log(
    `ingest: ${BATCH}-order batches, ${lines.toFixed(2)} lines an order on average, ${kib.toFixed(0)} KiB a body, onto the demo franchise (${restaurants.length} restaurants); machine load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${availableParallelism()} cores`,
  );
  log(
    `  HTTP, one client: ${rate(oneRate)} (${acknowledged(one.counts)} orders in ${(one.millis / 1000).toFixed(1)} s; call p50 ${ms(percentile(one.calls, 50))}, p95 ${ms(percentile(one.calls, 95))}) (target >= 10,000)`,
  );
  log(
    `  HTTP, 2 in flight: ${rate(twoRate)} (${acknowledged(two.counts)} orders in ${(two.millis / 1000).toFixed(1)} s; call p50 ${ms(percentile(two.calls, 50))})`,
  );
  log(
    `  in-process, the same batches on a copy of the same data (JSON.parse, zod, ingestOrders on the database thread; no HTTP): ${rate(inProcessRate)}; a batch p50: parse ${ms(percentile(inProcess.parse, 50))}, zod ${ms(percentile(inProcess.validate, 50))}, write ${ms(percentile(inProcess.write, 50))} (mean ${ms(mean(inProcess.write))})`,
  );
  log(
    `  demo generator in-process (writeTrade, a fresh ${GENERATOR.restaurants}-branch franchise over ${GENERATOR.days} days with its shifts and purchases, ${generator.linesPerOrder.toFixed(2)} lines an order, ${Math.round(generator.orders / generator.transactions)} orders a transaction, foreign-key triggers off as for npm run seed): ${rate(generatorOrders)} (${generator.orders} orders in ${(generator.millis / 1000).toFixed(1)} s)`,
  );
  log(
    `  HTTP one client / demo generator = ${(oneRate / generatorOrders).toFixed(2)}x (target >= 0.5x), per order line ${((oneRate * lines) / (generatorOrders * generator.linesPerOrder)).toFixed(2)}x; 2 in flight / generator = ${(twoRate / generatorOrders).toFixed(2)}x; HTTP one client / the same batches in-process = ${(oneRate / inProcessRate).toFixed(2)}x`,
  );
  log(
    `  resending a batch: unchanged ${rate(perSecond(acknowledged(unchanged.counts), unchanged.millis))} (${unchanged.counts.unchanged} unchanged), every order changed ${rate(perSecond(acknowledged(updated.counts), updated.millis))} (${updated.counts.updated} updated)`,
  );
  log(
    `console calls (dashboard cards, the restaurant list, a branch's revenues, the revenue page's report: one every ${PROBE_INTERVAL_MS} ms in turn; target p99 < 100 ms, 0 errors):`,
  );
  log(`  without ingest: ${latencies(idle)}`);
  const meanwhile = (sent: Sent) => rate(perSecond(acknowledged(sent.counts), sent.millis));
  log(`  during ingest, one client (${meanwhile(oneProbed)} meanwhile): ${latencies(duringOne)}`);
  log(`  during ingest, 2 in flight (${meanwhile(twoProbed)} meanwhile): ${latencies(duringTwo)}`);
  log(`  during ingest in ${SMALL_BATCH}-order batches, one client (${meanwhile(smallProbed)} meanwhile): ${latencies(duringSmall)}`);
  log(
    `100,000-line orders CSV (${csvOrders} orders) through the Data Import page in headless Chromium: ${(imported.total / 1000).toFixed(1)} s (read and checked ${(imported.read / 1000).toFixed(1)} s, sent ${(imported.sent / 1000).toFixed(1)} s = ${rate(perSecond(csvOrders, imported.sent))})`,
  );
}
