import { sql } from 'kysely';
import { addDays } from '../../server/analytics/calendar';
import { generateDay } from '../../server/analytics/demo/generate';
import { lastTradeAt, prepareDemoFranchise, writeTrade } from '../../server/analytics/demo/write';
import { ForeignReferenceError, recordOrders, recordPurchases, recordShifts, type OrderInput } from '../../server/analytics/ingest';
import { rebuildRollups } from '../../server/analytics/rollups';
import type { Db } from '../../server/db/database';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
let franchiseId: number;
let rivalId: number;
let parramatta: number;
let bondi: number;
let rivalRestaurant: number;
let burger: number;
let combo: number;
let rivalItem: number;
let supplier: number;
let people: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const franchise = (name: string) => db.selectFrom('franchises').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  const restaurant = (name: string) => db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  franchiseId = (await franchise('Harbour Eats Group')).id;
  rivalId = (await franchise('Southern Cross Dining Co')).id;
  parramatta = (await restaurant('Harbour Eats Parramatta')).id;
  bondi = (await restaurant('Harbour Eats Bondi')).id;
  rivalRestaurant = (await restaurant('Southern Cross Glenelg')).id;
  const item = async (f: number, sku: string, is_combo = false) =>
    (
      await db
        .insertInto('menu_items')
        .values({ franchise_id: f, sku, name: sku, price_cents: 1000, menu: 'All Day', is_combo })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  burger = await item(franchiseId, 'T-BURGER');
  combo = await item(franchiseId, 'T-COMBO', true);
  rivalItem = await item(rivalId, 'T-RIVAL');
  supplier = (
    await db.insertInto('suppliers').values({ franchise_id: franchiseId, name: 'T Fresh' }).returning('id').executeTakeFirstOrThrow()
  ).id;
  people = (await db.selectFrom('people').select('id').where('restaurant_id', '=', parramatta).orderBy('id').execute()).map((p) => p.id);
});
afterAll(() => database.close());

const newCustomer = async (f = franchiseId) =>
  (await db.insertInto('customers').values({ franchise_id: f, name: 'Test Customer' }).returning('id').executeTakeFirstOrThrow()).id;

const dataVersion = async () =>
  (await db.selectFrom('franchises').select('data_version').where('id', '=', franchiseId).executeTakeFirstOrThrow()).data_version;

const order = (o: Partial<OrderInput> & Pick<OrderInput, 'placedAt'>): OrderInput => ({
  restaurantId: parramatta,
  channel: 'dine_in',
  source: 'pos',
  guests: 2,
  customerId: null,
  status: 'completed',
  lines: [{ menuItemId: burger, quantity: 1, amountCents: 1000 }],
  payments: [{ method: 'card', amountCents: 1000 }],
  ...o,
});

const statsOn = (restaurantId: number, from: string, to: string) =>
  db
    .selectFrom('daily_restaurant_stats')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();

const zeroStats = {
  orders_dine_in: 0,
  orders_takeaway: 0,
  orders_pos: 0,
  orders_app: 0,
  orders_voided: 0,
  revenue_dine_in_cents: 0,
  revenue_takeaway_cents: 0,
  revenue_pos_cents: 0,
  revenue_app_cents: 0,
  guests_recurrent: 0,
  guests_new: 0,
  transactions: 0,
  units: 0,
  orders_delivery: 0,
  orders_refunded: 0,
  revenue_delivery_cents: 0,
  voided_cents: 0,
  refunded_cents: 0,
  discount_cents: 0,
  tip_cents: 0,
  gross_sales_cents: 0,
  food_cost_cents: 0,
};

