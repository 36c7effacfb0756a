import { addDays, tradingDayIn } from '../../server/analytics/calendar';
import { bumpDataVersion } from '../../server/db/data-version';
import type { Db } from '../../server/db/database';
import { DEMO_MANAGER } from '../../server/db/seed';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The forecast calls over the real database (docs/product.md#forecast): the seed has no trade, so each
// test branch's history is written straight into the daily rollups: 8 weeks repeating one week.

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let franchiseId: number;

// The seed's owner's first two restaurants (the demo manager's), a third of theirs and the rival franchise's.
const PARRAMATTA = 1;
const BONDI = 2;
const FITZROY = 3;
const RIVAL_RESTAURANT = 6;
const WEEK: Record<number, number[]> = {
  [PARRAMATTA]: [100_000, 120_000, 90_000, 150_000, 210_000, 260_000, 180_000],
  [BONDI]: [50_000, 0, 70_000, 80_000, 95_000, 130_000, 110_000],
  [FITZROY]: [30_000, 31_000, 32_000, 33_000, 34_000, 35_000, 36_000],
};

async function todayOf(id: number) {
  const r = await db.selectFrom('restaurants').select(['time_zone', 'day_starts_at']).where('id', '=', id).executeTakeFirstOrThrow();
  return tradingDayIn(r.time_zone, r.day_starts_at, new Date(t.now()));
}

/** The revenue the repeating history holds for `day` at the branch (the week starts 56 days before today). */
const weekly = (id: number, today: string, day: string) =>
  WEEK[id]![((Math.round((Date.parse(day) - Date.parse(addDays(today, -56))) / 86_400_000) % 7) + 7) % 7]!;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
  owner = await t.login(OWNER);
  franchiseId = (await db.selectFrom('restaurants').select('franchise_id').where('id', '=', PARRAMATTA).executeTakeFirstOrThrow())
    .franchise_id;
  for (const id of [PARRAMATTA, BONDI, FITZROY]) {
    const today = await todayOf(id);
    await db
      .insertInto('daily_restaurant_stats')
      .values(
        Array.from({ length: 56 }, (_, i) => {
          const day = addDays(today, i - 56);
          return { restaurant_id: id, day, revenue_dine_in_cents: weekly(id, today, day) };
        }),
      )
      .execute();
  }
  await bumpDataVersion(db, franchiseId);
}, 60_000);
afterAll(() => database.close());

const get = (path: string, token = owner) => t.call('GET', path, { token });
type Day = { day: string; revenue: number; low: number; high: number };

