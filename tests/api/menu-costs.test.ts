import type { ActivityItem } from '@contract/activity.contract';
import { UNKNOWN_SKU_MESSAGE } from '@contract/menu.contract';
import { rebuildRollups } from '../../server/analytics/rollups';
import { activeMember } from './support/team-members';
import { createTestApp, expectErrorEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
let key: string;

// The test clock's today in Sydney is 2026-11-22; restaurant 1 is the owner's Parramatta.
const PARRAMATTA = 1;
const DAY = 86_400_000;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  const res = await t.call('POST', 'api-keys', { token: owner, body: { name: 'POS', restaurant_id: null } });
  key = res.body.data.secret as string;
  manager = (await activeMember(t, owner, { email: 'menu.manager@example.com', name: 'Menu Manager', role: 'manager' })).token;
});
afterAll(() => database.close());

const ingest = (method: 'POST' | 'PUT', path: string, body: unknown) => t.call(method, `/api/v1/ingest/${path}`, { token: key, body });
const putCosts = (costs: unknown, token = owner) => t.call('PUT', 'menu-items/costs', { token, body: { costs } });
const sale = (id: string, placedAt: string, sku: string, quantity: number, amount: number) => ({
  external_id: id,
  restaurant_id: PARRAMATTA,
  placed_at: placedAt,
  channel: 'dine_in',
  source: 'pos',
  guests: 1,
  customer_ref: null,
  status: 'completed',
  lines: [{ sku, quantity, amount_cents: amount }],
  payments: [{ method: 'card', amount_cents: amount }],
});
const WINDOW = 'start_date=2026-11-20&end_date=2026-11-23';
const engineering = async () => {
  const res = await t.call('GET', `restaurants/${PARRAMATTA}/analytics/menu-engineering?${WINDOW}`, { token: owner });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { items: { sku: string; units: number; food_cost: number; margin: number }[]; items_without_cost: number };
};
const foodCost = async () => {
  const res = await t.call('GET', `restaurants/${PARRAMATTA}/analytics/costs?${WINDOW}`, { token: owner });
  expect(res.status, res.text).toBe(200);
  return Math.round((res.body.data.totals.food_cost as number) * 100);
};
const item = async (sku: string) => (await engineering()).items.find((i) => i.sku === sku);
const dataVersion = async () =>
  (await database.db.selectFrom('franchises').select('data_version').where('id', '=', 1).executeTakeFirstOrThrow()).data_version;

