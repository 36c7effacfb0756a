import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { recordOrders, type OrderInput } from '../../server/analytics/ingest';
import { ANALYTICS_KINDS } from '@contract/analytics.contract';
import type { Db } from '../../server/db/database';
import { MIN_COMPRESSED_BYTES } from '../../server/http/shared-json-body';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The clock is test-app's START, 2026-11-22T00:00Z: 11:00 on Sunday 22 Nov in Sydney (AEDT, UTC+11).

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;
let franchiseId: number;
let parramatta: number;
let bondi: number;
let rivalRestaurant: number;
const items: number[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
  owner = await t.login(OWNER);
  rival = await t.login(RIVAL);
  const restaurant = (name: string) => db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  franchiseId = (await db.selectFrom('franchises').select('id').where('name', '=', 'Harbour Eats Group').executeTakeFirstOrThrow()).id;
  parramatta = (await restaurant('Harbour Eats Parramatta')).id;
  bondi = (await restaurant('Harbour Eats Bondi')).id;
  rivalRestaurant = (await restaurant('Southern Cross Glenelg')).id;
  for (const sku of ['H-PIE', 'H-SOUP', 'H-TART']) {
    const row = await db
      .insertInto('menu_items')
      .values({ franchise_id: franchiseId, sku, name: sku, price_cents: 1000, menu: 'Lunch' })
      .returning('id')
      .executeTakeFirstOrThrow();
    items.push(row.id);
  }
});
afterAll(() => database.close());

const get = (path: string, token?: string) => t.call('GET', `/api/v1/franchise/${path}`, token ? { token } : {});

describe('analytics: the order of checks', () => {
  it.each([
    'analytics/headcounts',
    'analytics',
    'analytics/unknown',
    'analytics/headcounts/extra',
    'restaurants/1/analytics/Orders',
    'analytics/headcounts?limit=0',
    'restaurants/1/analytics/headcounts',
    'restaurants/6/analytics/revenues',
    'restaurants/abc/analytics/unknown',
    'restaurants/99999999999999/analytics/orders?period=yearly',
  ])('without a token %s is 401', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(401);
    expectErrorEnvelope(res.body, 'Unauthenticated');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect((await t.call('GET', `/api/v1/franchise/${path}`, { headers: { Authorization: 'Bearer not.a.jwt' } })).status).toBe(401);
  });

  it('with a token: an unknown kind is 404, a foreign restaurant 404 before its query is read, then the query 422', async () => {
    for (const path of ['analytics', 'analytics/unknown', 'analytics/headcounts/extra', `restaurants/${parramatta}/analytics`]) {
      const res = await get(path, owner);
      expect(res.status, path).toBe(404);
      expectErrorEnvelope(res.body, 'Not found');
    }
    expect((await get(`restaurants/${parramatta}/analytics/unknown`, owner)).status).toBe(404);
    const foreign = await get(`restaurants/${rivalRestaurant}/analytics/headcounts?limit=0`, owner);
    expect(foreign.status).toBe(404);
    expectErrorEnvelope(foreign.body, 'Restaurant not found');
    expect((await get(`restaurants/${parramatta}/analytics/headcounts?limit=0`, owner)).status).toBe(422);
    expect((await get('analytics/headcounts?limit=0', owner)).status).toBe(422);
  });

  it.each(['abc', '0', '-1', '1.5', '01', '1e1', '2147483648', '99999999999999999999', String(2 ** 31 - 1)])(
    'restaurant id %s names no restaurant of the caller: 404',
    async (id) => {
      const res = await get(`restaurants/${id}/analytics/revenues`, owner);
      expect(res.status).toBe(404);
      expectErrorEnvelope(res.body, 'Restaurant not found');
    },
  );

  it("one franchise never sees the other's branch, and learns nothing about it", async () => {
    for (const kind of ANALYTICS_KINDS) {
      for (const [token, id] of [
        [owner, rivalRestaurant],
        [rival, parramatta],
      ] as const) {
        const res = await get(`restaurants/${id}/analytics/${kind}`, token);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ status: 'error', message: 'Restaurant not found' });
      }
    }
    expect((await get(`restaurants/${rivalRestaurant}/analytics/revenues`, rival)).status).toBe(200);
  });
});

