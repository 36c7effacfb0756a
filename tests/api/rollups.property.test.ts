import { sql } from 'kysely';
import { recordOrders, recordPurchases } from '../../server/analytics/ingest';
import { rebuildRollups } from '../../server/analytics/rollups';
import type { Db } from '../../server/db/database';
import fc from 'fast-check';
import { createWorld, datasetArb, model, rollupsOf, sortRows, write } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('rollups written by the ingest', () => {
  it('equal the figures computed from the inputs, and a rebuild from raw rows finds no difference (random data, two franchises, across a DST change)', async () => {
    const reached = {
      orders: 0,
      voided: 0,
      refunded: 0,
      delivery: 0,
      discounted: 0,
      tipped: 0,
      splitBills: 0,
      anonymous: 0,
      recurrent: 0,
      dstDay: 0,
      shifts: 0,
      purchases: 0,
      foodCost: 0,
      costChanges: 0,
    };
    await fc.assert(
      fc.asyncProperty(datasetArb, async (dataset) => {
        const world = await createWorld(db);
        await write(db, world, dataset);
        expect(await rollupsOf(db, world)).toEqual(
          Object.fromEntries(Object.entries(model(world, dataset)).map(([t, rows]) => [t, sortRows(rows)])),
        );

        const restaurants = world.franchises.flatMap((f) => f.restaurants);
        const { rows } = await sql<Record<keyof typeof reached, number>>`select
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[])) as orders,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and status = 'voided') as voided,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and status = 'refunded') as refunded,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and channel = 'delivery') as delivery,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and discount_cents > 0) as discounted,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and tip_cents > 0) as tipped,
            (select count(*)::int from orders o where restaurant_id = any(${restaurants}::int[])
              and (select count(*) from payment_transactions p where p.order_id = o.id) > 1) as "splitBills",
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and customer_id is null) as anonymous,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and recurrent) as recurrent,
            (select count(*)::int from orders where restaurant_id = any(${restaurants}::int[]) and day = '2026-04-05') as "dstDay",
            (select count(*)::int from staff_shifts where restaurant_id = any(${restaurants}::int[])) as shifts,
            (select count(*)::int from purchase_lines where restaurant_id = any(${restaurants}::int[])) as purchases,
            (select count(*)::int from daily_restaurant_stats where restaurant_id = any(${restaurants}::int[]) and food_cost_cents > 0) as "foodCost",
            (select count(*)::int from menu_item_costs c join menu_items m on m.id = c.menu_item_id
              where m.franchise_id = any(${world.franchises.map((f) => f.id)}::int[])
                and exists (select 1 from menu_item_costs e where e.menu_item_id = c.menu_item_id and e.from_day < c.from_day)) as "costChanges"`.execute(
          db,
        );
        for (const key of Object.keys(reached) as (keyof typeof reached)[]) if (rows[0]![key] > 0) reached[key] += 1;
      }),
      { numRuns: 30 },
    );
    // Once over every run's rows (a check per run would blame later runs for an earlier run's drift when shrinking).
    const check = await rebuildRollups(db, { check: true });
    expect(check.differing, JSON.stringify(check.tables)).toBe(0);
    expect(check.tables.every((t) => t.expected > 0)).toBe(true);
    // How many of the 30 runs wrote each kind of row the rollups summarise.
    expect(reached.orders).toBeGreaterThanOrEqual(20);
    for (const kind of Object.keys(reached) as (keyof typeof reached)[]) {
      expect(reached[kind], kind).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('rebuildRollups', () => {
  it('reports a rollup row that drifted from the raw rows, writes nothing in check mode, and repairs it otherwise', async () => {
    const world = await createWorld(db);
    const f = world.franchises[0]!;
    await recordOrders(db, f.id, [
      {
        restaurantId: f.restaurants[0]!,
        placedAt: new Date('2026-04-05T01:00:00Z'),
        channel: 'dine_in',
        source: 'pos',
        guests: 2,
        status: 'completed',
        lines: [{ menuItemId: f.items[0]!, quantity: 2, amountCents: 2000 }],
        payments: [{ method: 'card', amountCents: 2000 }],
      },
    ]);
    await recordPurchases(db, f.id, [
      { restaurantId: f.restaurants[0]!, supplierId: f.suppliers[0]!, day: '2026-04-05', category: 'meat', quantity: 3, amountCents: 900 },
    ]);
    const consistent = await rollupsOf(db, world);
    await sql`update daily_restaurant_stats set orders_app = orders_app + 1 where restaurant_id = ${f.restaurants[0]!}`.execute(db);
    await sql`delete from daily_purchases where restaurant_id = ${f.restaurants[0]!}`.execute(db);
    await db
      .insertInto('daily_item_sales')
      .values({ restaurant_id: f.restaurants[1]!, day: '2026-04-06', menu_item_id: f.items[1]!, units: 1, revenue_cents: 1 })
      .execute();

    const check = await rebuildRollups(db, { check: true });
    expect(check.differing).toBe(3);
    expect(check.tables.filter((t) => t.missing + t.extra + t.different > 0)).toEqual([
      expect.objectContaining({ table: 'daily_restaurant_stats', missing: 0, extra: 0, different: 1 }),
      expect.objectContaining({ table: 'daily_item_sales', missing: 0, extra: 1, different: 0 }),
      expect.objectContaining({ table: 'daily_purchases', missing: 1, extra: 0, different: 0 }),
    ]);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(3);

    const version = async () =>
      (await db.selectFrom('franchises').select('data_version').where('id', '=', f.id).executeTakeFirstOrThrow()).data_version;
    const before = await version();
    const rebuilt = await rebuildRollups(db, { check: false });
    expect(rebuilt).toMatchObject({ differing: 3, rebuilt: true });
    expect(await version()).toBe(before + 1);
    expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
    expect(await rollupsOf(db, world)).toEqual(consistent);
  });
});
