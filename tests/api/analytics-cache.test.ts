import { AnalyticsCache, type AnalyticsCacheKey } from '../../server/analytics/cache';
import { recordOrders, type OrderInput } from '../../server/analytics/ingest';
import { analyticsFigures } from '../../server/analytics/answers/analytics-answer';
import { createApp } from '../../server/app';
import type { AnalyticsWindow } from '@contract/analytics.contract';
import type { Db } from '../../server/db/database';
import { silentLogger } from '../../server/logger';
import { memoryMailer } from '../../server/mail/mailer';
import { heldCalls } from './support/held-calls';
import { OWNER, START, testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

const WINDOW: AnalyticsWindow = {
  start_date: '2026-11-15',
  end_date: '2026-11-21',
  days: 7,
  grouping: 'daily',
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: '2026-11-08', end_date: '2026-11-14' },
  today: '2026-11-22',
};
const KEY: AnalyticsCacheKey = {
  franchiseId: 1,
  dataVersion: 7,
  kind: 'revenues',
  restaurantId: null,
  window: WINDOW,
  limit: 10,
  todays: '2026-11-22',
};

describe('AnalyticsCache', () => {
  it('computes identical concurrent misses once and answers later calls from memory', async () => {
    const cache = new AnalyticsCache();
    const c = heldCalls({ revenue: 1 });
    const burst = Array.from({ length: 20 }, () => cache.answer(KEY, c.call));
    c.settle();
    const answers = await Promise.all(burst);
    expect(c.runs).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await cache.answer({ ...KEY, window: { ...WINDOW } }, c.call)).toBe(answers[0]);
    expect(c.runs).toBe(1);
  });

  it.each<[string, Partial<AnalyticsCacheKey>]>([
    ['franchise', { franchiseId: 2 }],
    ['kind', { kind: 'orders' }],
    ['restaurant', { restaurantId: 3 }],
    ['start', { window: { ...WINDOW, start_date: '2026-11-14' } }],
    ['end', { window: { ...WINDOW, end_date: '2026-11-22' } }],
    ['grouping', { window: { ...WINDOW, grouping: 'weekly' } }],
    ['today', { window: { ...WINDOW, today: '2026-11-23' } }],
    ["branches' trading days", { todays: '2026-11-21,2026-11-22' }],
    ['time zone', { window: { ...WINDOW, time_zone: 'UTC' } }],
  ])('computes again when the %s differs', async (_, change) => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const compute = async () => ++runs;
    expect(await cache.answer(KEY, compute)).toBe(1);
    expect(await cache.answer({ ...KEY, ...change }, compute)).toBe(2);
    expect(await cache.answer(KEY, compute)).toBe(1);
  });

  it('keys the limit of best sellers only', async () => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const compute = async () => ++runs;
    await cache.answer({ ...KEY, limit: 5 }, compute);
    await cache.answer({ ...KEY, limit: 6 }, compute);
    expect(runs).toBe(1);
    await cache.answer({ ...KEY, kind: 'best-sellers', limit: 5 }, compute);
    await cache.answer({ ...KEY, kind: 'best-sellers', limit: 6 }, compute);
    await cache.answer({ ...KEY, kind: 'best-sellers', limit: 5 }, compute);
    expect(runs).toBe(3);
  });

  it('computes again for a newer data version, and then drops that franchise’s older answers, not another’s', async () => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const compute = async () => ++runs;
    const other = { ...KEY, franchiseId: 2 };
    await cache.answer(KEY, compute);
    await cache.answer({ ...KEY, kind: 'orders' }, compute);
    await cache.answer(other, compute);
    expect(cache.size).toBe(3);
    expect(await cache.answer({ ...KEY, dataVersion: 8 }, compute)).toBe(4);
    // Franchise 1's two version-7 answers are gone; franchise 2's stays.
    expect(cache.size).toBe(2);
    expect(await cache.answer(other, compute)).toBe(3);
    expect(await cache.answer({ ...KEY, dataVersion: 8 }, compute)).toBe(4);
  });

  it('answers a request that read an older data version than one already seen, without keeping it', async () => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const compute = async () => ++runs;
    await cache.answer({ ...KEY, dataVersion: 8 }, compute);
    expect(await cache.answer(KEY, compute)).toBe(2);
    expect(await cache.answer(KEY, compute)).toBe(3);
    expect(cache.size).toBe(1);
  });

  it('does not keep a failure: every waiting caller sees it, the next call computes again', async () => {
    const cache = new AnalyticsCache();
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('database unavailable'));
    };
    const calls = [cache.answer(KEY, failing), cache.answer(KEY, failing)];
    for (const call of calls) await expect(call).rejects.toThrow('database unavailable');
    expect(runs).toBe(1);
    expect(cache.size).toBe(0);
    expect(await cache.answer(KEY, async () => 'recovered')).toBe('recovered');
  });

  it('drops the least recently used answer beyond its bound', async () => {
    const cache = new AnalyticsCache(2);
    const runs: string[] = [];
    const compute = (name: string) => async () => (runs.push(name), name);
    const a = { ...KEY, kind: 'headcounts' as const };
    const b = { ...KEY, kind: 'orders' as const };
    const c = { ...KEY, kind: 'roster' as const };
    await cache.answer(a, compute('a'));
    await cache.answer(b, compute('b'));
    await cache.answer(a, compute('a')); // a is now the most recently used
    await cache.answer(c, compute('c')); // evicts b
    expect(cache.size).toBe(2);
    await cache.answer(a, compute('a'));
    await cache.answer(b, compute('b'));
    expect(runs).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('analytics cache through HTTP', () => {
  let database: TestDatabase;
  let franchiseId: number;
  let parramatta: number;
  let item: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    franchiseId = (await db.selectFrom('franchises').select('id').where('name', '=', 'Harbour Eats Group').executeTakeFirstOrThrow()).id;
    parramatta = (await db.selectFrom('restaurants').select('id').where('name', '=', 'Harbour Eats Parramatta').executeTakeFirstOrThrow())
      .id;
    item = (
      await db
        .insertInto('menu_items')
        .values({ franchise_id: franchiseId, sku: 'C-BOWL', name: 'Cache Bowl', price_cents: 1500, menu: 'All Day' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => database.close());

  /** An app as one server process runs it, counting (or failing) the computations behind its cache. */
  async function server(db: Db, fail?: () => Error | undefined) {
    const computed: string[] = [];
    const counted: typeof analyticsFigures = (db, kind, scope, window, options) => {
      computed.push(kind);
      const error = fail?.();
      return error ? Promise.reject(error) : analyticsFigures(db, kind, scope, window, options);
    };
    const app = createApp({
      db,
      config: testConfig(),
      clock: () => START,
      mailer: memoryMailer(),
      logger: silentLogger,
      analyticsFigures: counted,
    });
    const login = await app.request('/api/v1/franchise/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const get = async (path: string) => {
      const res = await app.request(`/api/v1/franchise/${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as any };
    };
    return { get, computed };
  }

  const sale = (cents: number): OrderInput => ({
    restaurantId: parramatta,
    // 12:00 on 21 Nov in Sydney: yesterday, inside every range.
    placedAt: new Date('2026-11-21T01:00:00Z'),
    channel: 'takeaway',
    source: 'app',
    guests: 1,
    customerId: null,
    status: 'completed',
    lines: [{ menuItemId: item, quantity: 1, amountCents: cents }],
    payments: [{ method: 'app', amountCents: cents }],
  });

  it('answers a burst of 20 identical requests with one computation, and later ones from memory', async () => {
    const s = await server(database.db);
    const burst = await Promise.all(Array.from({ length: 20 }, () => s.get('analytics/revenues?period=14days')));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(burst.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(s.computed).toEqual(['revenues']);
    expect((await s.get('analytics/revenues?period=14days')).status).toBe(200);
    expect(s.computed).toEqual(['revenues']);
    // Another window, branch or kind is another answer.
    await s.get('analytics/revenues?period=7days');
    await s.get(`restaurants/${parramatta}/analytics/revenues?period=14days`);
    await s.get('analytics/orders?period=14days');
    expect(s.computed).toEqual(['revenues', 'revenues', 'revenues', 'orders']);
  });

  it('a write through the database is seen at once by every server, whatever each had cached', async () => {
    const a = await server(database.db);
    const b = await server(database.openPeer());
    const path = `restaurants/${parramatta}/analytics/revenues`;
    const before = (await a.get(path)).body.data.totals;
    expect((await b.get(path)).body.data.totals).toEqual(before);
    // Both now answer from memory.
    await a.get(path);
    await b.get(path);
    expect([a.computed.length, b.computed.length]).toEqual([1, 1]);

    await recordOrders(database.db, franchiseId, [sale(4321)]);

    for (const s of [b, a]) {
      const after = (await s.get(path)).body.data.totals;
      expect(after.orders).toBe(before.orders + 1);
      expect(after.takeaway).toBeCloseTo(before.takeaway + 43.21, 2);
    }
    expect([a.computed.length, b.computed.length]).toEqual([2, 2]);
    // The new answer is cached again until the next write.
    await b.get(path);
    expect(b.computed.length).toBe(2);
  });

  it('does not keep a failed computation: the next request computes again', async () => {
    let failures = 1;
    const s = await server(database.db, () => (failures-- > 0 ? new Error('Connection terminated unexpectedly') : undefined));
    const failed = await s.get('analytics/procurement');
    expect(failed.status).toBe(503);
    expect(failed.body.status).toBe('error');
    const retried = await s.get('analytics/procurement');
    expect(retried.status).toBe(200);
    expect(s.computed).toEqual(['procurement', 'procurement']);
  });
});
