import { sql } from 'kysely';
import { prepareDemoFranchise, writeTrade } from '../../server/analytics/demo/write';
import { recordOrders, withIndexesBuiltAfter, type OrderInput } from '../../server/analytics/ingest';
import { rebuildRollups, ROLLUP_TABLES } from '../../server/analytics/rollups';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../server/db/database';
import { BULK_LOAD_SETTINGS } from '../../server/db/pglite-options.mjs';
import { LARGE_FRANCHISE, seedLargeFranchise } from '../../server/db/seed';
import { DEMO_TRADE_SEED } from '../../server/db/seed/demo-franchises';
import { measureIngestRate } from '../../server/db/seed/ingest-rate';
import { createTestApp, expectSuccessEnvelope, START } from './support/test-app';

import { openTestDatabase, type TestDatabase } from './support/test-db';
import { DAY_MS } from '@contract/calendar-day';

/** Every rollup table's rows, in key order. */
const rollupRows = (db: Db) =>
  Promise.all(ROLLUP_TABLES.map(async (table) => (await sql`select * from ${sql.table(table)} order by 1, 2, 3, 4`.execute(db)).rows));

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the large benchmark franchise (npm run seed -- --restaurants N --days N)', () => {
  it('signs its owner in with the printed password, lists every branch, and answers analytics from its trade', async () => {
    const { email, password, orders } = await seedLargeFranchise(database.db, { restaurants: 3, days: 3, now: new Date(START) });
    expect(orders).toBeGreaterThan(0);

    const t = createTestApp(database.db);
    const token = await t.login({ email, password });
    const list = await t.call('GET', 'restaurants', { token });
    expectSuccessEnvelope(list.body);
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.every((r: { restaurant_user: { id: number } }) => r.restaurant_user.id > 0)).toBe(true);

    const revenues = await t.call('GET', 'analytics/revenues?period=7days', { token });
    expect(revenues.status).toBe(200);
    expect(revenues.body.data.totals.orders).toBeGreaterThan(0);
    expect(revenues.body.data.restaurants).toHaveLength(3);

    await expect(seedLargeFranchise(database.db, { restaurants: 1, days: 1, now: new Date(START) })).rejects.toThrow(/already exists/);
  });
});