describe('menu item costs', () => {
  it('apply from the day sent: a first cost to every day, a later one from its day on; food cost and menu engineering follow', async () => {
    const menu = await ingest('PUT', 'menu-items', {
      items: [
        { sku: 'MC-STEAK', name: 'Cost Steak', price_cents: 2000, menu: 'Dinner', is_combo: false },
        { sku: 'MC-SALAD', name: 'Cost Salad', price_cents: 1000, menu: 'Lunch', is_combo: false, cost_cents: 300 },
      ],
    });
    expect(menu.body.data).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const sent = await ingest('POST', 'orders', {
      orders: [
        sale('mc-1', '2026-11-20T12:00:00+11:00', 'MC-STEAK', 2, 4000),
        sale('mc-2', '2026-11-20T12:30:00+11:00', 'MC-SALAD', 1, 1000),
        sale('mc-3', '2026-11-22T08:00:00+11:00', 'MC-STEAK', 1, 2000),
      ],
    });
    expect(sent.status, sent.text).toBe(200);
    expect(await item('MC-SALAD')).toMatchObject({ units: 1, food_cost: 3, margin: 7 });
    expect(await item('MC-STEAK')).toBeUndefined();
    const uncosted = (await engineering()).items_without_cost;
    expect(uncosted).toBeGreaterThanOrEqual(1);
    // Both cost pages say so, to every member, and who sets costs.
    const notes = async (token: string) =>
      Promise.all(
        ['costs', 'menu-engineering'].map(
          async (page) => (await t.call('GET', `restaurants/${PARRAMATTA}/analytics/pages/${page}?${WINDOW}`, { token })).body.data.note,
        ),
      );
    const note = (n: number) =>
      n === 1
        ? '1 dish sold in this window has no cost: food cost leaves it out. Owners set costs on the Menu page.'
        : `${n} dishes sold in this window have no cost: food cost leaves them out. Owners set costs on the Menu page.`;
    expect(await notes(owner)).toEqual([note(uncosted), note(uncosted)]);
    expect(await notes(manager)).toEqual([note(uncosted), note(uncosted)]);

    // A first cost: every day of the steak's trade, before today too.
    const before = await foodCost();
    const first = await putCosts([{ sku: 'MC-STEAK', cost_cents: 800 }]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(await item('MC-STEAK')).toMatchObject({ units: 3, food_cost: 24, margin: 36 });
    expect(await foodCost()).toBe(before + 3 * 800);
    expect((await engineering()).items_without_cost).toBe(uncosted - 1);
    expect(await notes(owner)).toEqual(uncosted === 1 ? [null, null] : [note(uncosted - 1), note(uncosted - 1)]);

    // The next day a new cost: the days before keep 800, the new day's steak costs 1000.
    t.advance(DAY);
    // A day on, the sessions of the day before have expired.
    owner = await t.login(OWNER);
    manager = await t.login({ email: 'menu.manager@example.com', password: 'member-password' });
    expect((await putCosts([{ sku: 'MC-STEAK', cost_cents: 1000 }])).body.data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await ingest('POST', 'orders', { orders: [sale('mc-4', '2026-11-23T12:00:00+11:00', 'MC-STEAK', 1, 2000)] })).status).toBe(200);
    expect(await item('MC-STEAK')).toMatchObject({ units: 4, food_cost: 34, margin: 46 });
    expect(await foodCost()).toBe(before + 3 * 800 + 1000);

    // Sent again, the same cost changes nothing; the menu lists today's cost beside the price.
    expect((await putCosts([{ sku: 'MC-STEAK', cost_cents: 1000 }])).body.data).toEqual({ created: 0, updated: 0, unchanged: 1 });
    const list = await t.call('GET', 'menu-items', { token: owner });
    expect(list.body.data).toContainEqual({
      sku: 'MC-STEAK',
      name: 'Cost Steak',
      menu: 'Dinner',
      is_combo: false,
      price_cents: 2000,
      cost_cents: 1000,
    });
    expect(list.body.data).toContainEqual(expect.objectContaining({ sku: 'MC-SALAD', cost_cents: 300 }));

    // Through the ingest: a cost alone changing is an update; the same cost again is unchanged.
    const salad = { sku: 'MC-SALAD', name: 'Cost Salad', price_cents: 1000, menu: 'Lunch', is_combo: false };
    expect((await ingest('PUT', 'menu-items', { items: [{ ...salad, cost_cents: 300 }] })).body.data).toEqual({
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    expect((await ingest('PUT', 'menu-items', { items: [{ ...salad, cost_cents: 350 }] })).body.data).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    // Today's salad cost is 350, the 20th's stays 300.
    expect(await item('MC-SALAD')).toMatchObject({ units: 1, food_cost: 3 });
    const check = await rebuildRollups(database.db, { check: true });
    expect(check.differing, JSON.stringify(check.tables)).toBe(0);
  });

  it('refuses an unknown SKU, one sent twice and a negative or fractional cost with 422 by path, writing nothing', async () => {
    const costs = async () => (await database.db.selectFrom('menu_item_costs').selectAll().execute()).length;
    const [rows, version] = [await costs(), await dataVersion()];
    const res = await putCosts([
      { sku: 'NO-SUCH-DISH', cost_cents: 100 },
      { sku: 'MC-SALAD', cost_cents: 100 },
      { sku: 'MC-SALAD', cost_cents: 120 },
    ]);
    expect(res.status, res.text).toBe(422);
    expectErrorEnvelope(res.body);
    expect(res.body.errors).toEqual({
      'costs[0].sku': [UNKNOWN_SKU_MESSAGE],
      'costs[2].sku': ['Sent twice in this call (also costs[1])'],
    });
    const shape = await putCosts([
      { sku: 'MC-SALAD', cost_cents: -1 },
      { sku: 'MC-STEAK', cost_cents: 1.5 },
    ]);
    expect(shape.status).toBe(422);
    expect(shape.body.errors).toEqual({
      'costs[0].cost_cents': ['cost_cents must not be negative'],
      'costs[1].cost_cents': ['cost_cents must be a whole number'],
    });
    const viaIngest = await ingest('PUT', 'menu-items', {
      items: [{ sku: 'MC-SALAD', name: 'Cost Salad', price_cents: 1000, menu: 'Lunch', is_combo: false, cost_cents: -5 }],
    });
    expect(viaIngest.status).toBe(422);
    expect(viaIngest.body.errors).toEqual({ 'items[0].cost_cents': ['cost_cents must not be negative'] });
    expect([await costs(), await dataVersion()]).toEqual([rows, version]);
  });

  it('are the owners’: a manager’s call does not exist (404); an owner’s change is in the activity log, before and after', async () => {
    expect((await putCosts([{ sku: 'MC-SALAD', cost_cents: 1 }], manager)).status).toBe(404);
    expect((await t.call('GET', 'menu-items', { token: manager })).status).toBe(404);
    expect((await putCosts([{ sku: 'MC-SALAD', cost_cents: 360 }])).status).toBe(200);
    const entries = (await t.call('GET', 'activity?entity=menu', { token: owner })).body.data.items as ActivityItem[];
    expect(entries[0]).toMatchObject({ action: 'updated', entity: 'menu', entity_id: null, changes: { 'MC-SALAD': [350, 360] } });
  });
  it('give the Menu Engineering page’s cards the window before to compare with, or none when no costed dish sold in it', async () => {
    const page = async (query: string) => {
      const res = await t.call('GET', `restaurants/${PARRAMATTA}/analytics/pages/menu-engineering?${query}`, { token: owner });
      expect(res.status, res.text).toBe(200);
      return new Map((res.body.data.cards as { id: string; value: number; previous: number | null }[]).map((c) => [c.id, c]));
    };
    // The 20th and 21st (the steak and the salad sold on the 20th) before the 22nd and 23rd.
    const cards = await page('start_date=2026-11-22&end_date=2026-11-23');
    const res = await t.call('GET', `restaurants/${PARRAMATTA}/analytics/menu-engineering?start_date=2026-11-20&end_date=2026-11-21`, {
      token: owner,
    });
    const before = res.body.data as { items: { class: string; units: number; revenue: number; food_cost: number }[] };
    expect(before.items.length).toBeGreaterThanOrEqual(2);
    const count = (c: string) => before.items.filter((i) => i.class === c).length;
    const cents = (pick: (i: (typeof before.items)[number]) => number) => before.items.reduce((t, i) => t + Math.round(pick(i) * 100), 0);
    const [revenue, food, units] = [cents((i) => i.revenue), cents((i) => i.food_cost), before.items.reduce((t, i) => t + i.units, 0)];
    expect(Object.fromEntries([...cards].map(([id, c]) => [id, c.previous]))).toEqual({
      stars: count('star'),
      plowhorses: count('plowhorse'),
      puzzles: count('puzzle'),
      dogs: count('dog'),
      dish_food_cost_pct: Math.round((food * 1000) / revenue) / 10,
      margin_per_unit: Math.round((revenue - food) / units) / 100,
    });
    // Years before any trade: nothing to compare with.
    const empty = await page('start_date=2020-01-06&end_date=2020-01-07');
    expect([...empty.values()].map((c) => c.previous)).toEqual([null, null, null, null, null, null]);
  });
});
