import { sql } from 'kysely';
import type { AnalyticsWindow, Grouping } from '@contract/analytics.contract';
import fc from 'fast-check';
import {
  beginFranchiseWrite,
  labourCostCents,
  transaction,
  recordOrders,
  recordPurchases,
  recordShifts,
  type OrderInput,
  type PurchaseInput,
  type ShiftInput,
} from '../../../server/analytics/ingest';
import { ROLLUP_TABLES } from '../../../server/analytics/rollups';
import { recordCosts } from '../../../server/menu/menu.service';
import { addDays, tradingDayIn } from '../../../server/analytics/calendar';
import { PURCHASE_CATEGORIES, type Db, type OrderSource, type OrderStatus } from '../../../server/db/database';

/**
 * Random trade for property tests: two franchises in different time zones, fourteen days across a
 * daylight-saving change, written through the ingest, and a JavaScript model of the rollups.
 */

// Sydney leaves daylight saving at 03:00 on 5 April 2026 (UTC+11 → UTC+10); Adelaide at the same time (UTC+10:30 → UTC+9:30).
export const PERIOD_START = Date.parse('2026-03-29T00:00:00Z');
const PERIOD_MINUTES = 14 * 24 * 60;
export const TIME_ZONES = ['Australia/Sydney', 'Australia/Adelaide'] as const;
export const DAYS = Array.from({ length: 14 }, (_, i) => new Date(PERIOD_START + i * 86_400_000).toISOString().slice(0, 10));

/**
 * Days `from`..`to` of the fourteen random days (days 1..13 cross the daylight-saving change, days before 3 the end
 * of March), compared with as many days before them.
 */
export const daysWindow = (timeZone: string, from: number, to: number, grouping: Grouping = 'weekly'): AnalyticsWindow => {
  const days = to - from + 1;
  return {
    start_date: DAYS[from]!,
    end_date: DAYS[to]!,
    days,
    grouping,
    time_zone: timeZone,
    compare: 'previous',
    previous: { start_date: addDays(DAYS[from]!, -days), end_date: addDays(DAYS[from]!, -1) },
    today: '2026-04-12',
  };
};

export type World = {
  franchises: {
    id: number;
    timeZone: string;
    restaurants: number[];
    items: number[];
    customers: number[];
    people: number[];
    suppliers: number[];
  }[];
};

