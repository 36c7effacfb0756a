import { validAbn } from '../support/abn';
import { activeMember } from './support/team-members';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The hours answer through HTTP (docs/product.md#hours): orders sent with an ingest key to a Perth branch whose day
// starts at 04:00, read back by weekday of the trading day and local hour; the branch's clock moved re-files them.
// Per branch and franchise-wide, as the Order page's dayparts and file, by a read key and within a manager's reach.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let ingestKey: string;
let branch: number;

// Friday 20 November 2026; Perth is UTC+8 all year.
const WINDOW = 'period=daily&start_date=2026-11-16&end_date=2026-11-22';
const BODY = {
  logo: null,
  name: 'Hour Street',
  abn_no: validAbn(810_000_011),
  address: '1 Hour Street',
  suburb: 'Perth',
  post_code: '6000',
  city: 'Perth',
  state: 'WA',
  phone_no: '(08) 9977 1234',
  email: 'hours@example.com',
  business_type: 'Bar',
  capacity: 40,
  status: 'Active',
};

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  ingestKey = (await t.call('POST', 'api-keys', { token: owner, body: { name: 'Till', restaurant_id: null, access: 'ingest' } })).body.data
    .secret as string;
  const created = await t.call('POST', 'restaurants', {
    token: owner,
    body: { ...BODY, time_zone: 'Australia/Perth', day_starts_at: '04:00' },
  });
  expect(created.status, created.text).toBe(201);
  branch = created.body.data.id;
  const menu = await t.call('PUT', '/api/v1/ingest/menu-items', {
    token: ingestKey,
    body: { items: [{ sku: 'HOUR-ALE', name: 'Hour Ale', price_cents: 1000, menu: 'All Day', is_combo: false }] },
  });
  expect(menu.status, menu.text).toBe(200);
  const order = (id: string, placedAt: string, cents: number, status = 'completed') => ({
    external_id: id,
    restaurant_id: branch,
    placed_at: placedAt,
    channel: 'dine_in',
    source: 'pos',
    guests: 1,
    customer_ref: null,
    status,
    lines: [{ sku: 'HOUR-ALE', quantity: 1, amount_cents: cents }],
    payments: status === 'voided' ? [] : [{ method: 'card', amount_cents: cents }],
  });
  const sent = await t.call('POST', '/api/v1/ingest/orders', {
    token: ingestKey,
    body: {
      orders: [
        order('H-1', '2026-11-20T12:15:00+08:00', 1000),
        order('H-2', '2026-11-20T12:45:00+08:00', 1500),
        // Saturday 01:30 before the 04:00 day start: Friday's trade, hour 1.
        order('H-3', '2026-11-21T01:30:00+08:00', 2000),
        // Not sales: in no cell.
        order('H-4', '2026-11-20T18:00:00+08:00', 900, 'voided'),
        order('H-5', '2026-11-20T19:00:00+08:00', 900, 'refunded'),
      ],
    },
  });
  expect(sent.status, sent.text).toBe(200);
});
afterAll(() => database.close());

type Cell = { weekday: number; hour: number; orders: number; revenue: number };
const busy = (cells: Cell[]) => cells.filter((c) => c.orders > 0);

describe('the hours answer', () => {
  it("counts a branch's completed orders by its trading day's weekday and its local hour, and every cell of the week", async () => {
    const one = await t.call('GET', `restaurants/${branch}/analytics/hours?${WINDOW}`, { token: owner });
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.window).toMatchObject({ start_date: '2026-11-16', end_date: '2026-11-22' });
    expect(one.body.data.cells).toHaveLength(168);
    expect(busy(one.body.data.cells)).toEqual([
      { weekday: 5, hour: 1, orders: 1, revenue: 20 },
      { weekday: 5, hour: 12, orders: 2, revenue: 25 },
    ]);
    // Franchise-wide, the branch's orders are in the same cells, beside the demo branches'.
    const all = await t.call('GET', `analytics/hours?${WINDOW}`, { token: owner });
    expect(all.status, all.text).toBe(200);
    const friday1 = all.body.data.cells.find((c: Cell) => c.weekday === 5 && c.hour === 1);
    expect(friday1.orders).toBeGreaterThanOrEqual(1);
  });

  it("the Order page's Hours of the Day sums the dayparts, on screen and in its CSV", async () => {
    const page = await t.call('GET', `restaurants/${branch}/analytics/pages/order?${WINDOW}`, { token: owner });
    expect(page.status, page.text).toBe(200);
    const table = page.body.data.tables.find((x: { id: string }) => x.id === 'dayparts');
    expect(table.rows.map((r: { cells: unknown[] }) => r.cells)).toEqual([
      ['Breakfast', '06:00–11:00', 0, 0, 0],
      ['Lunch', '11:00–14:00', 2, 25, 55.6],
      ['Afternoon', '14:00–17:00', 0, 0, 0],
      ['Dinner', '17:00–21:00', 0, 0, 0],
      ['Late', '21:00–06:00', 1, 20, 44.4],
    ]);
    expect(table.total.cells).toEqual(['Total', null, 3, 45, 100]);
    expect(page.body.data.heatmap.table).toBe('dayparts');
    expect(busy(page.body.data.heatmap.cells)).toHaveLength(2);
    const csv = await t.call('GET', `restaurants/${branch}/analytics/pages/order/export?${WINDOW}&format=csv`, { token: owner });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.text).toContain('Daypart,Hours,Orders,Revenue,Share of Revenue\r\n');
    expect(csv.text).toContain('Late,21:00–06:00,1,20.00,44.4\r\n');
    const pdf = await t.call('GET', `restaurants/${branch}/analytics/pages/order/export?${WINDOW}&format=pdf`, { token: owner });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('is an answer for a read key, and a 404 outside a manager’s reach', async () => {
    const readKey = (await t.call('POST', 'api-keys', { token: owner, body: { name: 'Reports', restaurant_id: null, access: 'read' } }))
      .body.data.secret as string;
    expect((await t.call('GET', `restaurants/${branch}/analytics/hours?${WINDOW}`, { token: readKey })).status).toBe(200);
    expect((await t.call('GET', `restaurants/${branch}/analytics/hours?${WINDOW}`, { token: ingestKey })).status).toBe(403);
    const manager = (await activeMember(t, owner, { email: 'hours.manager@example.com', name: 'Hours Manager' })).token;
    expect((await t.call('GET', `restaurants/${branch}/analytics/hours?${WINDOW}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `analytics/hours?${WINDOW}&like_for_like=maybe`, { token: owner })).status).toBe(422);
  });

  it("re-files the hours when the branch's clock moves: Sydney's midday, the day start back to midnight", async () => {
    const {
      id: _id,
      location: _location,
      subscriptions: _subscriptions,
      restaurant_user: _user,
      ...current
    } = (await t.call('GET', `restaurants/${branch}`, { token: owner })).body.data;
    const moved = await t.call('PUT', `restaurants/${branch}`, {
      token: owner,
      body: { ...current, time_zone: 'Australia/Sydney', day_starts_at: '00:00' },
    });
    expect(moved.status, moved.text).toBe(200);
    const one = await t.call('GET', `restaurants/${branch}/analytics/hours?${WINDOW}`, { token: owner });
    // Sydney is UTC+11 in November: 12:15 and 12:45 in Perth are 15:15 and 15:45; Perth's Saturday 01:30 is 04:30, a Saturday.
    expect(busy(one.body.data.cells)).toEqual([
      { weekday: 5, hour: 15, orders: 2, revenue: 25 },
      { weekday: 6, hour: 4, orders: 1, revenue: 20 },
    ]);
  });
});
