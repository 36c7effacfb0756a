import { sql } from 'kysely';
import type { Db, PurchaseCategory } from '../../db/database.js';
import { columnList, table } from '../../db/typed-sql.js';
import { beginFranchiseWrite, recordOrders, recordPurchases, recordShifts, transaction, withIndexesBuiltAfter } from '../ingest.js';
import { recordCosts } from '../../menu/menu.service.js';
import { addDays, dayDiff, dayIn } from '../calendar.js';
import { DEMO_MENU, DEMO_SUPPLIERS, FIRST_NAMES, LAST_NAMES } from './catalogue.js';
import { generateDay, type DayTrade, type DemoFranchise } from './generate.js';

/** The demo menu's costs apply from this day: before any demo trade. */
const DEMO_COSTS_FROM = '2000-01-01';

/** A restaurant added without a capacity trades as a mid-sized one. */
const DEMO_UNKNOWN_CAPACITY = 80;

/**
 * The franchise as the generator needs it, creating what is missing: the menu, the suppliers and a
 * pool of `customers` customers (kept once created). People are the franchise's own staff.
 */
export async function prepareDemoFranchise(db: Db, franchiseId: number, options: { customers: number }): Promise<DemoFranchise> {
  const franchise = await db.selectFrom('franchises').select('time_zone').where('id', '=', franchiseId).executeTakeFirstOrThrow();
  await db
    .insertInto('menu_items')
    .values(
      DEMO_MENU.map((m) => ({
        franchise_id: franchiseId,
        sku: m.sku,
        name: m.name,
        price_cents: m.priceCents,
        menu: m.menu,
        is_combo: m.isCombo,
      })),
    )
    .onConflict((oc) => oc.columns(['franchise_id', 'sku']).doNothing())
    .execute();
  await costDemoMenu(db, franchiseId);
  await db
    .insertInto('suppliers')
    .values(DEMO_SUPPLIERS.map(([name]) => ({ franchise_id: franchiseId, name })))
    .onConflict((oc) => oc.columns(['franchise_id', 'name']).doNothing())
    .execute();
  const existing = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('franchise_id', '=', franchiseId)
    .executeTakeFirstOrThrow();
  const missing = options.customers - Number(existing.n);
  if (missing > 0) {
    const names = Array.from({ length: missing }, (_, i) => {
      const n = Number(existing.n) + i;
      return `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;
    });
    // Raw: one array parameter unnested, where the builder would send a parameter per name.
    await sql`insert into ${table('customers')} (${columnList('customers', ['franchise_id', 'name'])})
      select ${franchiseId}, name from unnest(${names}::text[]) as u(name)`.execute(db);
  }
  const [restaurants, people, items, customers, suppliers] = await Promise.all([
    db
      .selectFrom('restaurants')
      .select(['id', 'capacity', 'status', 'business_type', 'time_zone'])
      .where('franchise_id', '=', franchiseId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('people')
      .select(['id', 'restaurant_id', 'role'])
      .where('franchise_id', '=', franchiseId)
      .where('status', '=', 'Active')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('menu_items')
      .select(['id', 'price_cents', 'menu', 'is_combo'])
      .where('franchise_id', '=', franchiseId)
      .where(
        'sku',
        'in',
        DEMO_MENU.map((m) => m.sku),
      )
      .orderBy('sku')
      .execute(),
    db.selectFrom('customers').select('id').where('franchise_id', '=', franchiseId).orderBy('id').limit(options.customers).execute(),
    db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where('franchise_id', '=', franchiseId)
      .where(
        'name',
        'in',
        DEMO_SUPPLIERS.map(([n]) => n),
      )
      .execute(),
  ]);
  const supplierIds = new Map(suppliers.map((s) => [s.name, s.id]));
  const byCategory = new Map<PurchaseCategory, number[]>();
  for (const [name, categories] of DEMO_SUPPLIERS) {
    for (const c of categories) byCategory.set(c, [...(byCategory.get(c) ?? []), supplierIds.get(name)!]);
  }
  return {
    id: franchiseId,
    timeZone: franchise.time_zone,
    restaurants: restaurants.map((r) => ({
      id: r.id,
      capacity: r.capacity ?? DEMO_UNKNOWN_CAPACITY,
      active: r.status === 1,
      takeawayFocused: /takeaway/i.test(r.business_type ?? ''),
      timeZone: r.time_zone,
      people: people.filter((p) => p.restaurant_id === r.id).map((p) => ({ id: p.id, role: p.role })),
    })),
    items: items.map((i) => ({ id: i.id, priceCents: i.price_cents, menu: i.menu, isCombo: i.is_combo })),
    customers: customers.map((c) => c.id),
    suppliers: byCategory,
  };
}

/**
 * Gives the demo menu's items that have no cost yet their catalogue cost, as their first (so every day of
 * their trade, already written or not, is costed with it).
 */
async function costDemoMenu(db: Db, franchiseId: number): Promise<void> {
  const uncosted = await db
    .selectFrom('menu_items as m')
    .select(['m.id', 'm.sku'])
    .where('m.franchise_id', '=', franchiseId)
    .where(
      'm.sku',
      'in',
      DEMO_MENU.map((m) => m.sku),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('menu_item_costs as c').select('c.from_day').whereRef('c.menu_item_id', '=', 'm.id'))),
    )
    .execute();
  if (uncosted.length === 0) return;
  const costOf = new Map(DEMO_MENU.map((m) => [m.sku, m.costCents]));
  await transaction(db, async (trx) => {
    await beginFranchiseWrite(trx, franchiseId);
    await recordCosts(
      trx,
      franchiseId,
      uncosted.map((i) => ({ menuItemId: i.id, costCents: costOf.get(i.sku)! })),
      DEMO_COSTS_FROM,
    );
  });
}

/** The instant of the franchise's most recent order, if it has traded. */
export async function lastTradeAt(db: Db, franchiseId: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select((eb) => eb.fn.max('orders.placed_at').as('last'))
    .where('restaurants.franchise_id', '=', franchiseId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : undefined;
}

export type TradeProgress = { franchiseId: number; daysDone: number; days: number; orders: number };

/**
 * Writes the generated trade after `after` (exclusive; undefined: from the first day) up to `until`,
 * `daysPerBatch` days per transaction. A day's roster and deliveries are written with its first
 * orders, so a day already begun (the one holding `after`) only gets its later orders.
 * Returns the days whose trade began and the orders written. An abort stops it between batches.
 * `bulk`, for a database no one else uses: all batches in one transaction, written `appending`, the
 * indexes built once at the end (withIndexesBuiltAfter); whole days only, so not after a stored order.
 */
export async function writeTrade(
  db: Db,
  seed: number,
  franchise: DemoFranchise,
  range: { firstDay: string; after?: Date; until: Date },
  options: { daysPerBatch: number; bulk?: boolean; onProgress?: (p: TradeProgress) => void; signal?: AbortSignal },
): Promise<{ days: number; orders: number }> {
  if (options.bulk && range.after) throw new Error('A bulk load writes whole days: it cannot go on from a stored order.');
  const lastDay = dayIn(franchise.timeZone, range.until);
  const startedDay = range.after ? dayIn(franchise.timeZone, range.after) : undefined;
  const firstDay = startedDay && startedDay > range.firstDay ? startedDay : range.firstDay;
  const days = dayDiff(firstDay, lastDay) + 1;
  let orders = 0;
  let newDays = 0;
  // The ingest checks every reference it is given (restaurant, item, customer, person and supplier of
  // this franchise; order ids are its own), so this trusted bulk write skips the foreign-key triggers,
  // which took four fifths of the insert time on PGlite. Only a superuser may (always so on PGlite).
  // Raw: server settings, which the builder does not read or set.
  const { rows: role } = await sql<{ superuser: string }>`select current_setting('is_superuser') as superuser`.execute(db);
  const skipForeignKeyTriggers = role[0]?.superuser === 'on';
  const generate = async (offset: number, n: number): Promise<DayTrade> => {
    const batch: DayTrade = { orders: [], shifts: [], purchases: [] };
    for (let d = 0; d < n; d++) {
      const day = addDays(firstDay, offset + d);
      const trades: DayTrade[] = [];
      for (const restaurant of franchise.restaurants) {
        // Between branches the statements of the batch being written go on: the database thread waits for
        // each statement's successor, which a whole day's generation (at 200 branches) would hold up.
        if (d > 0 || trades.length > 0) await new Promise((resolve) => setImmediate(resolve));
        trades.push(generateDay(seed, franchise, restaurant, day));
      }
      const dayOrders = trades.flatMap((t) =>
        t.orders.filter((o) => o.placedAt <= range.until && (!range.after || o.placedAt > range.after)),
      );
      batch.orders.push(...dayOrders);
      // Before the first order of a day nothing of it is written, so the next run writes its roster then.
      if (day !== startedDay && dayOrders.length > 0) {
        newDays += 1;
        for (const t of trades) {
          batch.shifts.push(...t.shifts);
          batch.purchases.push(...t.purchases);
        }
      }
    }
    return batch;
  };
  // Batches follow one another in time, each after all that was written before: orders are appended.
  const write = (db: Db, batch: DayTrade) =>
    transaction(db, async (trx) => {
      if (skipForeignKeyTriggers) await sql`set local session_replication_role = replica`.execute(trx);
      await recordShifts(trx, franchise.id, batch.shifts, { appending: options.bulk });
      await recordPurchases(trx, franchise.id, batch.purchases, { appending: options.bulk });
      await recordOrders(trx, franchise.id, batch.orders, { appending: options.bulk });
    });
  const load = async (db: Db) => {
    // Each batch is generated while the database thread writes the previous one.
    let writing: Promise<void> = Promise.resolve();
    for (let done = 0; done < days && !options.signal?.aborted;) {
      const n = Math.min(options.daysPerBatch, days - done);
      const batch = await generate(done, n);
      await writing;
      done += n;
      const progress = { franchiseId: franchise.id, daysDone: done, days, orders: (orders += batch.orders.length) };
      writing = write(db, batch).then(() => options.onProgress?.(progress));
      // Awaited once the next batch is generated; a failure meanwhile is not unhandled.
      writing.catch(() => {});
    }
    await writing;
  };
  if (options.bulk) await db.transaction().execute((trx) => withIndexesBuiltAfter(trx, () => load(trx)));
  else await load(db);
  return { days: newDays, orders };
}