let worlds = 0;
/** Two fresh franchises (Sydney and Adelaide), so each run's figures can be compared with its own model. */
export async function createWorld(db: Db): Promise<World> {
  const run = ++worlds;
  const franchises: World['franchises'] = [];
  for (const [fi, timeZone] of TIME_ZONES.entries()) {
    const { id } = await db
      .insertInto('franchises')
      .values({ name: `Property ${run}-${fi}`, time_zone: timeZone })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restaurants: number[] = [];
    for (const ri of [0, 1]) {
      const r = await db
        .insertInto('restaurants')
        .values({
          franchise_id: id,
          logo: null,
          name: `P${run}-${fi}-${ri}`,
          abn_no: `${run}-${fi}-${ri}`,
          address: '1 Test Street',
          suburb: 'Testville',
          post_code: '2000',
          city: 'Sydney',
          state: 'NSW',
          phone_no: '(02) 9000 0000',
          email: 'p@example.com',
          business_type: 'Cafe',
          capacity: 50,
          status: 1,
          location: 'Testville, NSW',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      restaurants.push(r.id);
    }
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    const items = ids(
      await db
        .insertInto('menu_items')
        .values(
          [0, 1, 2].map((i) => ({
            franchise_id: id,
            sku: `S${i}`,
            name: `Item ${i}`,
            price_cents: 1000,
            menu: 'All Day' as const,
            is_combo: i === 2,
          })),
        )
        .returning('id')
        .execute(),
    );
    const customers = ids(
      await db
        .insertInto('customers')
        .values([0, 1, 2].map((i) => ({ franchise_id: id, name: `Customer ${i}` })))
        .returning('id')
        .execute(),
    );
    const people = ids(
      await db
        .insertInto('people')
        .values(
          [0, 1, 2].map((i) => ({
            franchise_id: id,
            restaurant_id: restaurants[i % 2]!,
            picture: null,
            name: `Person ${i}`,
            email: `person${i}@p${run}.example.com`,
            phone: null,
            state: null,
            city: null,
            street_address: null,
            suburb: null,
            post_code: null,
            role: 'Waiter' as const,
            status: 'Active' as const,
            password_hash: null,
          })),
        )
        .returning('id')
        .execute(),
    );
    const suppliers = ids(
      await db
        .insertInto('suppliers')
        .values([0, 1].map((i) => ({ franchise_id: id, name: `Supplier ${i}` })))
        .returning('id')
        .execute(),
    );
    franchises.push({ id, timeZone, restaurants, items, customers, people, suppliers });
  }
  return { franchises };
}

/** An order's channel, status and money beyond its lines: a discount (a share of the lines), a tip, a delivery platform. */
export const orderMoneyArb = {
  channel: fc.constantFrom('dine_in' as const, 'takeaway' as const, 'delivery' as const),
  status: fc.constantFrom<OrderStatus[]>('completed', 'completed', 'completed', 'voided', 'refunded'),
  discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
  tipCents: fc.oneof(fc.constant(0), fc.nat(900)),
  platform: fc.constantFrom(null, 'Uber Eats', 'DoorDash'),
};
type OrderMoney = { [K in keyof typeof orderMoneyArb]: (typeof orderMoneyArb)[K] extends fc.Arbitrary<infer T> ? T : never };

/** A generated order's lines total, discount and platform as the write path gets them (a platform only on delivery). */
export function moneyOf(o: OrderMoney & { lines: { amountCents: number }[] }) {
  const lines = o.lines.reduce((s, l) => s + l.amountCents, 0);
  const discountCents = Math.floor((lines * o.discountPercent) / 100);
  return { lines, discountCents, total: lines - discountCents, platform: o.channel === 'delivery' ? o.platform : null };
}

/** A generated order as the write path takes it, with `f`'s ids for its indexes. */
export function orderInputOf(
  f: World['franchises'][number],
  o: OrderMoney & { restaurant: number; minute: number; source: OrderSource; guests: number; customer: number | null } & {
    lines: { item: number; quantity: number; amountCents: number }[];
    payments: OrderInput['payments'];
  },
): OrderInput {
  const { discountCents, platform } = moneyOf(o);
  return {
    restaurantId: f.restaurants[o.restaurant]!,
    placedAt: new Date(PERIOD_START + o.minute * 60_000),
    channel: o.channel,
    source: o.source,
    guests: o.guests,
    customerId: o.customer === null ? null : f.customers[o.customer]!,
    status: o.status,
    discountCents,
    tipCents: o.tipCents,
    platform,
    lines: o.lines.map((l) => ({ menuItemId: f.items[l.item]!, quantity: l.quantity, amountCents: l.amountCents })),
    payments: o.payments,
  };
}

// Inputs name things by index; createWorld's ids replace them.
const orderArb = fc.record({
  ...orderMoneyArb,
  restaurant: fc.nat(1),
  minute: fc.nat(PERIOD_MINUTES - 1),
  source: fc.constantFrom('pos' as const, 'app' as const),
  guests: fc.nat(6),
  customer: fc.option(fc.nat(2), { freq: 2 }),
  lines: fc.array(fc.record({ item: fc.nat(2), quantity: fc.integer({ min: 1, max: 5 }), amountCents: fc.nat(5000) }), { maxLength: 3 }),
  payments: fc.array(fc.record({ method: fc.constantFrom('card' as const, 'cash' as const, 'app' as const), amountCents: fc.nat(5000) }), {
    maxLength: 3,
  }),
});
const shiftArb = fc.record({
  restaurant: fc.nat(1),
  person: fc.nat(2),
  day: fc.nat(DAYS.length - 1),
  assignedMinutes: fc.nat(600),
  actualMinutes: fc.nat(700),
  hourlyRateCents: fc.integer({ min: 2000, max: 4999 }),
  attended: fc.boolean(),
});
const purchaseArb = fc.record({
  restaurant: fc.nat(1),
  supplier: fc.nat(1),
  day: fc.nat(DAYS.length - 1),
  category: fc.constantFrom(...PURCHASE_CATEGORIES),
  quantity: fc.integer({ min: 1, max: 50 }),
  amountCents: fc.nat(100_000),
});
/** A cost sent for an item from a day on, before the order batch `beforeBatch` (after the last: at the end). */
const costArb = fc.record({ beforeBatch: fc.nat(4), item: fc.nat(2), day: fc.nat(DAYS.length - 1), costCents: fc.nat(2000) });
const franchiseArb = fc.record({
  orderBatches: fc.array(fc.array(orderArb, { maxLength: 8 }), { maxLength: 4 }),
  costs: fc.array(costArb, { maxLength: 5 }),
  // One shift per person and day (the table's key), written in up to three batches.
  shifts: fc.uniqueArray(shiftArb, { selector: (s) => `${s.person}|${s.day}`, maxLength: 10 }),
  shiftBatches: fc.integer({ min: 1, max: 3 }),
  purchaseBatches: fc.array(fc.array(purchaseArb, { maxLength: 6 }), { maxLength: 3 }),
});
export const datasetArb = fc.tuple(franchiseArb, franchiseArb);
export type Dataset = typeof datasetArb extends fc.Arbitrary<infer T> ? T : never;

export type Row = Record<string, string | number | number[]>;
export const sortRows = (rows: Row[]) => rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)))).sort();