describe('analytics: query validation (422 naming the field)', () => {
  it.each([
    ['start_date=2026-11-3&end_date=2026-11-10', 'start_date', 'must be a date as YYYY-MM-DD'],
    ['start_date=2026-02-30&end_date=2026-03-02', 'start_date', 'is not a real calendar date'],
    ['start_date=2026-11-01&end_date=2026-11-31', 'end_date', 'is not a real calendar date'],
    ['start_date=2026-11-10&end_date=2026-11-09', 'end_date', 'must not be before start_date'],
    ['start_date=2025-01-01&end_date=2026-02-05', 'end_date', 'the window may span at most 400 days'],
    ['period=yearly', 'period', 'must be one of daily, weekly, monthly, 7days, 14days, 1month, 3months'],
    ['period=', 'period', 'must be one of daily, weekly, monthly, 7days, 14days, 1month, 3months'],
    ['limit=0', 'limit', 'must be at least 1'],
    ['limit=51', 'limit', 'must be at most 50'],
    ['limit=abc', 'limit', 'must be a whole number'],
    ['limit=2.5', 'limit', 'must be a whole number'],
    ['start_date=2026-11-01', 'end_date', 'start_date and end_date go together'],
    ['end_date=2026-11-01', 'start_date', 'start_date and end_date go together'],
    ['restaurant_id=1', 'restaurant_id', 'is not a known query parameter'],
    ['period=7days&period=14days', 'period', 'may be given only once'],
    ['__proto__=x', '__proto__', 'is not a known query parameter'],
    ['=', '', 'is not a known query parameter'],
    ['limit=%ZZ', 'limit', 'must be a whole number'],
  ])('%s → "%s: %s"', async (query, field, message) => {
    for (const path of ['analytics/best-sellers', `restaurants/${parramatta}/analytics/orders`]) {
      const res = await get(`${path}?${query}`, owner);
      expect(res.status).toBe(422);
      expectErrorEnvelope(res.body, `${field}: ${message}`);
      // A malformed date is also not a real one: the contract reports both, the first named in the message.
      expect(res.body.errors[field][0]).toBe(message);
    }
  });

  it('accepts a window of exactly 400 days', async () => {
    const res = await get('analytics/revenues?period=monthly&start_date=2025-01-01&end_date=2026-02-04', owner);
    expect(res.status).toBe(200);
    expect(res.body.data.window).toMatchObject({ days: 400, grouping: 'monthly' });
    expect(res.body.data.series).toHaveLength(14);
  });
});

const WINDOWS = {
  '7days': {
    start_date: '2026-11-15',
    end_date: '2026-11-21',
    days: 7,
    grouping: 'daily',
    previous: { start_date: '2026-11-08', end_date: '2026-11-14' },
  },
  '14days': {
    start_date: '2026-11-08',
    end_date: '2026-11-21',
    days: 14,
    grouping: 'daily',
    previous: { start_date: '2026-10-25', end_date: '2026-11-07' },
  },
  '1month': {
    start_date: '2026-10-22',
    end_date: '2026-11-21',
    days: 31,
    grouping: 'weekly',
    previous: { start_date: '2026-09-21', end_date: '2026-10-21' },
  },
  '3months': {
    start_date: '2026-08-22',
    end_date: '2026-11-21',
    days: 92,
    grouping: 'monthly',
    previous: { start_date: '2026-05-22', end_date: '2026-08-21' },
  },
} as const;