describe('the forecast call', () => {
  it('answers the next days from tomorrow with a range, the method and its backtest; a repeating history is forecast as it repeats', async () => {
    const res = await get(`restaurants/${PARRAMATTA}/analytics/forecast?days=14`);
    expect(res.status, res.text).toBe(200);
    expectSuccessEnvelope(res.body);
    const today = await todayOf(PARRAMATTA);
    const { method, days, backtest } = res.body.data as { method: string; days: Day[]; backtest: { days: number; mape: number } };
    expect(method).toMatch(/\S/);
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(today, i + 1)));
    for (const d of days) {
      const expected = weekly(PARRAMATTA, today, d.day) / 100;
      expect(Math.abs(d.revenue - expected)).toBeLessThanOrEqual(expected * 0.01);
      expect(d.low).toBeLessThanOrEqual(d.revenue);
      expect(d.high).toBeGreaterThanOrEqual(d.revenue);
      expect(d.low).toBeGreaterThanOrEqual(0);
    }
    expect(backtest.days).toBe(56);
    expect(typeof backtest.mape).toBe('number');
    expect((await get('analytics/forecast')).body.data.days).toHaveLength(14);
  });

  it('franchise-wide is the sum of every branch’s forecast per day', async () => {
    const wide = (await get('analytics/forecast?days=21')).body.data.days as Day[];
    const branches = await Promise.all(
      [1, 2, 3, 4, 5].map(async (id) => (await get(`restaurants/${id}/analytics/forecast?days=21`)).body.data.days as Day[]),
    );
    expect(wide).toHaveLength(21);
    wide.forEach((d, i) => {
      expect(d.revenue).toBeCloseTo(
        branches.reduce((s, b) => s + b[i]!.revenue, 0),
        2,
      );
      expect(d.low).toBeCloseTo(
        branches.reduce((s, b) => s + b[i]!.low, 0),
        2,
      );
    });
  });

  it('refuses days outside 1–42 (422 on days) and another franchise’s restaurant (404)', async () => {
    for (const days of ['0', '43', 'abc', '1.5', '-1']) {
      const res = await get(`analytics/forecast?days=${days}`);
      expect(res.status, days).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['days']);
    }
    expect((await get('analytics/forecast?days=42')).status).toBe(200);
    const foreign = await get(`restaurants/${RIVAL_RESTAURANT}/analytics/forecast`);
    expect(foreign.status).toBe(404);
    expectErrorEnvelope(foreign.body, 'Restaurant not found');
    expect((await t.call('GET', 'analytics/forecast')).status).toBe(401);
  });

  it('a manager’s franchise-wide forecast is their branches’; another branch is a 404', async () => {
    const manager = await t.login(DEMO_MANAGER);
    const mine = (await get('analytics/forecast', manager)).body.data.days as Day[];
    const [p, b] = await Promise.all(
      [PARRAMATTA, BONDI].map(async (id) => (await get(`restaurants/${id}/analytics/forecast`)).body.data.days),
    );
    mine.forEach((d, i) => expect(d.revenue).toBeCloseTo(p[i].revenue + b[i].revenue, 2));
    expect((await get(`restaurants/${FITZROY}/analytics/forecast`, manager)).status).toBe(404);
  });

  it('a read key reads it as the owner does', async () => {
    const key = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Forecast reader', restaurant_id: null, access: 'read' } });
    expect(key.status, key.text).toBe(201);
    const byKey = await get('analytics/forecast?days=7', key.body.data.secret);
    expect(byKey.status, byKey.text).toBe(200);
    expect(byKey.body).toEqual((await get('analytics/forecast?days=7')).body);
  });

  it('the cached answer follows an ingest: yesterday’s new order changes the forecast', async () => {
    const before = (await get(`restaurants/${PARRAMATTA}/analytics/forecast`)).body.data;
    expect((await get(`restaurants/${PARRAMATTA}/analytics/forecast`)).body.data).toEqual(before);
    const ingest = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Forecast ingest', restaurant_id: null } });
    const send = (method: 'PUT' | 'POST', path: string, body: unknown) => t.call(method, path, { token: ingest.body.data.secret, body });
    const item = { sku: 'FC-1', name: 'Forecast Burger', price_cents: 700_000, menu: 'All Day', is_combo: false };
    expect((await send('PUT', '/api/v1/ingest/menu-items', { items: [item] })).status).toBe(200);
    const order = {
      external_id: 'FC-1',
      restaurant_id: PARRAMATTA,
      placed_at: new Date(t.now() - 86_400_000).toISOString(),
      channel: 'dine_in',
      source: 'pos',
      guests: 1,
      customer_ref: null,
      status: 'completed',
      lines: [{ sku: 'FC-1', quantity: 1, amount_cents: 700_000 }],
      payments: [{ method: 'card', amount_cents: 700_000 }],
    };
    const sent = await send('POST', '/api/v1/ingest/orders', { orders: [order] });
    expect(sent.status, sent.text).toBe(200);
    const after = (await get(`restaurants/${PARRAMATTA}/analytics/forecast`)).body.data;
    expect(after).not.toEqual(before);
    expect(after.days.reduce((s: number, d: Day) => s + d.revenue, 0)).toBeGreaterThan(
      before.days.reduce((s: number, d: Day) => s + d.revenue, 0),
    );
  });
});