type RollupTable =
  | 'daily_restaurant_stats'
  | 'daily_franchise_stats'
  | 'daily_item_sales'
  | 'daily_franchise_item_sales'
  | 'hourly_restaurant_stats'
  | 'hourly_franchise_stats'
  | 'daily_platform_sales'
  | 'daily_franchise_platform_sales'
  | 'daily_staff_hours'
  | 'daily_franchise_staff_hours'
  | 'monthly_staff_hours'
  | 'monthly_restaurant_stats'
  | 'monthly_restaurant_labour'
  | 'monthly_restaurant_purchases'
  | 'daily_purchases'
  | 'daily_franchise_purchases';

/** An item's costs by the day each applies from. */
type CostHistory = Map<string, number>;

/** An item's cost on a day (docs/product.md#costs): the latest from on or before it, else the first; undefined without any. */
export function costOnDay(history: CostHistory | undefined, day: string): number | undefined {
  if (!history || history.size === 0) return undefined;
  const froms = [...history.keys()].sort();
  const from = froms.filter((d) => d <= day).at(-1) ?? froms[0]!;
  return history.get(from);
}

/** The costs as `write` sends them: before their order batch, those after the last batch at the end. */
const costsInSendingOrder = (data: Dataset[number]) =>
  [...data.costs].sort((a, b) => Math.min(a.beforeBatch, data.orderBatches.length) - Math.min(b.beforeBatch, data.orderBatches.length));

/** Each item's history after the costs sent in order: a cost already in force on its day is left alone. */
export function costHistories(data: Dataset[number]): Map<number, CostHistory> {
  const histories = new Map<number, CostHistory>();
  for (const c of costsInSendingOrder(data)) {
    const history = histories.get(c.item) ?? histories.set(c.item, new Map()).get(c.item)!;
    if (costOnDay(history, DAYS[c.day]!) !== c.costCents) history.set(DAYS[c.day]!, c.costCents);
  }
  return histories;
}

/** The wall-clock hour of an instant in a zone, as Intl tells it. */
const hourIn = (timeZone: string, at: number) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(at)));

/** A branch's clock, as the model files its orders: its zone and day start in minutes. */
export type Clock = { timeZone: string; dayStartMinutes: number };

/**
 * The rollups as docs/product.md#metrics defines them, computed in JavaScript from the inputs (the oracle). Orders
 * are filed on `clockOf` their branch (the franchise's zone and midnight by default).
 */