describe('analytics: every path answers its window', () => {
  const paths = () => ANALYTICS_KINDS.flatMap((kind) => [`analytics/${kind}`, `restaurants/${bondi}/analytics/${kind}`]);

  it.each(Object.entries(WINDOWS))('period=%s on all 20 paths', async (period, window) => {
    const all = paths();
    expect(all).toHaveLength(20);
    for (const path of all) {
      const res = await get(`${path}?period=${period}`, owner);
      expect(res.status, path).toBe(200);
      expectSuccessEnvelope(res.body);
      // Every API answer (security-headers.ts): a franchise's figures are never kept by a shared cache.
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body.data.window, path).toEqual({ ...window, time_zone: 'Australia/Sydney', compare: 'previous', today: '2026-11-22' });
    }
  });

  it('defaults to 7 days grouped by day; a grouping alone takes its range; dates are taken as given', async () => {
    const window = async (query: string) => (await get(`analytics/headcounts${query}`, owner)).body.data.window;
    expect(await window('')).toMatchObject(WINDOWS['7days']);
    expect(await window('?period=daily')).toMatchObject(WINDOWS['7days']);
    expect(await window('?period=weekly')).toMatchObject(WINDOWS['1month']);
    expect(await window('?period=monthly')).toMatchObject(WINDOWS['3months']);
    expect(await window('?period=weekly&start_date=2026-11-02&end_date=2026-11-15')).toMatchObject({
      start_date: '2026-11-02',
      end_date: '2026-11-15',
      days: 14,
      grouping: 'weekly',
      previous: { start_date: '2026-10-19', end_date: '2026-11-01' },
    });
    expect(await window('?start_date=2026-11-02&end_date=2026-11-03')).toMatchObject({ days: 2, grouping: 'daily' });
    expect(await window('?period=3months&start_date=2026-01-01&end_date=2026-03-31')).toMatchObject({ days: 90, grouping: 'monthly' });
  });
});

describe('analytics: figures of ingested orders', () => {
  // 13:00 on 20 Nov in Sydney; 10:30 on 22 Nov (today).
  const FRIDAY = new Date('2026-11-20T02:00:00Z');
  const TODAY = new Date('2026-11-21T23:30:00Z');
  const order = (o: Partial<OrderInput>): OrderInput => ({
    restaurantId: parramatta,
    placedAt: FRIDAY,
    channel: 'dine_in',
    source: 'pos',
    guests: 2,
    customerId: null,
    status: 'completed',
    lines: [{ menuItemId: items[0]!, quantity: 1, amountCents: 1000 }],
    payments: [{ method: 'card', amountCents: 1000 }],
    ...o,
  });

  it('appear per branch and franchise-wide, in their day, and today apart', async () => {
    const before = await get(`restaurants/${parramatta}/analytics/revenues`, owner);
    expect(before.body.data.totals.orders).toBe(0);
    await recordOrders(db, franchiseId, [
      order({ lines: [{ menuItemId: items[0]!, quantity: 3, amountCents: 3450 }], payments: [{ method: 'card', amountCents: 3450 }] }),
      order({
        channel: 'takeaway',
        source: 'app',
        lines: [
          { menuItemId: items[1]!, quantity: 2, amountCents: 1800 },
          { menuItemId: items[2]!, quantity: 1, amountCents: 700 },
        ],
        payments: [
          { method: 'app', amountCents: 1000 },
          { method: 'card', amountCents: 1500 },
        ],
      }),
      order({ restaurantId: bondi, guests: 4, placedAt: TODAY, lines: [{ menuItemId: items[2]!, quantity: 1, amountCents: 700 }] }),
    ]);

    const revenues = (await get(`restaurants/${parramatta}/analytics/revenues`, owner)).body.data;
    expect(revenues.totals).toEqual({
      revenue: 59.5,
      dine_in: 34.5,
      takeaway: 25,
      delivery: 0,
      orders: 2,
      transactions: 3,
      aov: 29.75,
      atv: 19.83,
    });
    expect(revenues.series.find((b: any) => b.start_date === '2026-11-20')).toMatchObject({ revenue: 59.5, orders: 2 });

    const orders = (await get('analytics/orders', owner)).body.data;
    expect(orders.totals).toEqual({ dine_in: 1, takeaway: 1, delivery: 0, pos: 1, app: 1, total: 2 });
    expect(orders.today).toEqual({ dine_in: 1, takeaway: 0, delivery: 0, pos: 1, app: 0, total: 1 });

    const headcounts = (await get(`restaurants/${bondi}/analytics/headcounts`, owner)).body.data;
    expect(headcounts.totals.total).toBe(0);
    expect(headcounts.today).toEqual({ recurrent: 0, new: 4, total: 4 });

    // The rival franchise sees none of it.
    expect((await get('analytics/orders', rival)).body.data.totals.total).toBe(0);
  });

  it('best sellers honour the limit, by units then revenue', async () => {
    const all = (await get('analytics/best-sellers', owner)).body.data.items;
    expect(all.map((i: any) => [i.sku, i.units, i.revenue])).toEqual([
      ['H-PIE', 3, 34.5],
      ['H-SOUP', 2, 18],
      ['H-TART', 1, 7],
    ]);
    const two = (await get('analytics/best-sellers?limit=2', owner)).body.data.items;
    expect(two.map((i: any) => i.sku)).toEqual(['H-PIE', 'H-SOUP']);
    const one = (await get(`restaurants/${parramatta}/analytics/best-sellers?limit=1`, owner)).body.data.items;
    expect(one.map((i: any) => i.sku)).toEqual(['H-PIE']);
  });
});

