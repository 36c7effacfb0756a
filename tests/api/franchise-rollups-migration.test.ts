import { sql, type Kysely } from 'kysely';
import type { DemoFranchise } from '../../server/analytics/demo/generate';
import { prepareDemoFranchise, writeTrade } from '../../server/analytics/demo/write';
import { analyzeRollups, rebuildRollups, ROLLUP_TABLES } from '../../server/analytics/rollups';
import type { Db } from '../../server/db/database';
import * as franchiseRollups from '../../server/db/migrations/2026-11-23-03-franchise-rollups';
import * as monthlyStaffHours from '../../server/db/migrations/2026-11-23-04-monthly-staff-hours';
import * as runningMonthlyTotals from '../../server/db/migrations/2026-11-23-05-running-monthly-totals';
import * as branchMonthlyTotals from '../../server/db/migrations/2026-11-26-01-branch-monthly-totals';
import * as discountsTipsRefundsDelivery from '../../server/db/migrations/2026-11-30-01-discounts-tips-refunds-delivery';
import * as hours from '../../server/db/migrations/2026-11-30-02-hours';
import * as deliveryPlatforms from '../../server/db/migrations/2026-11-30-04-delivery-platforms';
import * as menuCosts from '../../server/db/migrations/2026-11-30-05-menu-costs';
import * as runningLoss from '../../server/db/migrations/2026-11-30-08-running-loss';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
let demo: DemoFranchise;

const TABLES = [
  'daily_franchise_stats',
  'daily_franchise_staff_hours',
  'daily_franchise_purchases',
  'monthly_staff_hours',
  'monthly_restaurant_stats',
  'monthly_restaurant_labour',
  'monthly_restaurant_purchases',
];

const contents = async () => {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  const { rows } = await sql<{ restaurant_id: number; day: string; units: number }>`select restaurant_id, day, units
    from daily_restaurant_stats order by restaurant_id, day`.execute(db);
  out.units = rows.map((r) => JSON.stringify(r));
  return out;
};

describe('migrations 2026-11-23-03-franchise-rollups, 04-monthly-staff-hours, 05-running-monthly-totals, 2026-11-26-01-branch-monthly-totals, 2026-11-30-01-discounts-tips-refunds-delivery, 05-menu-costs and 08-running-loss', () => {
  it('fill the franchise rollups, the monthly staff hours with their running totals, the monthly branch running totals (revenue, units, orders, labour cost, spend), the units column, the voided and gross sales counters, the food cost columns (0 before any cost) and the running loss counters from the rows already written, as the ingest would have', async () => {
    const franchise = (await db.selectFrom('franchises').select('id').where('name', '=', 'Harbour Eats Group').executeTakeFirstOrThrow())
      .id;
    const f = (demo = await prepareDemoFranchise(db, franchise, { customers: 40 }));
    await writeTrade(db, 11, f, { firstDay: '2026-08-03', until: new Date('2026-08-06T13:00:00Z') }, { daysPerBatch: 2 });
    // Trade as it could be before the discounts-tips-refunds-delivery migration: no discount, tip, refund or delivery
    // (totals their lines again, payments aside: no rollup counts their amounts), and before the menu-costs one: no
    // cost; its rollups rebuilt to match.
    await sql`delete from menu_item_costs`.execute(db);
    await sql`update orders set total_cents = total_cents + discount_cents, discount_cents = 0, tip_cents = 0, platform = null,
      channel = case when channel = 'delivery' then 'takeaway' else channel end,
      status = case when status = 'refunded' then 'completed' else status end`.execute(db);
    await rebuildRollups(db, { check: false });
    const written = await contents();
    expect(Object.values(written).every((rows) => rows.length > 0)).toBe(true);

    // A database as it was before this migration, with the same trade, then migrated.
    // The migration's own view of the database: its tables are not the application's types.
    const untyped = db as unknown as Kysely<unknown>;
    await runningLoss.down(untyped);
    await menuCosts.down(untyped);
    await discountsTipsRefundsDelivery.down(untyped);
    await branchMonthlyTotals.down(untyped);
    await runningMonthlyTotals.down(untyped);
    await monthlyStaffHours.down(untyped);
    await franchiseRollups.down(untyped);
    await franchiseRollups.up(untyped);
    await monthlyStaffHours.up(untyped);
    await runningMonthlyTotals.up(untyped);
    await branchMonthlyTotals.up(untyped);
    await discountsTipsRefundsDelivery.up(untyped);
    await menuCosts.up(untyped);
    await runningLoss.up(untyped);
    expect(await contents()).toEqual(written);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
  });

  it("2026-11-30-02-hours and 04-delivery-platforms fill each order's local hour and the hourly and platform rollups from the orders already written", async () => {
    // Days of trade with deliveries on their platforms, written as the ingest writes them.
    await writeTrade(db, 12, demo, { firstDay: '2026-08-07', until: new Date('2026-08-09T13:00:00Z') }, { daysPerBatch: 2 });
    const tables = ['hourly_restaurant_stats', 'hourly_franchise_stats', 'daily_platform_sales', 'daily_franchise_platform_sales'];
    const rowsOf = async () => {
      const out: Record<string, string[]> = {};
      for (const table of tables)
        out[table] = (await sql`select * from ${sql.table(table)}`.execute(db)).rows.map((r) => JSON.stringify(r)).sort();
      out.hours = (await sql<{ id: number; hour: number }>`select id, hour from orders order by id`.execute(db)).rows.map(
        (r) => `${r.id}:${r.hour}`,
      );
      return out;
    };
    const written = await rowsOf();
    expect(Object.values(written).every((rows) => rows.length > 0)).toBe(true);
    const untyped = db as unknown as Kysely<unknown>;
    await deliveryPlatforms.down(untyped);
    await hours.down(untyped);
    await hours.up(untyped);
    await deliveryPlatforms.up(untyped);
    expect(await rowsOf()).toEqual(written);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
  });

  it("2026-11-30-08-running-loss fills each branch's monthly running totals of the loss counters from the daily stats already written", async () => {
    const monthly = async () => (await sql`select * from monthly_restaurant_stats`.execute(db)).rows.map((r) => JSON.stringify(r)).sort();
    const written = await monthly();
    // The trade written so far has voids, discounts, refunds and tips in it.
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from daily_restaurant_stats
      where orders_voided > 0 or discount_cents > 0 or orders_refunded > 0 or tip_cents > 0`.execute(db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    const untyped = db as unknown as Kysely<unknown>;
    await runningLoss.down(untyped);
    await runningLoss.up(untyped);
    expect(await monthly()).toEqual(written);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
  });

  it('analyzeRollups gives the planner the row count of every rollup (PGlite never analyzes by itself)', async () => {
    await analyzeRollups(db);
    for (const table of ROLLUP_TABLES) {
      const { rows } = await sql<{ counted: number; planned: number }>`select (select count(*)::int from ${sql.table(table)}) as counted,
          (select reltuples::int from pg_class where oid = ${table}::regclass) as planned`.execute(db);
      expect(rows[0]!.counted, table).toBeGreaterThan(0);
      expect(rows[0], table).toEqual({ counted: rows[0]!.counted, planned: rows[0]!.counted });
    }
  });
});