export function model(world: World, dataset: Dataset, clockOf?: (restaurantId: number) => Clock) {
  const tables: Record<string, Map<string, Row>> = Object.fromEntries(ROLLUP_TABLES.map((t) => [t, new Map()]));
  const add = (table: string, key: Row, counters: Row) => {
    const k = JSON.stringify(key);
    const row = tables[table]!.get(k) ?? { ...key };
    for (const [c, v] of Object.entries(counters)) row[c] = ((row[c] as number | undefined) ?? 0) + (v as number);
    tables[table]!.set(k, row);
  };
  const zeroStats = Object.fromEntries(
    ['orders_dine_in', 'orders_takeaway', 'orders_pos', 'orders_app', 'orders_voided']
      .concat(['revenue_dine_in_cents', 'revenue_takeaway_cents', 'revenue_pos_cents', 'revenue_app_cents'])
      .concat(['guests_recurrent', 'guests_new', 'transactions', 'units'])
      .concat(['orders_delivery', 'orders_refunded', 'revenue_delivery_cents', 'voided_cents', 'refunded_cents'])
      .concat(['discount_cents', 'tip_cents', 'gross_sales_cents', 'food_cost_cents'])
      .map((c) => [c, 0]),
  );
  for (const [fi, data] of dataset.entries()) {
    const f = world.franchises[fi]!;
    const costs = costHistories(data);
    const lineCost = (item: number, day: string, quantity: number) => quantity * (costOnDay(costs.get(item), day) ?? 0);
    // Recurrent: the customer has a completed order placed strictly before, among all the orders, whatever their arrival.
    const at = (o: { minute: number }) => PERIOD_START + o.minute * 60_000;
    const firstOrder = new Map<number, number>();
    for (const o of data.orderBatches.flat()) {
      if (o.customer === null || o.status !== 'completed') continue;
      const customer = f.customers[o.customer]!;
      if (!(firstOrder.get(customer)! <= at(o))) firstOrder.set(customer, at(o));
    }
    for (const o of data.orderBatches.flat()) {
      const restaurant_id = f.restaurants[o.restaurant]!;
      const clock = clockOf?.(restaurant_id) ?? { timeZone: f.timeZone, dayStartMinutes: 0 };
      const day = tradingDayIn(clock.timeZone, clock.dayStartMinutes, new Date(at(o)));
      const customer = o.customer === null ? null : f.customers[o.customer]!;
      const first = customer === null ? undefined : firstOrder.get(customer);
      const recurrent = first !== undefined && first < at(o);
      // Every daily_restaurant_stats row also counts in its franchise's daily_franchise_stats row.
      const addStats = (counters: Row) => {
        add('daily_restaurant_stats', { restaurant_id, day }, counters);
        add('daily_franchise_stats', { franchise_id: f.id, day }, counters);
      };
      const { lines, discountCents, total } = moneyOf(o);
      if (o.status === 'voided') {
        addStats({ ...zeroStats, orders_voided: 1, voided_cents: total });
        continue;
      }
      if (o.status === 'refunded') {
        addStats({ ...zeroStats, orders_refunded: 1, refunded_cents: total, gross_sales_cents: lines });
        continue;
      }
      const pos = o.source === 'pos';
      addStats({
        ...zeroStats,
        [`orders_${o.channel}`]: 1,
        [pos ? 'orders_pos' : 'orders_app']: 1,
        [`revenue_${o.channel}_cents`]: total,
        [pos ? 'revenue_pos_cents' : 'revenue_app_cents']: total,
        discount_cents: discountCents,
        tip_cents: o.tipCents,
        gross_sales_cents: lines,
        [recurrent ? 'guests_recurrent' : 'guests_new']: o.guests,
        transactions: o.payments.length,
        units: o.lines.reduce((s, l) => s + l.quantity, 0),
        food_cost_cents: o.lines.reduce((s, l) => s + lineCost(l.item, day, l.quantity), 0),
      });
      const hour = hourIn(clock.timeZone, at(o));
      add('hourly_restaurant_stats', { restaurant_id, day, hour }, { orders: 1, revenue_cents: total });
      add('hourly_franchise_stats', { franchise_id: f.id, day, hour }, { orders: 1, revenue_cents: total });
      if (o.channel === 'delivery') {
        const platform = moneyOf(o).platform ?? '';
        add('daily_platform_sales', { restaurant_id, day, platform }, { orders: 1, revenue_cents: total });
        add('daily_franchise_platform_sales', { franchise_id: f.id, day, platform }, { orders: 1, revenue_cents: total });
      }
      for (const l of o.lines) {
        const menu_item_id = f.items[l.item]!;
        const counters = { units: l.quantity, revenue_cents: l.amountCents, food_cost_cents: lineCost(l.item, day, l.quantity) };
        add('daily_item_sales', { restaurant_id, day, menu_item_id }, counters);
        add('daily_franchise_item_sales', { franchise_id: f.id, day, menu_item_id }, counters);
      }
    }
    for (const s of data.shifts) {
      const hours = {
        assigned_minutes: s.assignedMinutes,
        actual_minutes: s.actualMinutes,
        labour_cost_cents: labourCostCents(s.actualMinutes, s.hourlyRateCents),
        shifts: 1,
        shifts_attended: s.attended ? 1 : 0,
      };
      add('daily_staff_hours', { restaurant_id: f.restaurants[s.restaurant]!, day: DAYS[s.day]!, person_id: f.people[s.person]! }, hours);
      add('daily_franchise_staff_hours', { franchise_id: f.id, day: DAYS[s.day]! }, hours);
      const month = `${DAYS[s.day]!.slice(0, 7)}-01`;
      add('monthly_staff_hours', { restaurant_id: f.restaurants[s.restaurant]!, month, person_id: f.people[s.person]! }, hours);
      add('monthly_restaurant_labour', { restaurant_id: f.restaurants[s.restaurant]!, month }, { shifts: 1 });
    }
    for (const p of data.purchaseBatches.flat()) {
      const key = { day: DAYS[p.day]!, supplier_id: f.suppliers[p.supplier]!, category: p.category };
      const counters = { quantity: p.quantity, amount_cents: p.amountCents };
      add('daily_purchases', { restaurant_id: f.restaurants[p.restaurant]!, ...key }, counters);
      add('daily_franchise_purchases', { franchise_id: f.id, ...key }, counters);
      add(
        'monthly_restaurant_purchases',
        { restaurant_id: f.restaurants[p.restaurant]!, month: `${DAYS[p.day]!.slice(0, 7)}-01` },
        { quantity: p.quantity },
      );
    }
  }
  // Running totals per month (element d = days 1..d of the month), from the daily rows above.
  const runningByMonth = (daily: string, keys: string[], running: Record<string, (row: Row) => number>, into: string) => {
    for (const row of tables[daily]!.values()) {
      const day = row.day as string;
      const month = `${day.slice(0, 7)}-01`;
      const length = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();
      // Keys in the order of the table's other writes (`add` above), so both land in one row.
      const key = Object.fromEntries(keys.map((k) => [k, k === 'month' ? month : row[k]!]));
      const k = JSON.stringify(key);
      const monthly = tables[into]!.get(k) ?? { ...key };
      for (const [name, of] of Object.entries(running)) {
        const elements = (monthly[name] as number[] | undefined) ?? Array<number>(length).fill(0);
        for (let d = Number(day.slice(8)) - 1; d < length; d++) elements[d]! += of(row);
        monthly[name] = elements;
      }
      tables[into]!.set(k, monthly);
    }
  };
  runningByMonth(
    'daily_staff_hours',
    ['restaurant_id', 'month', 'person_id'],
    {
      running_assigned_minutes: (r) => r.assigned_minutes as number,
      running_actual_minutes: (r) => r.actual_minutes as number,
      running_shifts: (r) => r.shifts as number,
    },
    'monthly_staff_hours',
  );
  runningByMonth(
    'daily_restaurant_stats',
    ['restaurant_id', 'month'],
    {
      running_revenue_cents: (r) =>
        (r.revenue_dine_in_cents as number) + (r.revenue_takeaway_cents as number) + (r.revenue_delivery_cents as number),
      running_units: (r) => r.units as number,
      running_orders: (r) => (r.orders_dine_in as number) + (r.orders_takeaway as number) + (r.orders_delivery as number),
      running_food_cost_cents: (r) => r.food_cost_cents as number,
      running_gross_sales_cents: (r) => r.gross_sales_cents as number,
      running_orders_voided: (r) => r.orders_voided as number,
      running_voided_cents: (r) => r.voided_cents as number,
      running_discount_cents: (r) => r.discount_cents as number,
      running_orders_refunded: (r) => r.orders_refunded as number,
      running_refunded_cents: (r) => r.refunded_cents as number,
      running_tip_cents: (r) => r.tip_cents as number,
    },
    'monthly_restaurant_stats',
  );
  runningByMonth(
    'daily_staff_hours',
    ['restaurant_id', 'month'],
    { running_labour_cost_cents: (r) => r.labour_cost_cents as number },
    'monthly_restaurant_labour',
  );
  runningByMonth(
    'daily_purchases',
    ['restaurant_id', 'month'],
    { running_spend_cents: (r) => r.amount_cents as number },
    'monthly_restaurant_purchases',
  );
  return Object.fromEntries(Object.entries(tables).map(([t, rows]) => [t, [...rows.values()]])) as Record<RollupTable, Row[]>;
}