describe('recordOrders', () => {
  it('writes the raw rows and adds each order to its restaurant, item and franchise-item rollups (voided: only counted as voided)', async () => {
    const customer = await newCustomer();
    const before = await dataVersion();
    await recordOrders(db, franchiseId, [
      // 2026-02-02 in Sydney (AEDT, UTC+11).
      order({
        placedAt: new Date('2026-02-02T01:00:00Z'),
        customerId: customer,
        guests: 3,
        lines: [
          { menuItemId: burger, quantity: 2, amountCents: 2400 },
          { menuItemId: combo, quantity: 1, amountCents: 1850 },
        ],
        // A split bill: two transactions.
        payments: [
          { method: 'card', amountCents: 2000 },
          { method: 'cash', amountCents: 2250 },
        ],
      }),
      order({
        placedAt: new Date('2026-02-02T08:00:00Z'),
        channel: 'takeaway',
        source: 'app',
        guests: 1,
        lines: [{ menuItemId: combo, quantity: 3, amountCents: 5550 }],
        payments: [{ method: 'app', amountCents: 5550 }],
      }),
      order({
        placedAt: new Date('2026-02-02T09:00:00Z'),
        guests: 4,
        status: 'voided',
        lines: [{ menuItemId: burger, quantity: 5, amountCents: 6000 }],
        payments: [{ method: 'card', amountCents: 6000 }],
      }),
      order({ placedAt: new Date('2026-02-02T03:00:00Z'), restaurantId: bondi, channel: 'takeaway', guests: 2 }),
    ]);
    expect(await dataVersion()).toBe(before + 1);

    const orders = await db
      .selectFrom('orders')
      .select(['restaurant_id', 'day', 'total_cents', 'status', 'recurrent'])
      .where('day', '=', '2026-02-02')
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { restaurant_id: parramatta, day: '2026-02-02', total_cents: 4250, status: 'completed', recurrent: false },
      { restaurant_id: parramatta, day: '2026-02-02', total_cents: 5550, status: 'completed', recurrent: false },
      { restaurant_id: parramatta, day: '2026-02-02', total_cents: 6000, status: 'voided', recurrent: false },
      { restaurant_id: bondi, day: '2026-02-02', total_cents: 1000, status: 'completed', recurrent: false },
    ]);
    const { rows: counts } = await sql<{ lines: number; payments: number }>`
      select (select count(*)::int from order_lines l join orders o on o.id = l.order_id where o.day = '2026-02-02') as lines,
             (select count(*)::int from payment_transactions p join orders o on o.id = p.order_id where o.day = '2026-02-02') as payments`.execute(
      db,
    );
    expect(counts[0]).toEqual({ lines: 5, payments: 5 });

    expect(await statsOn(parramatta, '2026-02-01', '2026-02-03')).toEqual([
      {
        ...zeroStats,
        restaurant_id: parramatta,
        day: '2026-02-02',
        orders_dine_in: 1,
        orders_takeaway: 1,
        orders_pos: 1,
        orders_app: 1,
        orders_voided: 1,
        revenue_dine_in_cents: 4250,
        revenue_takeaway_cents: 5550,
        revenue_pos_cents: 4250,
        revenue_app_cents: 5550,
        guests_new: 4,
        transactions: 3,
        units: 6,
        voided_cents: 6000,
        gross_sales_cents: 9800,
      },
    ]);
    expect(await statsOn(bondi, '2026-02-01', '2026-02-03')).toEqual([
      {
        ...zeroStats,
        restaurant_id: bondi,
        day: '2026-02-02',
        orders_takeaway: 1,
        orders_pos: 1,
        revenue_takeaway_cents: 1000,
        revenue_pos_cents: 1000,
        guests_new: 2,
        transactions: 1,
        units: 1,
        gross_sales_cents: 1000,
      },
    ]);
    // Both branches' rows summed, voided orders as voided only.
    expect(await db.selectFrom('daily_franchise_stats').selectAll().where('day', '=', '2026-02-02').execute()).toEqual([
      {
        ...zeroStats,
        franchise_id: franchiseId,
        day: '2026-02-02',
        voided_cents: 6000,
        gross_sales_cents: 10800,
        orders_dine_in: 1,
        orders_takeaway: 2,
        orders_pos: 2,
        orders_app: 1,
        orders_voided: 1,
        revenue_dine_in_cents: 4250,
        revenue_takeaway_cents: 6550,
        revenue_pos_cents: 5250,
        revenue_app_cents: 5550,
        guests_recurrent: 0,
        guests_new: 6,
        transactions: 4,
        units: 7,
      },
    ]);
    const items = await db
      .selectFrom('daily_item_sales')
      .select(['restaurant_id', 'menu_item_id', 'units', 'revenue_cents'])
      .where('day', '=', '2026-02-02')
      .orderBy('restaurant_id')
      .orderBy('menu_item_id')
      .execute();
    expect(items).toEqual(
      [
        { restaurant_id: parramatta, menu_item_id: burger, units: 2, revenue_cents: 2400 },
        { restaurant_id: parramatta, menu_item_id: combo, units: 4, revenue_cents: 7400 },
        { restaurant_id: bondi, menu_item_id: burger, units: 1, revenue_cents: 1000 },
      ].sort((a, b) => a.restaurant_id - b.restaurant_id || a.menu_item_id - b.menu_item_id),
    );
    const franchiseItems = await db
      .selectFrom('daily_franchise_item_sales')
      .select(['franchise_id', 'menu_item_id', 'units', 'revenue_cents'])
      .where('day', '=', '2026-02-02')
      .orderBy('menu_item_id')
      .execute();
    expect(franchiseItems).toEqual([
      { franchise_id: franchiseId, menu_item_id: burger, units: 3, revenue_cents: 3400 },
      { franchise_id: franchiseId, menu_item_id: combo, units: 4, revenue_cents: 7400 },
    ]);
  });

  it('adds a later batch of the same day to the rollup rows already there', async () => {
    await recordOrders(db, franchiseId, [order({ placedAt: new Date('2026-02-09T02:00:00Z'), guests: 1 })]);
    await recordOrders(db, franchiseId, [
      order({ placedAt: new Date('2026-02-09T03:00:00Z'), guests: 5, payments: [] }),
      order({ placedAt: new Date('2026-02-09T04:00:00Z'), status: 'voided' }),
    ]);
    expect(await statsOn(parramatta, '2026-02-09', '2026-02-09')).toEqual([
      {
        ...zeroStats,
        restaurant_id: parramatta,
        day: '2026-02-09',
        orders_dine_in: 2,
        orders_pos: 2,
        orders_voided: 1,
        revenue_dine_in_cents: 2000,
        revenue_pos_cents: 2000,
        guests_new: 6,
        transactions: 1,
        units: 2,
        voided_cents: 1000,
        gross_sales_cents: 2000,
      },
    ]);
    expect(
      await db
        .selectFrom('daily_franchise_stats')
        .select(['orders_dine_in', 'orders_voided', 'units'])
        .where('day', '=', '2026-02-09')
        .execute(),
    ).toEqual([{ orders_dine_in: 2, orders_voided: 1, units: 2 }]);
  });

  it('appending whole new days: inserts their rollup rows as a rebuild has them, and on a day already stored fails and writes nothing', async () => {
    const day = '2026-09-15';
    expect(await statsOn(parramatta, day, day)).toEqual([]);
    const shift = {
      restaurantId: parramatta,
      personId: people[0]!,
      day,
      assignedMinutes: 60,
      actualMinutes: 55,
      hourlyRateCents: 3000,
      attended: true,
    };
    const purchase = { restaurantId: parramatta, supplierId: supplier, day, category: 'meat' as const, quantity: 2, amountCents: 900 };
    await recordShifts(db, franchiseId, [shift], { appending: true });
    await recordPurchases(db, franchiseId, [purchase], { appending: true });
    await recordOrders(
      db,
      franchiseId,
      [
        order({
          placedAt: new Date('2026-09-15T02:00:00Z'),
          channel: 'delivery',
          platform: 'Uber Eats',
          discountCents: 100,
          tipCents: 50,
          payments: [{ method: 'card', amountCents: 950 }],
        }),
        order({ placedAt: new Date('2026-09-15T03:00:00Z'), status: 'voided' }),
      ],
      { appending: true },
    );
    expect(await statsOn(parramatta, day, day)).toMatchObject([
      { orders_delivery: 1, orders_voided: 1, discount_cents: 100, tip_cents: 50 },
    ]);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);

    const [stats, version] = [await statsOn(parramatta, day, day), await dataVersion()];
    await expect(recordShifts(db, franchiseId, [shift], { appending: true })).rejects.toThrow(
      /duplicate key value violates unique constraint "daily_staff_hours_pkey"/,
    );
    await expect(recordPurchases(db, franchiseId, [purchase], { appending: true })).rejects.toThrow(
      /duplicate key value violates unique constraint "daily_purchases_pkey"/,
    );
    await expect(
      recordOrders(db, franchiseId, [order({ placedAt: new Date('2026-09-15T05:00:00Z') })], { appending: true }),
    ).rejects.toThrow(/duplicate key value violates unique constraint "daily_restaurant_stats_pkey"/);
    expect(await statsOn(parramatta, day, day)).toEqual(stats);
    expect(await dataVersion()).toBe(version);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
  });

  it('buckets by the calendar day in the franchise time zone, not UTC (23:30 and 00:30 in Sydney)', async () => {
    await recordOrders(db, franchiseId, [
      // 23:30 on 10 Jan in Sydney (UTC+11); still 10 Jan in UTC.
      order({ placedAt: new Date('2026-01-10T12:30:00Z'), guests: 1 }),
      // 00:30 on 11 Jan in Sydney; 10 Jan in UTC.
      order({ placedAt: new Date('2026-01-10T13:30:00Z'), guests: 2 }),
      // 23:30 on 1 Jul (AEST, UTC+10) in winter.
      order({ placedAt: new Date('2026-07-01T13:30:00Z'), guests: 3 }),
    ]);
    const rows = [...(await statsOn(parramatta, '2026-01-09', '2026-01-12')), ...(await statsOn(parramatta, '2026-06-30', '2026-07-02'))];
    expect(rows.map((r) => [r.day, r.guests_new])).toEqual([
      ['2026-01-10', 1],
      ['2026-01-11', 2],
      ['2026-07-01', 3],
    ]);
  });

  it('stores any text a sender puts in an external id as sent (commas, quotes, backslashes, braces, NULL, empty)', async () => {
    const ids = ['q,1', 'q"2', 'q\\3', '{q4}', 'NULL', '', ' q7 '];
    await recordOrders(
      db,
      franchiseId,
      ids.map((externalId, i) => order({ placedAt: new Date(Date.UTC(2025, 5, 9, i)), externalId, sourceHash: `h${i}` })),
    );
    const stored = await db
      .selectFrom('orders')
      .select('external_id')
      .where('restaurant_id', '=', parramatta)
      .where('external_id', 'in', ids)
      .orderBy('placed_at')
      .execute();
    expect(stored.map((o) => o.external_id)).toEqual(ids);
  });

  it('counts a customer new on the first completed order and recurrent afterwards; anonymous guests are new', async () => {
    const customer = await newCustomer();
    // The voided order does not make the customer known.
    await recordOrders(db, franchiseId, [
      order({ placedAt: new Date('2026-03-02T01:00:00Z'), customerId: customer, status: 'voided' }),
      order({ placedAt: new Date('2026-03-02T02:00:00Z'), customerId: customer, guests: 2 }),
      order({ placedAt: new Date('2026-03-02T03:00:00Z'), customerId: customer, guests: 3 }),
      order({ placedAt: new Date('2026-03-02T04:00:00Z'), guests: 4 }),
    ]);
    await recordOrders(db, franchiseId, [order({ placedAt: new Date('2026-03-03T02:00:00Z'), customerId: customer, guests: 5 })]);
    const rows = await statsOn(parramatta, '2026-03-02', '2026-03-03');
    expect(rows.map((r) => [r.day, r.guests_recurrent, r.guests_new])).toEqual([
      ['2026-03-02', 3, 6],
      ['2026-03-03', 5, 0],
    ]);
    const c = await db.selectFrom('customers').select('first_order_at').where('id', '=', customer).executeTakeFirstOrThrow();
    expect(c.first_order_at).toEqual(new Date('2026-03-02T02:00:00Z'));
  });

  it('decides recurrent by placing time, not arrival: an order back-filled before the first known one is new and makes the later ones recurrent', async () => {
    const customer = await newCustomer();
    await recordOrders(db, franchiseId, [order({ placedAt: new Date('2026-04-10T02:00:00Z'), customerId: customer, guests: 2 })]);
    await recordOrders(db, franchiseId, [order({ placedAt: new Date('2026-04-06T02:00:00Z'), customerId: customer, guests: 1 })]);
    await recordOrders(db, franchiseId, [order({ placedAt: new Date('2026-04-08T02:00:00Z'), customerId: customer, guests: 4 })]);
    const rows = await statsOn(parramatta, '2026-04-01', '2026-04-30');
    expect(rows.map((r) => [r.day, r.guests_recurrent, r.guests_new])).toEqual([
      ['2026-04-06', 0, 1],
      ['2026-04-08', 4, 0],
      ['2026-04-10', 2, 0],
    ]);
    const c = await db.selectFrom('customers').select('first_order_at').where('id', '=', customer).executeTakeFirstOrThrow();
    expect(c.first_order_at).toEqual(new Date('2026-04-06T02:00:00Z'));
  });

  it('never lets two simultaneous writes both see a customer as new', async () => {
    const customer = await newCustomer();
    const n = 8;
    const writer = database.openPeer();
    const versionBefore = await dataVersion();
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        recordOrders(i % 2 ? writer : db, franchiseId, [
          order({
            placedAt: new Date(Date.UTC(2026, 4, 4, 1, i)),
            customerId: customer,
            guests: 1,
            restaurantId: i % 2 ? bondi : parramatta,
          }),
        ]),
      ),
    );
    const written = await db
      .selectFrom('orders')
      .select(['id', 'placed_at', 'recurrent'])
      .where('customer_id', '=', customer)
      .orderBy('id')
      .execute();
    expect(written).toHaveLength(n);
    // Every simultaneous write bumped the version once: none was lost, so no cache can keep a stale answer.
    expect(await dataVersion()).toBe(versionBefore + n);
    // Ids are allocated after the franchise lock, so id order is the order the writes took effect:
    // an order is recurrent exactly when an earlier write had a completed order placed before it.
    const expected = written.map((o, i) => written.slice(0, i).some((p) => p.placed_at < o.placed_at));
    expect(written.map((o) => o.recurrent)).toEqual(expected);
    expect(expected.filter((r) => !r).length).toBeGreaterThanOrEqual(1);
    const { rows } = await sql<{
      recurrent: number;
      new: number;
    }>`select sum(guests_recurrent)::int as recurrent, sum(guests_new)::int as new
      from daily_restaurant_stats where day = '2026-05-04'`.execute(db);
    expect(rows[0]).toEqual({ recurrent: expected.filter(Boolean).length, new: expected.filter((r) => !r).length });
  });

  it('refuses a restaurant, menu item or customer of another franchise and writes nothing', async () => {
    const count = async () => {
      const { rows } = await sql<{ n: number }>`select (select count(*) from orders) + (select count(*) from order_lines)
        + (select count(*) from daily_restaurant_stats) + (select count(*) from daily_item_sales) as n`.execute(db);
      return Number(rows[0]!.n);
    };
    const before = [await count(), await dataVersion()];
    const rivalCustomer = await newCustomer(rivalId);
    const ok = order({ placedAt: new Date('2026-06-01T01:00:00Z') });
    await expect(recordOrders(db, franchiseId, [ok, order({ placedAt: ok.placedAt, restaurantId: rivalRestaurant })])).rejects.toThrow(
      new ForeignReferenceError(`restaurant ${rivalRestaurant} does not belong to franchise ${franchiseId}`),
    );
    await expect(
      recordOrders(db, franchiseId, [
        ok,
        order({ placedAt: ok.placedAt, lines: [{ menuItemId: rivalItem, quantity: 1, amountCents: 1 }] }),
      ]),
    ).rejects.toThrow(`menu item ${rivalItem} does not belong to franchise ${franchiseId}`);
    await expect(recordOrders(db, franchiseId, [ok, order({ placedAt: ok.placedAt, customerId: rivalCustomer })])).rejects.toThrow(
      `customer ${rivalCustomer} does not belong to franchise ${franchiseId}`,
    );
    expect([await count(), await dataVersion()]).toEqual(before);
  });
});

