import { sql } from 'kysely';
import { rebuildRollups } from '../../server/analytics/rollups';
import { INGEST_CALLS_PER_MINUTE } from '../../server/auth/rate-limit';
import { MAX_RECORDS_PER_CALL } from '@contract/ingest.contract';
import { inviteMember } from './support/team-members';
import { createTestApp, expectErrorEnvelope, OWNER, RIVAL } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let allBranches: string;
let parramattaOnly: string;
let rivalKey: string;
let sku: string;
let otherSku: string;
let staffEmail: string;
let rivalStaffEmail: string;

// The seed's first restaurant is the owner's (Harbour Eats Parramatta, id 1), the second too (Bondi); the sixth is the rival's.
const PARRAMATTA = 1;
const BONDI = 2;
const RIVAL_RESTAURANT = 6;

async function createKey(token: string, name: string, restaurantId: number | null) {
  const res = await t.call('POST', 'api-keys', { token, body: { name, restaurant_id: restaurantId } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.secret as string;
}

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  const rival = await t.login(RIVAL);
  allBranches = await createKey(owner, 'POS all', null);
  parramattaOnly = await createKey(owner, 'POS Parramatta', PARRAMATTA);
  rivalKey = await createKey(rival, 'Rival POS', null);
  [sku, otherSku] = ['T-BURGER', 'T-FRIES'];
  const menu = await ingest('PUT', 'menu-items', {
    items: [
      { sku, name: 'Test Burger', price_cents: 1200, menu: 'All Day', is_combo: false },
      { sku: otherSku, name: 'Test Fries', price_cents: 600, menu: 'All Day', is_combo: false },
    ],
  });
  expect(menu.status, menu.text).toBe(200);
  const emailAt = async (restaurantId: number) =>
    (
      await database.db
        .selectFrom('people')
        .select('email')
        .where('restaurant_id', '=', restaurantId)
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).email;
  staffEmail = await emailAt(PARRAMATTA);
  rivalStaffEmail = await emailAt(RIVAL_RESTAURANT);
});
afterAll(() => database.close());

const ingest = (method: 'POST' | 'PUT', path: string, body: unknown, key = allBranches) =>
  t.call(method, `/api/v1/ingest/${path}`, { token: key, body });

const order = (externalId: string, overrides: Record<string, unknown> = {}) => ({
  external_id: externalId,
  restaurant_id: PARRAMATTA,
  placed_at: '2026-11-10T12:30:00+11:00',
  channel: 'dine_in',
  source: 'pos',
  guests: 2,
  customer_ref: null,
  status: 'completed',
  lines: [
    { sku, quantity: 2, amount_cents: 2400 },
    { sku: otherSku, quantity: 1, amount_cents: 600 },
  ],
  payments: [{ method: 'card', amount_cents: 3000 }],
  ...overrides,
});

const NO_STATS = { orders_dine_in: 0, orders_voided: 0, revenue_dine_in_cents: 0, guests_new: 0, guests_recurrent: 0, units: 0 };
const statsOn = async (restaurantId: number, day: string) =>
  (await database.db
    .selectFrom('daily_restaurant_stats')
    .select(['orders_dine_in', 'orders_voided', 'revenue_dine_in_cents', 'guests_new', 'guests_recurrent', 'units'])
    .where('restaurant_id', '=', restaurantId)
    .where('day', '=', day)
    .executeTakeFirst()) ?? NO_STATS;

const dataVersion = async () =>
  (await database.db.selectFrom('franchises').select('data_version').where('name', '=', 'Harbour Eats Group').executeTakeFirstOrThrow())
    .data_version;

async function expectRollupsExact() {
  const check = await rebuildRollups(database.db, { check: true });
  expect(check.differing, JSON.stringify(check.tables)).toBe(0);
}

