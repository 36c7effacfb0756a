import { validAbn } from '../support/abn';
import { activeMember } from './support/team-members';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The Loss answer through HTTP (docs/product.md#loss): a day of orders sent with an ingest key to a new branch,
// read back to the cent, per branch and franchise-wide, as a file, by a read key and within a manager's reach.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let ingestKey: string;
let readKey: string;
let branch: number;

const DAY = '2026-11-20';
const WINDOW = `period=daily&start_date=${DAY}&end_date=${DAY}`;

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  const key = async (name: string, access: 'ingest' | 'read') =>
    (await t.call('POST', 'api-keys', { token: owner, body: { name, restaurant_id: null, access } })).body.data.secret as string;
  ingestKey = await key('Till', 'ingest');
  readKey = await key('Reports', 'read');
  const created = await t.call('POST', 'restaurants', {
    token: owner,
    body: {
      logo: null,
      name: 'Loss Street',
      abn_no: validAbn(810_000_001),
      address: '1 Loss Street',
      suburb: 'Tickton',
      post_code: '2000',
      city: 'Sydney',
      state: 'NSW',
      phone_no: '(02) 9977 1234',
      email: 'loss@example.com',
      business_type: 'Cafe',
      capacity: 40,
      status: 'Active',
    },
  });
  expect(created.status, created.text).toBe(201);
  branch = created.body.data.id;
  const menu = await t.call('PUT', '/api/v1/ingest/menu-items', {
    token: ingestKey,
    body: { items: [{ sku: 'LOSS-PIE', name: 'Loss Pie', price_cents: 1000, menu: 'All Day', is_combo: false }] },
  });
  expect(menu.status, menu.text).toBe(200);
  const order = (id: string, hour: number, extra: Record<string, unknown>) => ({
    external_id: id,
    restaurant_id: branch,
    placed_at: `${DAY}T${hour}:00:00+11:00`,
    channel: 'dine_in',
    source: 'pos',
    guests: 1,
    customer_ref: null,
    status: 'completed',
    lines: [{ sku: 'LOSS-PIE', quantity: 4, amount_cents: 4000 }],
    payments: [{ method: 'card', amount_cents: 4000 }],
    ...extra,
  });
  const sent = await t.call('POST', '/api/v1/ingest/orders', {
    token: ingestKey,
    body: {
      orders: [
        // Gross 4000, discount 1000, tip 500: paid 3500.
        order('L-1', 12, { discount_cents: 1000, tip_cents: 500, payments: [{ method: 'card', amount_cents: 3500 }] }),
        order('L-2', 13, { channel: 'delivery', platform: 'DoorDash', source: 'app', payments: [{ method: 'app', amount_cents: 4000 }] }),
        // Refunded: gross 4000, its total 3600 given back; its tip is not counted.
        order('L-3', 14, { status: 'refunded', discount_cents: 400, tip_cents: 100, payments: [{ method: 'card', amount_cents: 3700 }] }),
        order('L-4', 15, { status: 'voided', payments: [] }),
      ],
    },
  });
  expect(sent.status, sent.text).toBe(200);
});
afterAll(() => database.close());

// Gross sales 12,000 cents: voids 4,000 (33.3 %), discounts 1,000 (8.3 %), refunds 3,600 (30 %), tips 500 (4.2 %).
const FIGURES = {
  gross_sales: 120,
  voided: 1,
  voided_value: 40,
  voided_pct: 33.3,
  discounts: 10,
  discounts_pct: 8.3,
  refunded: 1,
  refunded_value: 36,
  refunded_pct: 30,
  tips: 5,
  tips_pct: 4.2,
  loss: 86,
  loss_pct: 71.7,
};

describe('the loss answer', () => {
  it("reads a branch's day of voids, discounts, refunds and tips to the cent, and the branch first among the franchise's", async () => {
    const one = await t.call('GET', `restaurants/${branch}/analytics/loss?${WINDOW}`, { token: owner });
    expect(one.status, one.text).toBe(200);
    expect(one.body.data.totals).toEqual(FIGURES);
    expect(one.body.data.series).toEqual([{ label: expect.any(String), start_date: DAY, end_date: DAY, ...FIGURES }]);
    expect(one.body.data.restaurants).toEqual([{ id: branch, name: 'Loss Street', ...FIGURES }]);

    const all = await t.call('GET', `analytics/loss?${WINDOW}`, { token: owner });
    expect(all.status, all.text).toBe(200);
    const mine = all.body.data.restaurants.find((r: { id: number }) => r.id === branch);
    expect(mine).toEqual({ id: branch, name: 'Loss Street', ...FIGURES });
    // The worst branch first: no demo branch loses 71.7 % of its gross sales.
    expect(all.body.data.restaurants[0].id).toBe(branch);
    expect(all.body.data.totals.gross_sales).toBeGreaterThanOrEqual(FIGURES.gross_sales);
    // The delivery order is revenue on its channel.
    const revenues = await t.call('GET', `restaurants/${branch}/analytics/revenues?${WINDOW}`, { token: owner });
    expect(revenues.body.data.totals).toMatchObject({ revenue: 70, dine_in: 30, takeaway: 0, delivery: 40, orders: 2 });
  });

  it('is a file for members (CSV rows as the answer), an answer for a read key but no file, and a 404 outside a manager’s reach', async () => {
    const csv = await t.call('GET', `restaurants/${branch}/analytics/pages/loss/export?${WINDOW}&format=csv`, { token: owner });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain('Date,Gross Sales,Voids,Discounts,Refunds,Tips,Loss % of Gross Sales\r\n');
    expect(csv.text).toContain('Total,120.00,40.00,10.00,36.00,5.00,71.7\r\n');

    expect((await t.call('GET', `analytics/loss?${WINDOW}`, { token: readKey })).status).toBe(200);
    expect((await t.call('GET', `analytics/pages/loss/export?${WINDOW}&format=csv`, { token: readKey })).status).toBe(401);

    // A manager of Parramatta only: the new branch is out of reach, and not among their branches.
    const manager = (await activeMember(t, owner, { email: 'loss.manager@example.com', name: 'Loss Manager' })).token;
    expect((await t.call('GET', `restaurants/${branch}/analytics/loss?${WINDOW}`, { token: manager })).status).toBe(404);
    const theirs = await t.call('GET', `analytics/loss?${WINDOW}`, { token: manager });
    expect(theirs.status, theirs.text).toBe(200);
    expect(theirs.body.data.restaurants.map((r: { id: number }) => r.id)).toEqual([1]);
  });
});