describe('recordShifts and recordPurchases', () => {
  it('roll shifts up per person and day, and per franchise and day: minutes, labour cost rounded per shift, shifts and attendance', async () => {
    const before = await dataVersion();
    await recordShifts(db, franchiseId, [
      {
        restaurantId: parramatta,
        personId: people[0]!,
        day: '2026-02-02',
        assignedMinutes: 480,
        actualMinutes: 505,
        hourlyRateCents: 3333,
        attended: true,
      },
      {
        restaurantId: parramatta,
        personId: people[1]!,
        day: '2026-02-02',
        assignedMinutes: 360,
        actualMinutes: 0,
        hourlyRateCents: 2800,
        attended: false,
      },
      {
        restaurantId: parramatta,
        personId: people[0]!,
        day: '2026-02-03',
        assignedMinutes: 240,
        actualMinutes: 1,
        hourlyRateCents: 3000,
        attended: true,
      },
      // Another branch: only in the franchise totals of this test's queries.
      {
        restaurantId: bondi,
        personId: people[2]!,
        day: '2026-02-02',
        assignedMinutes: 300,
        actualMinutes: 310,
        hourlyRateCents: 2500,
        attended: true,
      },
    ]);
    expect(await dataVersion()).toBe(before + 1);
    const rows = await db
      .selectFrom('daily_staff_hours')
      .select(['day', 'person_id', 'assigned_minutes', 'actual_minutes', 'labour_cost_cents', 'shifts', 'shifts_attended'])
      .where('restaurant_id', '=', parramatta)
      .where('day', 'in', ['2026-02-02', '2026-02-03'])
      .orderBy('day')
      .orderBy('person_id')
      .execute();
    expect(rows).toEqual([
      // 505 × 3333 / 60 = 28052.75 → 28053 cents.
      {
        day: '2026-02-02',
        person_id: people[0],
        assigned_minutes: 480,
        actual_minutes: 505,
        labour_cost_cents: 28053,
        shifts: 1,
        shifts_attended: 1,
      },
      {
        day: '2026-02-02',
        person_id: people[1],
        assigned_minutes: 360,
        actual_minutes: 0,
        labour_cost_cents: 0,
        shifts: 1,
        shifts_attended: 0,
      },
      // 1 × 3000 / 60 = 50 cents.
      {
        day: '2026-02-03',
        person_id: people[0],
        assigned_minutes: 240,
        actual_minutes: 1,
        labour_cost_cents: 50,
        shifts: 1,
        shifts_attended: 1,
      },
    ]);
    const monthly = await db
      .selectFrom('monthly_staff_hours')
      .select(['month', 'person_id', 'assigned_minutes', 'actual_minutes', 'labour_cost_cents', 'shifts', 'shifts_attended'])
      .where('restaurant_id', '=', parramatta)
      .where('month', '=', '2026-02-01')
      .orderBy('person_id')
      .execute();
    expect(monthly).toEqual([
      {
        month: '2026-02-01',
        person_id: people[0],
        assigned_minutes: 720,
        actual_minutes: 506,
        labour_cost_cents: 28103,
        shifts: 2,
        shifts_attended: 2,
      },
      {
        month: '2026-02-01',
        person_id: people[1],
        assigned_minutes: 360,
        actual_minutes: 0,
        labour_cost_cents: 0,
        shifts: 1,
        shifts_attended: 0,
      },
    ]);
    const totals = await db
      .selectFrom('daily_franchise_staff_hours')
      .selectAll()
      .where('day', 'in', ['2026-02-02', '2026-02-03'])
      .orderBy('franchise_id')
      .orderBy('day')
      .execute();
    expect(totals).toEqual([
      // 310 × 2500 / 60 = 12916.67 → 12917 cents, added to 28053 + 0.
      {
        franchise_id: franchiseId,
        day: '2026-02-02',
        assigned_minutes: 1140,
        actual_minutes: 815,
        labour_cost_cents: 40970,
        shifts: 3,
        shifts_attended: 2,
      },
      {
        franchise_id: franchiseId,
        day: '2026-02-03',
        assigned_minutes: 240,
        actual_minutes: 1,
        labour_cost_cents: 50,
        shifts: 1,
        shifts_attended: 1,
      },
    ]);
  });

  it('roll purchases up per supplier and category and day, per branch and per franchise, adding lines of the same key', async () => {
    const before = await dataVersion();
    await recordPurchases(db, franchiseId, [
      { restaurantId: bondi, supplierId: supplier, day: '2026-02-04', category: 'meat', quantity: 10, amountCents: 12000 },
      { restaurantId: bondi, supplierId: supplier, day: '2026-02-04', category: 'meat', quantity: 5, amountCents: 6500 },
      { restaurantId: bondi, supplierId: supplier, day: '2026-02-04', category: 'dairy', quantity: 7, amountCents: 2100 },
    ]);
    await recordPurchases(db, franchiseId, [
      { restaurantId: bondi, supplierId: supplier, day: '2026-02-04', category: 'dairy', quantity: 1, amountCents: 300 },
      { restaurantId: parramatta, supplierId: supplier, day: '2026-02-04', category: 'meat', quantity: 2, amountCents: 1000 },
    ]);
    expect(await dataVersion()).toBe(before + 2);
    const rows = await db
      .selectFrom('daily_purchases')
      .select(['category', 'quantity', 'amount_cents'])
      .where('restaurant_id', '=', bondi)
      .where('day', '=', '2026-02-04')
      .orderBy('category')
      .execute();
    expect(rows).toEqual([
      { category: 'dairy', quantity: 8, amount_cents: 2400 },
      { category: 'meat', quantity: 15, amount_cents: 18500 },
    ]);
    const franchiseRows = await db
      .selectFrom('daily_franchise_purchases')
      .select(['franchise_id', 'supplier_id', 'category', 'quantity', 'amount_cents'])
      .where('day', '=', '2026-02-04')
      .orderBy('category')
      .execute();
    expect(franchiseRows).toEqual([
      { franchise_id: franchiseId, supplier_id: supplier, category: 'dairy', quantity: 8, amount_cents: 2400 },
      { franchise_id: franchiseId, supplier_id: supplier, category: 'meat', quantity: 17, amount_cents: 19500 },
    ]);
  });

  it('refuses a person or supplier of another franchise and writes nothing', async () => {
    const rivalPerson = (await db.selectFrom('people').select('id').where('franchise_id', '=', rivalId).executeTakeFirstOrThrow()).id;
    const rivalSupplier = (
      await db.insertInto('suppliers').values({ franchise_id: rivalId, name: 'T Rival' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const before = await dataVersion();
    await expect(
      recordShifts(db, franchiseId, [
        {
          restaurantId: parramatta,
          personId: rivalPerson,
          day: '2026-02-05',
          assignedMinutes: 1,
          actualMinutes: 1,
          hourlyRateCents: 1,
          attended: true,
        },
      ]),
    ).rejects.toThrow(`person ${rivalPerson} does not belong to franchise ${franchiseId}`);
    await expect(
      recordPurchases(db, franchiseId, [
        { restaurantId: parramatta, supplierId: rivalSupplier, day: '2026-02-05', category: 'meat', quantity: 1, amountCents: 1 },
      ]),
    ).rejects.toThrow(`supplier ${rivalSupplier} does not belong to franchise ${franchiseId}`);
    expect(await dataVersion()).toBe(before);
    const { rows } = await sql<{ n: number }>`select (select count(*)::int from staff_shifts where day = '2026-02-05')
      + (select count(*)::int from purchase_lines where day = '2026-02-05') as n`.execute(db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('prepareDemoFranchise', () => {
  it('rosters no deleted person: a person removed from the franchise gets no new demo shifts', async () => {
    const staffIds = async () =>
      (await prepareDemoFranchise(db, rivalId, { customers: 50 })).restaurants.flatMap((r) => r.people.map((p) => p.id));
    const [person] = await staffIds();
    expect(person).toBeDefined();
    await db.updateTable('people').set({ deleted_at: new Date() }).where('id', '=', person!).execute();
    try {
      expect(await staffIds()).not.toContain(person);
    } finally {
      await db.updateTable('people').set({ deleted_at: null }).where('id', '=', person!).execute();
    }
    expect(await staffIds()).toContain(person);
  });
});

describe('writeTrade (demo back-fill and top-up)', () => {
  it('continues from the last recorded order: every generated row written once, rosters with a day’s first orders, rollups consistent', async () => {
    const f = await prepareDemoFranchise(db, rivalId, { customers: 50 });
    const range = { firstDay: '2026-08-03' };
    const write = async (until: string) =>
      writeTrade(db, 7, f, { ...range, after: await lastTradeAt(db, rivalId), until: new Date(until) }, { daysPerBatch: 2 });
    // Sydney is on AEST (UTC+10) in August: noon on 5 Aug, 05:00 on 6 Aug (before opening), 23:00 on 6 Aug.
    expect(await write('2026-08-05T02:00:00Z')).toMatchObject({ days: 3 });
    expect(await write('2026-08-05T19:00:00Z')).toMatchObject({ days: 0 });
    const last = await write('2026-08-06T13:00:00Z');
    expect(last.days).toBe(1);
    expect(await write('2026-08-06T13:00:00Z')).toEqual({ days: 0, orders: 0 });

    const days = [0, 1, 2, 3].map((i) => addDays(range.firstDay, i));
    const generated = days.flatMap((day) => f.restaurants.map((r) => generateDay(7, f, r, day)));
    const restaurants = f.restaurants.map((r) => r.id);
    const written = await db
      .selectFrom('orders')
      .select(['restaurant_id', 'placed_at', 'total_cents', 'status'])
      .where('restaurant_id', 'in', restaurants)
      .orderBy('placed_at')
      .orderBy('restaurant_id')
      .orderBy('total_cents')
      .execute();
    const expected = generated
      .flatMap((g) => g.orders)
      .map((o) => ({
        restaurant_id: o.restaurantId,
        placed_at: o.placedAt,
        total_cents: o.lines.reduce((s, l) => s + l.amountCents, 0) - (o.discountCents ?? 0),
        status: o.status,
      }))
      .sort((a, b) => a.placed_at.getTime() - b.placed_at.getTime() || a.restaurant_id - b.restaurant_id || a.total_cents - b.total_cents);
    expect(written).toEqual(expected);
    const count = async (table: 'staff_shifts' | 'purchase_lines') =>
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('restaurant_id', 'in', restaurants)
          .executeTakeFirstOrThrow()
      ).n;
    expect(Number(await count('staff_shifts'))).toBe(generated.reduce((s, g) => s + g.shifts.length, 0));
    expect(Number(await count('purchase_lines'))).toBe(generated.reduce((s, g) => s + g.purchases.length, 0));
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
  });
});