describe('analytics: windows follow the clock', () => {
  it('answers the same query string for the new day from midnight in the franchise zone on', async () => {
    const app = createTestApp(db);
    // From 11:00 on 22 Nov in Sydney to 23:59:59.999, then to midnight.
    app.advance(13 * 3_600_000 - 1);
    const token = await app.login(OWNER);
    const ask = async () => (await app.call('GET', '/api/v1/franchise/analytics/orders?period=7days', { token })).body.data.window;
    expect(await ask()).toMatchObject({ start_date: '2026-11-15', end_date: '2026-11-21', today: '2026-11-22' });
    app.advance(1);
    expect(await ask()).toMatchObject({ start_date: '2026-11-16', end_date: '2026-11-22', today: '2026-11-23' });
  });
});

describe('analytics: compressed answers', () => {
  const path = 'analytics/revenues?period=3months';
  const raw = async (headers: Record<string, string>) => {
    const res = await t.app.request(`/api/v1/franchise/${path}`, { headers: { Authorization: `Bearer ${owner}`, ...headers } });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('sends brotli or gzip to a client that accepts it, the same JSON as uncompressed, and plain JSON otherwise', async () => {
    const plain = await raw({});
    expect(plain.res.headers.get('content-encoding')).toBeNull();
    expect(plain.res.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.bytes.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    const json = JSON.parse(plain.bytes.toString());
    expectSuccessEnvelope(json);
    expect(json.message).toBe('Revenues retrieved');

    const br = await raw({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.res.headers.get('content-encoding')).toBe('br');
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(json);

    const gzip = await raw({ 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gzip.res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString())).toEqual(json);

    const refused = await raw({ 'Accept-Encoding': 'br;q=0, GZIP;Q=0.000' });
    expect(refused.res.headers.get('content-encoding')).toBeNull();
    expect(refused.bytes.equals(plain.bytes)).toBe(true);
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await t.app.request(
      `/api/v1/franchise/restaurants/${bondi}/analytics/headcounts?start_date=2026-11-21&end_date=2026-11-21`,
      {
        headers: { Authorization: `Bearer ${owner}`, 'Accept-Encoding': 'br, gzip' },
      },
    );
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBeLessThan(MIN_COMPRESSED_BYTES);
  });
});