/** The world's rows of every rollup table, sorted as sortRows does. */
export async function rollupsOf(db: Db, world: World): Promise<Record<string, string[]>> {
  const restaurants = world.franchises.flatMap((f) => f.restaurants);
  const franchises = world.franchises.map((f) => f.id);
  const out: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const [column, ids] = table.includes('_franchise_') ? ['franchise_id', franchises] : ['restaurant_id', restaurants];
    // As JSON: bigint arrays come back as numbers from both drivers.
    const { rows } = await sql<{
      row: Row;
    }>`select to_jsonb(t) as row from ${sql.table(table)} t where ${sql.ref(column)} = any(${ids}::int[])`.execute(db);
    out[table] = sortRows(rows.map((r) => r.row));
  }
  return out;
}

/** Writes the dataset through the ingest, as real trade is written. */
export async function write(db: Db, world: World, dataset: Dataset): Promise<void> {
  for (const [fi, data] of dataset.entries()) {
    const f = world.franchises[fi]!;
    const sendCosts = (costs: Dataset[number]['costs']) =>
      transaction(db, async (trx) => {
        await beginFranchiseWrite(trx, f.id);
        for (const c of costs) await recordCosts(trx, f.id, [{ menuItemId: f.items[c.item]!, costCents: c.costCents }], DAYS[c.day]!);
      });
    const costs = costsInSendingOrder(data);
    for (const [b, batch] of data.orderBatches.entries()) {
      await sendCosts(costs.filter((c) => c.beforeBatch === b));
      await recordOrders(
        db,
        f.id,
        batch.map((o) => orderInputOf(f, o)),
      );
    }
    await sendCosts(costs.filter((c) => c.beforeBatch >= data.orderBatches.length));
    const shifts: ShiftInput[] = data.shifts.map((s) => ({
      restaurantId: f.restaurants[s.restaurant]!,
      personId: f.people[s.person]!,
      day: DAYS[s.day]!,
      assignedMinutes: s.assignedMinutes,
      actualMinutes: s.actualMinutes,
      hourlyRateCents: s.hourlyRateCents,
      attended: s.attended,
    }));
    const size = Math.ceil(shifts.length / data.shiftBatches);
    for (let i = 0; i < shifts.length; i += size) await recordShifts(db, f.id, shifts.slice(i, i + size));
    for (const batch of data.purchaseBatches) {
      const purchases: PurchaseInput[] = batch.map((p) => ({
        restaurantId: f.restaurants[p.restaurant]!,
        supplierId: f.suppliers[p.supplier]!,
        day: DAYS[p.day]!,
        category: p.category,
        quantity: p.quantity,
        amountCents: p.amountCents,
      }));
      await recordPurchases(db, f.id, purchases);
    }
  }
}