describe('who may call the ingest', () => {
  it('refuses a console token, no token and a revoked key with 401, and a key on console calls with 401', async () => {
    for (const token of [owner, undefined, 'fck_nope']) {
      const res = await t.call('POST', '/api/v1/ingest/orders', { ...(token ? { token } : {}), body: { orders: [order('auth-1')] } });
      expect(res.status).toBe(401);
      expectErrorEnvelope(res.body);
    }
    expect((await t.call('GET', 'restaurants', { token: allBranches })).status).toBe(401);
    const doomed = await createKey(owner, 'Doomed', null);
    const id = (await t.call('GET', 'api-keys', { token: owner })).body.data.find((k: { name: string }) => k.name === 'Doomed').id;
    expect((await t.call('DELETE', `api-keys/${id}`, { token: owner })).status).toBe(200);
    expect((await ingest('POST', 'orders', { orders: [order('auth-2')] }, doomed)).status).toBe(401);
  });

  it('lets the console import the same bodies with the owner session, and not with a key', async () => {
    const res = await t.call('POST', 'import/orders', { token: owner, body: { orders: [order('import-1')] } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await t.call('POST', 'import/orders', { token: allBranches, body: { orders: [order('import-2')] } })).status).toBe(401);
    expect((await t.call('POST', 'import/people', { token: owner, body: {} })).status).toBe(404);
  });
});