describe('a bulk load (npm run seed on the embedded database)', () => {
  const TABLES = ['orders', 'order_lines', 'payment_transactions', 'staff_shifts', 'purchase_lines', ...ROLLUP_TABLES];
  /** Rows a load writes, in a form two databases loaded alike share: orders, shifts, purchases, every rollup, the tables' indexes and constraints. */
  const snapshot = async (db: Db) => ({
    orders: await db
      .selectFrom('orders')
      .select(['id', 'restaurant_id', 'placed_at', 'day', 'customer_id', 'recurrent', 'status', 'total_cents'])
      .orderBy('id')
      .execute(),
    lines: await db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
    payments: await db.selectFrom('payment_transactions').selectAll().orderBy('id').execute(),
    shifts: await db.selectFrom('staff_shifts').selectAll().orderBy('id').execute(),
    purchases: await db.selectFrom('purchase_lines').selectAll().orderBy('id').execute(),
    rollups: await rollupRows(db),
    indexes: (
      await sql`select indexname, indexdef from pg_indexes where tablename in (${sql.join(TABLES)})
        order by indexname`.execute(db)
    ).rows,
    constraints: (
      await sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = any(${TABLES}::regclass[]) order by conname`.execute(db)
    ).rows,
  });
  /** Each index's oid: a new one when it was built again. */
  const indexOids = async (db: Db, names: string[]) =>
    (
      await sql<{
        oid: number;
      }>`select u.name::regclass::oid as oid from unnest(${names}::text[]) with ordinality as u(name, i) order by i`.execute(db)
    ).rows.map((row) => row.oid);
  const REBUILT = [
    'orders_customer_id_placed_at_idx',
    'order_lines_pkey',
    'payment_transactions_pkey',
    'staff_shifts_pkey',
    'purchase_lines_pkey',
    'monthly_staff_hours_month',
    'daily_restaurant_stats_pkey',
    'daily_franchise_stats_pkey',
    'daily_item_sales_pkey',
    'daily_franchise_item_sales_pkey',
    'hourly_restaurant_stats_pkey',
    'hourly_franchise_stats_pkey',
    'daily_platform_sales_pkey',
    'daily_franchise_platform_sales_pkey',
    'daily_staff_hours_pkey',
    'daily_franchise_staff_hours_pkey',
    'daily_purchases_pkey',
    'daily_franchise_purchases_pkey',
  ];
  /** Keys a bulk load keeps: the orders' (the lines' and payments' foreign keys need it) and the monthly rollups', which batches add to. */
  const KEPT = ['orders_pkey', 'monthly_restaurant_stats_pkey', 'monthly_staff_hours_pkey', 'monthly_restaurant_labour_pkey'];

  it('writes exactly what batch-by-batch transactions write, builds the lookup indexes and the daily primary keys again, and leaves nothing for a rebuild to change', async () => {
    const [bulk, batched] = [await openTestDatabase(), await openTestDatabase()];
    try {
      const load = async (db: Db, exclusive: boolean) => {
        const { orders } = await seedLargeFranchise(db, { restaurants: 3, days: 1, now: new Date(START - 12 * DAY_MS), exclusive });
        const { id } = await db.selectFrom('franchises').select('id').where('name', '=', LARGE_FRANCHISE.name).executeTakeFirstOrThrow();
        const franchise = await prepareDemoFranchise(db, id, { customers: 900 });
        // From the day after the first load's (START less 12 days is 11:00 on 10 November in Sydney): a bulk load writes whole
        // days. Two days a batch: customers of earlier batches come back, as over two years of history.
        const range = { firstDay: '2026-11-11', until: new Date(START) };
        const more = await writeTrade(db, DEMO_TRADE_SEED, franchise, range, { daysPerBatch: 2, bulk: exclusive });
        return orders + more.orders;
      };
      const names = [...REBUILT, ...KEPT];
      const before = await indexOids(bulk.db, names);
      expect(await load(bulk.db, true)).toBe(await load(batched.db, false));
      const after = await indexOids(bulk.db, names);
      expect(names.filter((_, i) => after[i] !== before[i])).toEqual(REBUILT);
      const written = await snapshot(bulk.db);
      expect(written.orders.filter((o) => o.recurrent).length).toBeGreaterThan(0);
      expect(written).toEqual(await snapshot(batched.db));
      expect((await rebuildRollups(bulk.db, { check: true })).differing).toBe(0);
    } finally {
      await Promise.all([bulk.close(), batched.close()]);
    }
  });
});

describe('a bulk load that would not write whole days', () => {
  it('is refused when it would go on from a stored order', async () => {
    const db = database.db;
    const { id } = await db.selectFrom('franchises').select('id').where('name', '=', 'Harbour Eats Group').executeTakeFirstOrThrow();
    const franchise = await prepareDemoFranchise(db, id, { customers: 10 });
    const orders = async () =>
      (
        await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await orders();
    const range = { firstDay: '2026-11-01', after: new Date(START), until: new Date(START + DAY_MS) };
    await expect(writeTrade(db, DEMO_TRADE_SEED, franchise, range, { daysPerBatch: 1, bulk: true })).rejects.toThrow(
      'A bulk load writes whole days',
    );
    expect(await orders()).toBe(before);
  });
});

describe('a bulk load that breaks a primary key it dropped', () => {
  it('fails when the key is added back, and leaves the key and the rows as they were', async () => {
    const db = database.db;
    const restaurant = await db.selectFrom('restaurants').select(['id', 'franchise_id']).executeTakeFirstOrThrow();
    const item = await db
      .insertInto('menu_items')
      .values({
        franchise_id: restaurant.franchise_id,
        sku: 'PK-TEST',
        name: 'Key test',
        price_cents: 500,
        menu: 'All Day',
        is_combo: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await db
      .insertInto('orders')
      .values({
        restaurant_id: restaurant.id,
        placed_at: new Date(START),
        day: '2026-11-20',
        hour: 12,
        channel: 'dine_in',
        source: 'pos',
        guests: 1,
        status: 'completed',
        total_cents: 500,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = order.id;
    try {
      const line = { order_id: orderId, menu_item_id: item.id, quantity: 1, amount_cents: 500 };
      const { id } = await db.insertInto('order_lines').values(line).returning('id').executeTakeFirstOrThrow();
      const load = db.transaction().execute((trx) =>
        withIndexesBuiltAfter(trx, async () => {
          await sql`insert into order_lines (id, order_id, menu_item_id, quantity, amount_cents) overriding system value
            values (${id}, ${orderId}, ${item.id}, 2, 900)`.execute(trx);
        }),
      );
      await expect(load).rejects.toThrow(/could not create unique index "order_lines_pkey"/);
      const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
      expect(lines).toEqual([{ id, ...line }]);
      const key = await sql<{
        definition: string;
      }>`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'order_lines_pkey'`.execute(db);
      expect(key.rows).toEqual([{ definition: 'PRIMARY KEY (id)' }]);
    } finally {
      await db.deleteFrom('orders').where('id', '=', orderId).execute();
      await db.deleteFrom('menu_items').where('id', '=', item.id).execute();
    }
  });

  it('fails when two of its writes share a day, whose rollup rows are then inserted twice, and leaves every rollup as it was', async () => {
    const db = database.db;
    const restaurant = await db.selectFrom('restaurants').select(['id', 'franchise_id']).executeTakeFirstOrThrow();
    const item = await db
      .selectFrom('menu_items')
      .select('id')
      .where('franchise_id', '=', restaurant.franchise_id)
      .executeTakeFirstOrThrow();
    const order = (placedAt: string): OrderInput => ({
      restaurantId: restaurant.id,
      placedAt: new Date(placedAt),
      channel: 'dine_in',
      source: 'pos',
      guests: 1,
      status: 'completed',
      lines: [{ menuItemId: item.id, quantity: 1, amountCents: 500 }],
      payments: [{ method: 'card', amountCents: 500 }],
    });
    const before = await rollupRows(db);
    const load = db.transaction().execute((trx) =>
      withIndexesBuiltAfter(trx, async () => {
        await recordOrders(trx, restaurant.franchise_id, [order('2030-01-15T02:00:00Z')], { appending: true });
        await recordOrders(trx, restaurant.franchise_id, [order('2030-01-15T03:00:00Z')], { appending: true });
      }),
    );
    await expect(load).rejects.toThrow(/could not create unique index "daily_\w+_pkey"/);
    expect(await rollupRows(db)).toEqual(before);
  });
});

describe('the embedded database opened for a bulk load', () => {
  it("has the bulk-load settings, and a later open has PostgreSQL's own again", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fc-bulk-'));
    const settingsOf = async (bulkLoad: boolean) => {
      const db = openDatabase({ databaseUrl: undefined, dataDir }, { bulkLoad });
      try {
        const names = BULK_LOAD_SETTINGS.map((setting) => setting.split('=')[0]!);
        return Object.fromEntries(
          await Promise.all(
            names.map(async (name) => [name, (await sql<Record<string, string>>`show ${sql.raw(name)}`.execute(db)).rows[0]![name]]),
          ),
        );
      } finally {
        await db.destroy();
      }
    };
    try {
      expect(await settingsOf(true)).toEqual({
        shared_buffers: '512MB',
        wal_buffers: '64MB',
        max_wal_size: '8GB',
        checkpoint_timeout: '1h',
        wal_level: 'minimal',
        max_wal_senders: '0',
      });
      expect(await settingsOf(false)).toEqual({
        shared_buffers: '128MB',
        wal_buffers: '4MB',
        max_wal_size: '1GB',
        checkpoint_timeout: '5min',
        wal_level: 'replica',
        max_wal_senders: '10',
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the ingest API's rate beside a seed's", () => {
  it('is measured through the ingest service into a throwaway franchise that leaves nothing behind', async () => {
    const count = async (table: 'franchises' | 'orders' | 'customers' | 'activity_log') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = ['franchises', 'orders', 'customers', 'activity_log'] as const;
    const before = await Promise.all(tables.map(count));
    expect(await measureIngestRate(database.db, new Date(START))).toBeGreaterThan(0);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    expect((await rebuildRollups(database.db, { check: true })).differing).toBe(0);
  });
});
