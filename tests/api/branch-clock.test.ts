import { DAY_START_MESSAGE, UNKNOWN_TIME_ZONE_MESSAGE } from '@contract/branch-clock';
import { recordOrders, type OrderInput } from '../../server/analytics/ingest';
import { rebuildRollups } from '../../server/analytics/rollups';
import { validAbn } from '../support/abn';
import { createTestApp, expectErrorEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Each branch trades on its own clock: its zone and the local time its trading day starts.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let franchiseId: number;
let franchiseZone: string;
let item: number;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  const { franchise } = (await t.call('GET', 'profile', { token: owner })).body.data.user;
  [franchiseId, franchiseZone] = [franchise.id, franchise.time_zone];
  item = (
    await database.db
      .insertInto('menu_items')
      .values({ franchise_id: franchiseId, sku: 'CLOCK', name: 'Clock pie', price_cents: 1000, menu: 'Lunch' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => database.close());

let next = 0;
const body = (overrides: Record<string, unknown> = {}) => ({
  logo: null,
  name: `Clock Branch ${++next}`,
  abn_no: validAbn(700_000_000 + next),
  address: '1 Clock Street',
  suburb: 'Tickton',
  post_code: '2000',
  city: 'Sydney',
  state: 'NSW',
  phone_no: '(02) 9977 1234',
  email: 'clock@example.com',
  business_type: 'Cafe',
  capacity: 40,
  status: 'Active',
  ...overrides,
});

async function newBranch(clock: Record<string, unknown> = {}) {
  const res = await t.call('POST', 'restaurants', { token: owner, body: body(clock) });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** The restaurant as the edit form sends it back, with `changes`. */
function saveBody(restaurant: any, changes: Record<string, unknown>) {
  const { id: _id, location: _location, subscriptions: _subscriptions, restaurant_user: _user, ...fields } = restaurant;
  return { ...fields, ...changes };
}
const save = async (id: number, changes: Record<string, unknown>) => {
  const current = (await t.call('GET', `restaurants/${id}`, { token: owner })).body.data;
  return t.call('PUT', `restaurants/${id}`, { token: owner, body: saveBody(current, changes) });
};

const order = (restaurantId: number, placedAt: string, cents = 1000): OrderInput => ({
  restaurantId,
  placedAt: new Date(placedAt),
  channel: 'dine_in',
  source: 'pos',
  guests: 1,
  status: 'completed',
  lines: [{ menuItemId: item, quantity: 1, amountCents: cents }],
  payments: [{ method: 'card', amountCents: cents }],
});

/** Each order's trading day, by the instant it was placed at. */
async function daysOf(restaurantId: number): Promise<Record<string, string>> {
  const rows = await database.db.selectFrom('orders').select(['placed_at', 'day']).where('restaurant_id', '=', restaurantId).execute();
  return Object.fromEntries(rows.map((r) => [new Date(r.placed_at).toISOString(), r.day]));
}

/** The branch's daily revenue (dollars) as the analytics answer it, on the days with revenue. */
async function revenueByDay(restaurantId: number, from: string, to: string): Promise<Record<string, number>> {
  const res = await t.call('GET', `restaurants/${restaurantId}/analytics/revenues?period=daily&start_date=${from}&end_date=${to}`, {
    token: owner,
  });
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(
    (res.body.data.series as { start_date: string; revenue: number }[]).filter((b) => b.revenue > 0).map((b) => [b.start_date, b.revenue]),
  );
}

const expectRollupsWhole = async () => {
  const check = await rebuildRollups(database.db, { check: true });
  expect(check.differing, JSON.stringify(check.tables)).toBe(0);
};

describe('the branch clock in restaurant create, save and reads', () => {
  it("defaults to the franchise's zone and midnight, and every read carries what was set", async () => {
    const plain = await newBranch();
    expect(plain).toMatchObject({ time_zone: franchiseZone, day_starts_at: '00:00' });
    const perth = await newBranch({ time_zone: 'Australia/Perth', day_starts_at: '04:30' });
    expect(perth).toMatchObject({ time_zone: 'Australia/Perth', day_starts_at: '04:30' });
    expect((await t.call('GET', `restaurants/${perth.id}`, { token: owner })).body.data).toMatchObject({
      time_zone: 'Australia/Perth',
      day_starts_at: '04:30',
    });
    const listed = (await t.call('GET', 'restaurants', { token: owner })).body.data.find((r: any) => r.id === perth.id);
    expect(listed).toMatchObject({ time_zone: 'Australia/Perth', day_starts_at: '04:30' });
  });

  it('a save without the fields leaves the clock as it is; with them, changes it', async () => {
    const branch = await newBranch({ time_zone: 'Australia/Brisbane', day_starts_at: '06:00' });
    const { time_zone: _zone, day_starts_at: _start, ...withoutClock } = saveBody(branch, {});
    const kept = await t.call('PUT', `restaurants/${branch.id}`, { token: owner, body: { ...withoutClock, capacity: 12 } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data).toMatchObject({ capacity: 12, time_zone: 'Australia/Brisbane', day_starts_at: '06:00' });
    const changed = await save(branch.id, { time_zone: 'Australia/Adelaide', day_starts_at: '00:00' });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ time_zone: 'Australia/Adelaide', day_starts_at: '00:00' });
  });

  it('refuses an unknown zone, or a day start not "HH:MM" from 00:00 to 06:00, with 422 naming the field, on create and save', async () => {
    const branch = await newBranch();
    for (const zone of ['Mars/Olympus', '+10:00', 'Australia/', '', 10]) {
      for (const res of [
        await t.call('POST', 'restaurants', { token: owner, body: body({ time_zone: zone }) }),
        await save(branch.id, { time_zone: zone }),
      ]) {
        expect(res.status, String(zone)).toBe(422);
        expectErrorEnvelope(res.body, UNKNOWN_TIME_ZONE_MESSAGE);
        expect(res.body.errors).toEqual({ time_zone: [UNKNOWN_TIME_ZONE_MESSAGE] });
      }
    }
    for (const start of ['06:01', '07:00', '24:00', '4:00', '0400', '04:60', '-1:00', 'ab:cd', 240]) {
      for (const res of [
        await t.call('POST', 'restaurants', { token: owner, body: body({ day_starts_at: start }) }),
        await save(branch.id, { day_starts_at: start }),
      ]) {
        expect(res.status, String(start)).toBe(422);
        expect(res.body.errors).toEqual({ day_starts_at: [DAY_START_MESSAGE] });
      }
    }
    expect((await t.call('GET', `restaurants/${branch.id}`, { token: owner })).body.data).toMatchObject({
      time_zone: franchiseZone,
      day_starts_at: '00:00',
    });
  });
});

describe('orders are filed on their branch clock', () => {
  it('an order at 01:30 local with the day starting at 04:00 is the previous trading day; one at 04:00 is the new one', async () => {
    const branch = await newBranch({ time_zone: 'Australia/Sydney', day_starts_at: '04:00' });
    await recordOrders(database.db, franchiseId, [
      order(branch.id, '2026-11-15T01:30:00+11:00'),
      order(branch.id, '2026-11-15T03:59:00+11:00'),
      order(branch.id, '2026-11-15T04:00:00+11:00'),
    ]);
    expect(await daysOf(branch.id)).toEqual({
      '2026-11-14T14:30:00.000Z': '2026-11-14',
      '2026-11-14T16:59:00.000Z': '2026-11-14',
      '2026-11-14T17:00:00.000Z': '2026-11-15',
    });
    expect(await revenueByDay(branch.id, '2026-11-13', '2026-11-16')).toEqual({ '2026-11-14': 20, '2026-11-15': 10 });
    await expectRollupsWhole();
  });

  it('a late Perth order lands on its Perth day, already the next day in Sydney', async () => {
    const branch = await newBranch({ time_zone: 'Australia/Perth' });
    await recordOrders(database.db, franchiseId, [order(branch.id, '2026-11-15T23:30:00+08:00')]);
    expect(await daysOf(branch.id)).toEqual({ '2026-11-15T15:30:00.000Z': '2026-11-15' });
  });

  it('DST: Sydney days of 23 and 25 hours hold the orders of their local day; Perth, without DST, keeps 24', async () => {
    const sydney = await newBranch({ time_zone: 'Australia/Sydney' });
    const late = await newBranch({ time_zone: 'Australia/Sydney', day_starts_at: '04:00' });
    const perth = await newBranch({ time_zone: 'Australia/Perth' });
    const edges = {
      // 4 October 2026: clocks go 02:00 → 03:00 (UTC+10 → UTC+11), a 23-hour day.
      '2026-10-03T13:59:00.000Z': '2026-10-03',
      '2026-10-03T14:00:00.000Z': '2026-10-04',
      '2026-10-04T12:59:00.000Z': '2026-10-04',
      '2026-10-04T13:00:00.000Z': '2026-10-05',
      // 5 April 2026: clocks go 03:00 → 02:00 (UTC+11 → UTC+10), a 25-hour day.
      '2026-04-04T12:59:00.000Z': '2026-04-04',
      '2026-04-04T13:00:00.000Z': '2026-04-05',
      '2026-04-05T13:59:00.000Z': '2026-04-05',
      '2026-04-05T14:00:00.000Z': '2026-04-06',
    };
    // The day start is wall time, 04:00 local on either side of the change: the trading day of 3 October holds the
    // skipped hour (23 hours), that of 4 April the repeated one (25 hours).
    const lateEdges = {
      '2026-10-02T17:59:00.000Z': '2026-10-02', // 03:59 AEST
      '2026-10-02T18:00:00.000Z': '2026-10-03', // 04:00 AEST
      '2026-10-03T16:59:00.000Z': '2026-10-03', // 03:59 AEDT
      '2026-10-03T17:00:00.000Z': '2026-10-04', // 04:00 AEDT
      '2026-04-03T16:59:00.000Z': '2026-04-03', // 03:59 AEDT
      '2026-04-03T17:00:00.000Z': '2026-04-04', // 04:00 AEDT
      '2026-04-04T17:59:00.000Z': '2026-04-04', // 03:59 AEST
      '2026-04-04T18:00:00.000Z': '2026-04-05', // 04:00 AEST
    };
    const perthEdges = {
      '2026-10-03T15:59:00.000Z': '2026-10-03',
      '2026-10-03T16:00:00.000Z': '2026-10-04',
      '2026-10-04T15:59:00.000Z': '2026-10-04',
      '2026-10-04T16:00:00.000Z': '2026-10-05',
      '2026-04-04T15:59:00.000Z': '2026-04-04',
      '2026-04-04T16:00:00.000Z': '2026-04-05',
    };
    for (const [branch, expected] of [
      [sydney, edges],
      [late, lateEdges],
      [perth, perthEdges],
    ] as const) {
      await recordOrders(
        database.db,
        franchiseId,
        Object.keys(expected).map((at) => order(branch.id, at)),
      );
      expect(await daysOf(branch.id), branch.time_zone).toEqual(expected);
    }
    await expectRollupsWhole();
  });
});

describe('changing the clock re-files the branch', () => {
  it('moves every order to its day on the new clock, and the first read after the 200 shows it', async () => {
    const branch = await newBranch({ time_zone: 'Australia/Sydney' });
    await recordOrders(database.db, franchiseId, [
      order(branch.id, '2026-11-16T01:00:00+11:00', 2000),
      order(branch.id, '2026-11-16T12:00:00+11:00', 500),
    ]);
    expect(await revenueByDay(branch.id, '2026-11-14', '2026-11-17')).toEqual({ '2026-11-16': 25 });
    const franchiseRevenue = async () =>
      (await t.call('GET', 'analytics/revenues?period=daily&start_date=2026-11-14&end_date=2026-11-17', { token: owner })).body.data.totals
        .revenue;
    const total = await franchiseRevenue();

    const res = await save(branch.id, { time_zone: 'Australia/Perth' });
    expect(res.status, res.text).toBe(200);
    // 01:00 in Sydney is 22:00 the evening before in Perth.
    expect(await revenueByDay(branch.id, '2026-11-14', '2026-11-17')).toEqual({ '2026-11-15': 20, '2026-11-16': 5 });
    expect(await franchiseRevenue()).toBe(total);
    await expectRollupsWhole();

    expect((await save(branch.id, { time_zone: 'Australia/Sydney', day_starts_at: '02:00' })).status).toBe(200);
    expect(await revenueByDay(branch.id, '2026-11-14', '2026-11-17')).toEqual({ '2026-11-15': 20, '2026-11-16': 5 });
    expect((await save(branch.id, { day_starts_at: '00:00' })).status).toBe(200);
    expect(await revenueByDay(branch.id, '2026-11-14', '2026-11-17')).toEqual({ '2026-11-16': 25 });
    await expectRollupsWhole();
  });

  it('bumps data_version once', async () => {
    const branch = await newBranch();
    await recordOrders(database.db, franchiseId, [order(branch.id, '2026-11-16T01:00:00+11:00')]);
    const version = async () =>
      (await database.db.selectFrom('franchises').select('data_version').where('id', '=', franchiseId).executeTakeFirstOrThrow())
        .data_version;
    const before = await version();
    expect((await save(branch.id, { time_zone: 'Australia/Perth' })).status).toBe(200);
    expect(await version()).toBe(before + 1);
  });

  it('racing an ingest batch of the same branch, leaves both whole: every order on the final clock, rollups equal to a rebuild', async () => {
    const branch = await newBranch({ time_zone: 'Australia/Sydney' });
    const at = (i: number) => new Date(Date.parse('2026-11-10T10:00:00Z') + i * 37 * 60_000).toISOString();
    await recordOrders(
      database.db,
      franchiseId,
      Array.from({ length: 200 }, (_, i) => order(branch.id, at(i))),
    );
    const [res] = await Promise.all([
      save(branch.id, { time_zone: 'Australia/Perth', day_starts_at: '03:00' }),
      recordOrders(
        database.db,
        franchiseId,
        Array.from({ length: 200 }, (_, i) => order(branch.id, at(200 + i))),
      ),
    ]);
    expect(res.status, res.text).toBe(200);
    const days = await daysOf(branch.id);
    expect(Object.keys(days)).toHaveLength(400);
    const perthDay = (iso: string) => new Date(Date.parse(iso) + (8 - 3) * 3_600_000).toISOString().slice(0, 10);
    for (const [placed, day] of Object.entries(days)) expect(day, placed).toBe(perthDay(placed));
    await expectRollupsWhole();
  });
});