describe('orders', () => {
  it('creates, recognises an unchanged resend, and replaces a corrected or voided order in the rollups', async () => {
    const day = '2026-11-09';
    const at = '2026-11-09T08:00:00+11:00';
    const before = await statsOn(BONDI, day);
    const version = await dataVersion();
    const first = await ingest('POST', 'orders', { orders: [order('o-1', { restaurant_id: BONDI, placed_at: at })] });
    expect(first.status, first.text).toBe(200);
    // Once per batch, so every server's cached answers follow.
    expect(await dataVersion()).toBe(version + 1);
    expect(first.body.data).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await statsOn(BONDI, day)).revenue_dine_in_cents).toBe(before.revenue_dine_in_cents + 3000);

    // The same instant written with another offset is the same order.
    const again = await ingest('POST', 'orders', { orders: [order('o-1', { restaurant_id: BONDI, placed_at: '2026-11-08T21:00:00Z' })] });
    expect(again.body.data).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect((await statsOn(BONDI, day)).revenue_dine_in_cents).toBe(before.revenue_dine_in_cents + 3000);

    const corrected = await ingest('POST', 'orders', {
      orders: [
        order('o-1', {
          restaurant_id: BONDI,
          placed_at: at,
          lines: [{ sku, quantity: 1, amount_cents: 1200 }],
          payments: [{ method: 'cash', amount_cents: 1200 }],
        }),
      ],
    });
    expect(corrected.body.data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await statsOn(BONDI, day)).revenue_dine_in_cents).toBe(before.revenue_dine_in_cents + 1200);
    expect((await statsOn(BONDI, day)).units).toBe(before.units + 1);

    const voided = await ingest('POST', 'orders', {
      orders: [order('o-1', { restaurant_id: BONDI, placed_at: at, status: 'voided', payments: [] })],
    });
    expect(voided.body.data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    const after = await statsOn(BONDI, day);
    expect(after.revenue_dine_in_cents).toBe(before.revenue_dine_in_cents);
    expect(after.orders_voided).toBe(before.orders_voided + 1);
    expect(await database.db.selectFrom('orders').select('id').where('external_id', '=', 'o-1').execute()).toHaveLength(1);
    await expectRollupsExact();
  });

  it('takes a discount, a tip, a refund and delivery with its platform; an old-style resend stays unchanged', async () => {
    const day = '2026-11-14';
    const at = (hour: number) => `2026-11-14T${hour}:00:00+11:00`;
    const loss = () =>
      database.db
        .selectFrom('daily_restaurant_stats')
        .select(['orders_delivery', 'revenue_delivery_cents', 'orders_refunded', 'refunded_cents', 'voided_cents'])
        .select(['discount_cents', 'tip_cents', 'gross_sales_cents', 'revenue_dine_in_cents'])
        .where('restaurant_id', '=', BONDI)
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
    const res = await ingest('POST', 'orders', {
      orders: [
        // Lines 3000, discount 500: total 2500, paid with its tip of 300.
        order('m-1', {
          restaurant_id: BONDI,
          placed_at: at(12),
          discount_cents: 500,
          tip_cents: 300,
          payments: [{ method: 'card', amount_cents: 2800 }],
        }),
        order('m-2', {
          restaurant_id: BONDI,
          placed_at: at(18),
          channel: 'delivery',
          platform: 'Uber Eats',
          source: 'app',
          payments: [{ method: 'app', amount_cents: 3000 }],
        }),
        order('m-3', {
          restaurant_id: BONDI,
          placed_at: at(19),
          status: 'refunded',
          discount_cents: 1000,
          tip_cents: 200,
          payments: [{ method: 'card', amount_cents: 2200 }],
        }),
        order('m-4', { restaurant_id: BONDI, placed_at: at(20), status: 'voided', payments: [] }),
        order('m-5', { restaurant_id: BONDI, placed_at: at(21), channel: 'delivery', platform: null }),
      ],
    });
    expect(res.status, res.text).toBe(200);
    expect(await loss()).toEqual({
      orders_delivery: 2,
      revenue_delivery_cents: 6000,
      orders_refunded: 1,
      refunded_cents: 2000,
      voided_cents: 3000,
      discount_cents: 500,
      tip_cents: 300,
      // Completed and refunded orders' lines before discount.
      gross_sales_cents: 4 * 3000,
      revenue_dine_in_cents: 2500,
    });
    const stored = await database.db
      .selectFrom('orders')
      .select(['external_id', 'total_cents', 'discount_cents', 'tip_cents', 'platform'])
      .where('external_id', 'in', ['m-1', 'm-2', 'm-5'])
      .orderBy('external_id')
      .execute();
    expect(stored).toEqual([
      { external_id: 'm-1', total_cents: 2500, discount_cents: 500, tip_cents: 300, platform: null },
      { external_id: 'm-2', total_cents: 3000, discount_cents: 0, tip_cents: 0, platform: 'Uber Eats' },
      { external_id: 'm-5', total_cents: 3000, discount_cents: 0, tip_cents: 0, platform: null },
    ]);
    // An order sent as integrations sent them before these fields, then with their defaults spelled out: the same order.
    const plain = order('m-6', { restaurant_id: BONDI, placed_at: at(13) });
    expect((await ingest('POST', 'orders', { orders: [plain] })).body.data).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const spelled = { ...plain, discount_cents: 0, tip_cents: 0, platform: null };
    expect((await ingest('POST', 'orders', { orders: [spelled] })).body.data).toEqual({ created: 0, updated: 0, unchanged: 1 });
    await expectRollupsExact();
  });

  it('refuses a negative discount or tip, a discount above the lines, payments other than total plus tip, a refund without lines and a long or misplaced platform (422 by path)', async () => {
    const res = await ingest('POST', 'orders', {
      orders: [
        order('x-0', { discount_cents: -1 }),
        order('x-1', { tip_cents: -5 }),
        order('x-2', { discount_cents: 3001, payments: [] }),
        order('x-3', { tip_cents: 200 }),
        order('x-4', { status: 'refunded', lines: [], payments: [] }),
        order('x-5', { channel: 'delivery', platform: 'P'.repeat(41) }),
        order('x-6', { channel: 'takeaway', platform: 'DoorDash' }),
        order('x-7', { status: 'voided', discount_cents: 500, payments: [{ method: 'card', amount_cents: 3000 }] }),
        order('x-8', { channel: 'delivery', platform: '   ' }),
      ],
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors).toEqual({
      'orders[0].discount_cents': ['discount_cents must not be negative'],
      'orders[1].tip_cents': ['tip_cents must not be negative'],
      'orders[2].discount_cents': ["The discount of 3001 cents is more than the lines' 3000 cents"],
      'orders[3].payments': ['Payments add up to 3000 cents but the lines less the discount plus the tip to 3200 cents'],
      'orders[4].lines': ['An order needs at least one line'],
      'orders[5].platform': ['platform must be at most 40 characters'],
      'orders[6].platform': ['Only a delivery order has a platform'],
      'orders[7].payments': ['Payments add up to 3000 cents but the lines less the discount plus the tip to 2500 cents'],
      'orders[8].platform': ['platform must not be blank (send null when the platform is not known)'],
    });
    expect(await database.db.selectFrom('orders').select('id').where('external_id', 'like', 'x-%').execute()).toEqual([]);
  });

  it('knows customers by reference: a back-filled earlier order makes the later one recurrent', async () => {
    const ref = 'loyalty-777';
    await ingest('POST', 'orders', { orders: [order('c-2', { customer_ref: ref, placed_at: '2026-11-12T12:00:00+11:00', guests: 3 })] });
    const later = await database.db.selectFrom('orders').select('recurrent').where('external_id', '=', 'c-2').executeTakeFirstOrThrow();
    expect(later.recurrent).toBe(false);
    await ingest('POST', 'orders', { orders: [order('c-1', { customer_ref: ref, placed_at: '2026-11-11T12:00:00+11:00' })] });
    const flags = await database.db
      .selectFrom('orders')
      .select(['external_id', 'recurrent'])
      .where('external_id', 'in', ['c-1', 'c-2'])
      .orderBy('external_id')
      .execute();
    expect(flags).toEqual([
      { external_id: 'c-1', recurrent: false },
      { external_id: 'c-2', recurrent: true },
    ]);
    expect(await database.db.selectFrom('customers').select('id').where('ref', '=', ref).execute()).toHaveLength(1);
    await expectRollupsExact();
  });

  it('answers 422 with every problem of the batch by path and writes nothing', async () => {
    const versionBefore = await dataVersion();
    const count = async () =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from orders where external_id like 'bad-%'`.execute(database.db)).rows[0]!.n,
      );
    const res = await ingest('POST', 'orders', {
      orders: [
        order('bad-0'),
        order('bad-1', {
          lines: [{ sku: 'NO-SUCH-SKU', quantity: 1, amount_cents: 100 }],
          payments: [{ method: 'card', amount_cents: 100 }],
        }),
        order('bad-2', { payments: [{ method: 'card', amount_cents: 1 }] }),
        order('bad-3', { lines: [{ sku, quantity: -1, amount_cents: 100 }], payments: [{ method: 'card', amount_cents: 100 }] }),
        order('bad-4', { placed_at: '2027-06-01T00:00:00Z' }),
        order('bad-5', { restaurant_id: RIVAL_RESTAURANT }),
        order('bad-0'),
        order('bad-7', { placed_at: '2026-11-10 12:30' }),
      ],
    });
    expect(res.status, res.text).toBe(422);
    expectErrorEnvelope(res.body);
    // Shape problems are reported first (the body is checked before the database is asked).
    expect(Object.keys(res.body.errors).sort()).toEqual(['orders[2].payments', 'orders[3].lines[0].quantity', 'orders[7].placed_at']);
    expect(await count()).toBe(0);

    const refs = await ingest('POST', 'orders', {
      orders: [
        order('bad-0'),
        order('bad-1', {
          lines: [{ sku: 'NO-SUCH-SKU', quantity: 1, amount_cents: 100 }],
          payments: [{ method: 'card', amount_cents: 100 }],
        }),
        order('bad-4', { placed_at: '2027-06-01T00:00:00Z' }),
        order('bad-5', { restaurant_id: RIVAL_RESTAURANT }),
        order('bad-0'),
      ],
    });
    expect(refs.status, refs.text).toBe(422);
    expect(refs.body.errors).toEqual({
      'orders[1].lines[0].sku': ['Unknown SKU "NO-SUCH-SKU"'],
      'orders[2].placed_at': ['placed_at is in the future'],
      'orders[3].restaurant_id': [`Unknown restaurant ${RIVAL_RESTAURANT}`],
      'orders[4].external_id': ['Sent twice in this call (also orders[0])'],
    });
    expect(await count()).toBe(0);
    expect(await dataVersion()).toBe(versionBefore);
  });

  it('keeps a key scoped to one branch to that branch (422 naming the record), and other franchises apart', async () => {
    const res = await ingest('POST', 'orders', { orders: [order('scope-1'), order('scope-2', { restaurant_id: BONDI })] }, parramattaOnly);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'orders[1].restaurant_id': [`This key may only write restaurant ${PARRAMATTA}`] });
    expect(await database.db.selectFrom('orders').select('id').where('external_id', 'like', 'scope-%').execute()).toHaveLength(0);
    expect((await ingest('POST', 'orders', { orders: [order('scope-1')] }, parramattaOnly)).status).toBe(200);
    // The rival's key names the owner's restaurant and SKU: both unknown to it.
    const rival = await ingest('POST', 'orders', { orders: [order('scope-3')] }, rivalKey);
    expect(rival.status).toBe(422);
    expect(rival.body.errors['orders[0].restaurant_id']).toEqual([`Unknown restaurant ${PARRAMATTA}`]);
    expect(rival.body.errors['orders[0].lines[0].sku']).toEqual([`Unknown SKU "${sku}"`]);
  });

  it(`refuses more than ${MAX_RECORDS_PER_CALL} records a call, and unknown fields`, async () => {
    const many = Array.from({ length: MAX_RECORDS_PER_CALL + 1 }, (_, i) => order(`many-${i}`));
    const res = await ingest('POST', 'orders', { orders: many });
    expect(res.status).toBe(422);
    expect(res.body.errors.orders).toEqual([`At most ${MAX_RECORDS_PER_CALL} records per call`]);
    const unknown = await ingest('POST', 'orders', { orders: [{ ...order('u-1'), service_charge_cents: 5 }] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'orders[0].service_charge_cents': ['is not a known field'] });
  });

  it('counts a batch sent twice at once through two servers once', async () => {
    const peer = createTestApp(database.openPeer());
    const batch = { orders: Array.from({ length: 50 }, (_, i) => order(`twice-${i}`, { placed_at: `2026-11-14T0${i % 10}:00:00+11:00` })) };
    const before = await statsOn(PARRAMATTA, '2026-11-14');
    const [a, b] = await Promise.all([
      t.call('POST', '/api/v1/ingest/orders', { token: allBranches, body: batch }),
      peer.call('POST', '/api/v1/ingest/orders', { token: allBranches, body: batch }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data, b.body.data].sort((x, y) => y.created - x.created)).toEqual([
      { created: 50, updated: 0, unchanged: 0 },
      { created: 0, updated: 0, unchanged: 50 },
    ]);
    expect((await statsOn(PARRAMATTA, '2026-11-14')).orders_dine_in).toBe(before.orders_dine_in + 50);
    await expectRollupsExact();
  });
});

describe('menu items, shifts and purchases', () => {
  it('upserts menu items by SKU; a key for one branch may not change the menu', async () => {
    const item = { sku: 'API-1', name: 'Flat White', price_cents: 450, menu: 'All Day', is_combo: false };
    expect((await ingest('PUT', 'menu-items', { items: [item] })).body.data).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await ingest('PUT', 'menu-items', { items: [item, { ...item, sku: 'API-2' }] })).body.data).toEqual({
      created: 1,
      updated: 0,
      unchanged: 1,
    });
    expect((await ingest('PUT', 'menu-items', { items: [{ ...item, price_cents: 500 }] })).body.data).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    const scoped = await ingest('PUT', 'menu-items', { items: [item] }, parramattaOnly);
    expect(scoped.status).toBe(403);
    expectErrorEnvelope(scoped.body);
    const dup = await ingest('PUT', 'menu-items', { items: [item, item] });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ 'items[1].sku': ['Sent twice in this call (also items[0])'] });
  });

  it('takes split shifts of one person on one day, replaces a late clock-out, removes a mistaken shift', async () => {
    const shift = (externalId: string, overrides: Record<string, unknown> = {}) => ({
      external_id: externalId,
      restaurant_id: PARRAMATTA,
      person_email: staffEmail.toUpperCase(),
      day: '2026-11-15',
      assigned_minutes: 180,
      actual_minutes: 175,
      hourly_rate_cents: 3000,
      attended: true,
      ...overrides,
    });
    const hours = async () =>
      database.db
        .selectFrom('daily_staff_hours')
        .innerJoin('people', 'people.id', 'daily_staff_hours.person_id')
        .select(['shifts', 'actual_minutes'])
        .where('people.email', '=', staffEmail)
        .where('day', '=', '2026-11-15')
        .executeTakeFirst();
    const before = (await hours()) ?? { shifts: 0, actual_minutes: 0 };
    const split = await ingest('POST', 'shifts', { shifts: [shift('s-lunch'), shift('s-dinner', { actual_minutes: 200 })] });
    expect(split.status, split.text).toBe(200);
    expect(split.body.data).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await hours()).toEqual({ shifts: before.shifts + 2, actual_minutes: before.actual_minutes + 375 });
    expect((await ingest('POST', 'shifts', { shifts: [shift('s-dinner', { actual_minutes: 230 })] })).body.data).toEqual({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await hours()).toEqual({ shifts: before.shifts + 2, actual_minutes: before.actual_minutes + 405 });
    const removed = await ingest('POST', 'shifts/remove', {
      records: [
        { restaurant_id: PARRAMATTA, external_id: 's-lunch' },
        { restaurant_id: PARRAMATTA, external_id: 'never-sent' },
      ],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ removed: 1 });
    expect(await hours()).toEqual({ shifts: before.shifts + 1, actual_minutes: before.actual_minutes + 230 });

    const foreign = await ingest('POST', 'shifts', {
      shifts: [shift('s-x', { person_email: rivalStaffEmail }), shift('s-y', { day: '2030-01-01' })],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({
      'shifts[0].person_email': [`No person or team member with the e-mail ${rivalStaffEmail} in this franchise`],
      'shifts[1].day': ['day is in the future'],
    });
    await expectRollupsExact();
  });

  it('records an owner’s own shift: a team member not yet staff joins User Management at the branch of their first shift', async () => {
    const shift = (externalId: string, personEmail: string) => ({
      external_id: externalId,
      restaurant_id: BONDI,
      person_email: personEmail,
      day: '2026-11-16',
      assigned_minutes: 240,
      actual_minutes: 250,
      hourly_rate_cents: 3500,
      attended: true,
    });
    const staff = () =>
      database.db.selectFrom('people').select(['id', 'name', 'restaurant_id', 'role', 'status']).where('email', '=', OWNER.email);
    expect(await staff().execute()).toEqual([]);
    // A rival franchise's member is nobody here: refused, and nothing written.
    const rival = await ingest('POST', 'shifts', { shifts: [shift('own-1', OWNER.email), shift('own-2', RIVAL.email)] });
    expect(rival.status).toBe(422);
    expect(rival.body.errors).toEqual({
      'shifts[1].person_email': [`No person or team member with the e-mail ${RIVAL.email} in this franchise`],
    });
    expect(await staff().execute()).toEqual([]);

    const sent = await ingest('POST', 'shifts', { shifts: [shift('own-1', OWNER.email.toUpperCase())] });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const [person] = await staff().execute();
    expect(person).toMatchObject({ name: 'Olivia Owner', restaurant_id: BONDI, role: 'Manager', status: 'Active' });
    const entry = await database.db
      .selectFrom('activity_log')
      .select(['action', 'entity', 'entity_id', 'user_name'])
      .where('entity', '=', 'person')
      .where('entity_id', '=', String(person!.id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: 'created', entity: 'person' });
    // Their next shift finds them as staff: one person, two shifts.
    expect((await ingest('POST', 'shifts', { shifts: [shift('own-3', OWNER.email)] })).status).toBe(200);
    expect(await staff().execute()).toHaveLength(1);
    await expectRollupsExact();
  });

  it('makes a team member staff once when two batches of their shifts arrive at the same moment', async () => {
    const member = { email: 'burst.manager@example.com', name: 'Burst Manager', role: 'manager' as const };
    await inviteMember(t, owner, member);
    const shift = (externalId: string) => ({
      external_id: externalId,
      restaurant_id: BONDI,
      person_email: member.email,
      day: '2026-11-17',
      assigned_minutes: 120,
      actual_minutes: 120,
      hourly_rate_cents: 3000,
      attended: true,
    });
    const sent = await Promise.all(
      ['burst-1', 'burst-2', 'burst-3', 'burst-4'].map((id) => ingest('POST', 'shifts', { shifts: [shift(id)] })),
    );
    expect(sent.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const people = await database.db.selectFrom('people').select('id').where('email', '=', member.email).execute();
    expect(people).toHaveLength(1);
    const shifts = await database.db
      .selectFrom('staff_shifts')
      .select('person_id')
      .where('external_id', 'in', ['burst-1', 'burst-2', 'burst-3', 'burst-4'])
      .execute();
    expect(shifts).toEqual(Array(4).fill({ person_id: people[0]!.id }));
    const created = await database.db
      .selectFrom('activity_log')
      .select('id')
      .where('entity', '=', 'person')
      .where('entity_id', '=', String(people[0]!.id))
      .where('action', '=', 'created')
      .execute();
    expect(created).toHaveLength(1);
    await expectRollupsExact();
  });

  it('creates a supplier on first use, and removes a mistaken purchase', async () => {
    const purchase = {
      external_id: 'p-1',
      restaurant_id: BONDI,
      supplier: 'Fresh Greens Pty Ltd',
      day: '2026-11-16',
      category: 'vegetables',
      quantity: 12,
      amount_cents: 8400,
    };
    const res = await ingest('POST', 'purchases', { purchases: [purchase, { ...purchase, external_id: 'p-2' }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(await database.db.selectFrom('suppliers').select('id').where('name', '=', 'Fresh Greens Pty Ltd').execute()).toHaveLength(1);
    expect((await ingest('POST', 'purchases/remove', { records: [{ restaurant_id: BONDI, external_id: 'p-2' }] })).body.data).toEqual({
      removed: 1,
    });
    const spend = await database.db
      .selectFrom('daily_purchases')
      .innerJoin('suppliers', 'suppliers.id', 'daily_purchases.supplier_id')
      .select(['quantity', 'amount_cents'])
      .where('suppliers.name', '=', 'Fresh Greens Pty Ltd')
      .execute();
    expect(spend).toEqual([{ quantity: 12, amount_cents: 8400 }]);
    const bad = await ingest('POST', 'purchases', { purchases: [{ ...purchase, category: 'Vegetables', quantity: 0 }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['purchases[0].category', 'purchases[0].quantity']);
    await expectRollupsExact();
  });

  it('refuses a menu item or supplier name with a line break, other control character or bidirectional control (422 by path), through a key and the import alike', async () => {
    const message = (label: string) => `${label} cannot contain line breaks, tabs or other control characters`;
    const item = { sku: 'CTRL-1', name: 'Flat White', price_cents: 450, menu: 'All Day', is_combo: false };
    const purchase = {
      external_id: 'p-ctrl',
      restaurant_id: BONDI,
      supplier: 'Fresh Greens',
      day: '2026-11-16',
      category: 'vegetables',
      quantity: 1,
      amount_cents: 100,
    };
    // The ingest puts the menu, the console's import posts it.
    for (const [menuMethod, path, send] of [
      ['PUT', '/api/v1/ingest/', allBranches],
      ['POST', 'import/', owner],
    ] as const) {
      const menu = await t.call(menuMethod, `${path}menu-items`, {
        token: send,
        body: { items: [item, { ...item, sku: 'CTRL-2', name: 'Flat\nWhite' }, { ...item, sku: 'CTRL-3', name: 'Flat White\u2028' }] },
      });
      expect(menu.status, menu.text).toBe(422);
      expect(menu.body.errors).toEqual({ 'items[1].name': [message('name')], 'items[2].name': [message('name')] });
      const bought = await t.call('POST', `${path}purchases`, {
        token: send,
        body: {
          purchases: [
            { ...purchase, supplier: 'Fresh\r\nBcc: x@example.com' },
            { ...purchase, external_id: 'p-ctrl-2', supplier: 'Greens\u202E' },
          ],
        },
      });
      expect(bought.status, bought.text).toBe(422);
      expect(bought.body.errors).toEqual({
        'purchases[0].supplier': [message('supplier')],
        'purchases[1].supplier': [message('supplier')],
      });
    }
    expect(await database.db.selectFrom('menu_items').select('id').where('sku', 'like', 'CTRL-%').execute()).toEqual([]);
  });
});

describe('limits', () => {
  it('answers 429 with Retry-After when a key has used its calls of the minute, without touching another key', async () => {
    const key = await createKey(owner, 'Flood', null);
    const id = (await t.call('GET', 'api-keys', { token: owner })).body.data.find((k: { name: string }) => k.name === 'Flood').id;
    // The minute's calls used up, as a flood would leave them.
    await database.db
      .insertInto('login_attempts')
      .values({ key: `ingest:key:${id}`, window_start: new Date(t.now()), count: INGEST_CALLS_PER_MINUTE })
      .execute();
    const res = await ingest('POST', 'orders', { orders: [order('flood-1')] }, key);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ingest('POST', 'orders', { orders: [order('flood-1')] })).status).toBe(200);
    t.advance(61_000);
    expect((await ingest('POST', 'orders', { orders: [order('flood-2')] }, key)).status).toBe(200);
  });

  it("never fails the console's own calls during a flood of ingest", async () => {
    const flood = Array.from({ length: 8 }, (_, b) =>
      ingest('POST', 'orders', { orders: Array.from({ length: 200 }, (_, i) => order(`flood-${b}-${i}`)) }),
    );
    const console = Array.from({ length: 12 }, (_, i) =>
      t.call('GET', i % 2 ? 'restaurants' : 'analytics/revenues?period=daily&start_date=2026-11-01&end_date=2026-11-14', { token: owner }),
    );
    const [ingested, answered] = await Promise.all([Promise.all(flood), Promise.all(console)]);
    expect(ingested.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(answered.map((r) => r.status)).toEqual(Array(12).fill(200));
  });

  it('takes bodies up to 8 MiB and refuses larger ones with 413', async () => {
    const padding = 'x'.repeat(100);
    const big = { orders: Array.from({ length: 1000 }, (_, i) => order(`big-${i}-${padding}`.slice(0, 100))) };
    expect(JSON.stringify(big).length).toBeGreaterThan(64 * 1024);
    expect((await ingest('POST', 'orders', big)).status).toBe(200);
    const huge = await t.call('POST', '/api/v1/ingest/orders', {
      token: allBranches,
      rawBody: `{"orders":[],"pad":"${'y'.repeat(8 * 1024 * 1024)}"}`,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Request body is too large (limit 8 MiB)');
  });
});