describe('the Labour Plan on the Productivity page', () => {
  type Table = {
    id: string;
    rows: { cells: (string | number | null)[] }[];
    total: { cells: (string | number | null)[] } | null;
    empty_text: string;
  };
  const plan = async () =>
    ((await get('analytics/pages/roster?period=7days')).body.data.tables as Table[]).find((x) => x.id === 'labour_plan')!;

  it('says to set labour targets until one exists; then each day’s labour is the forecast × the target, summed over the branches with one', async () => {
    const none = await plan();
    expect(none.rows).toEqual([]);
    expect(none.empty_text).toBe('Set labour cost targets on the Targets page.');

    const today = await todayOf(PARRAMATTA);
    // Parramatta 25 % on every day, Bondi 30 % on the first week only.
    await db
      .insertInto('targets')
      .values([
        ...Array.from({ length: 14 }, (_, i) => ({
          restaurant_id: PARRAMATTA,
          day: addDays(today, i + 1),
          revenue_cents: 0,
          labour_cost_tenths: 250,
        })),
        ...Array.from({ length: 7 }, (_, i) => ({
          restaurant_id: BONDI,
          day: addDays(today, i + 1),
          revenue_cents: 0,
          labour_cost_tenths: 300,
        })),
      ])
      .execute();
    await bumpDataVersion(db, franchiseId);
    const table = await plan();
    const wide = (await get('analytics/forecast')).body.data.days as Day[];
    const [p, b] = await Promise.all(
      [PARRAMATTA, BONDI].map(async (id) => (await get(`restaurants/${id}/analytics/forecast`)).body.data.days as Day[]),
    );
    expect(table.rows).toHaveLength(14);
    table.rows.forEach(({ cells }, i) => {
      // Each branch's labour from its forecast in whole cents, rounded to the cent.
      const labour = (dollars: number, tenths: number) => Math.round((Math.round(dollars * 100) * tenths) / 1000);
      const labourCents = labour(p![i]!.revenue, 250) + (i < 7 ? labour(b![i]!.revenue, 300) : 0);
      expect(cells[1]).toBeCloseTo(wide[i]!.revenue, 2);
      expect(cells[3]).toBeCloseTo(labourCents / 100, 2);
      expect(cells[4]).toBe(i < 7 ? '2 of 5' : '1 of 5');
      if (i >= 7) expect(cells[2]).toBe(25);
    });
    expect(table.total!.cells[3]).toBeCloseTo(
      table.rows.reduce((s, r) => s + (r.cells[3] as number), 0),
      2,
    );
  });

  it('is kept per scope and data version, whatever the window: a manager’s is their branches’, and a changed target shows in the next window', async () => {
    // The previous test left Parramatta's targets on every day of the plan and Bondi's on its first week.
    const manager = await t.login(DEMO_MANAGER);
    const planOf = async (path: string, token: string) =>
      ((await get(path, token)).body.data.tables as Table[]).find((x) => x.id === 'labour_plan')!.rows.map(({ cells }) => cells[4]);
    expect((await planOf('analytics/pages/roster?period=14days', owner))[0]).toBe('2 of 5');
    expect((await planOf('analytics/pages/roster?period=14days', manager))[0]).toBe('2 of 2');
    await db.deleteFrom('targets').where('restaurant_id', '=', BONDI).execute();
    await bumpDataVersion(db, franchiseId);
    expect((await planOf('analytics/pages/roster?period=1month', owner))[0]).toBe('1 of 5');
    expect((await planOf('analytics/pages/roster?period=1month', manager))[0]).toBe('1 of 2');
    await db.deleteFrom('targets').where('restaurant_id', '=', PARRAMATTA).execute();
    await bumpDataVersion(db, franchiseId);
  });

  it('plans a branch already on UTC’s tomorrow from its one labour target, on the plan’s last day', async () => {
    // At 12:00 UTC Kiritimati (UTC+14) is on UTC's tomorrow: its plan's last day is the latest any clock plans for.
    const clock = await db
      .selectFrom('restaurants')
      .select(['time_zone', 'day_starts_at'])
      .where('id', '=', FITZROY)
      .executeTakeFirstOrThrow();
    await db.updateTable('restaurants').set({ time_zone: 'Pacific/Kiritimati', day_starts_at: 0 }).where('id', '=', FITZROY).execute();
    t.advance(12 * 3_600_000);
    try {
      const today = await todayOf(FITZROY);
      expect(today).toBe(addDays(new Date(t.now()).toISOString().slice(0, 10), 1));
      await db
        .insertInto('targets')
        .values({ restaurant_id: FITZROY, day: addDays(today, 14), revenue_cents: 0, labour_cost_tenths: 250 })
        .execute();
      await bumpDataVersion(db, franchiseId);
      // A new sign-in: the owner's token has expired by then.
      const body = (await get(`restaurants/${FITZROY}/analytics/pages/roster?period=7days`, await t.login(OWNER))).body;
      const table = (body.data.tables as Table[]).find((x) => x.id === 'labour_plan')!;
      expect(table.rows.map(({ cells }) => cells[0])).toHaveLength(14);
      expect(table.rows.map(({ cells }) => cells[4])).toEqual([...Array<string>(13).fill('0 of 1'), '1 of 1']);
    } finally {
      t.advance(-12 * 3_600_000);
      await db.deleteFrom('targets').where('restaurant_id', '=', FITZROY).execute();
      await db.updateTable('restaurants').set(clock).where('id', '=', FITZROY).execute();
      await bumpDataVersion(db, franchiseId);
    }
  });
});
