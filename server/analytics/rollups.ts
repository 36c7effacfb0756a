import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { anyOf, columnsOf, table as tableRef, type ColumnName, type TableName } from '../db/typed-sql.js';
import { costOn, costPeriods, inCostPeriod } from './food-cost.js';
import { localHourOf, tradingDayOf } from './trading-day.js';
import { ORDER_COUNTS } from './write/order-rollups.js';
import { SALES_COUNTERS, HOURS_COUNTERS, LOSS_COUNTERS, ROLLUP_COLUMNS, STATS_COUNTERS, type RollupTable } from './write/rollup-columns.js';

// The daily rollups recomputed from the raw rows with set-based SQL, independently of the
// incremental arithmetic of write/*.ts but over the same columns (write/rollup-columns.ts): `--check`
// compares, a rebuild replaces. Raw SQL: set-wise aggregates (FILTER, window sums, generate_series)
// the builder cannot say; tables and columns are named through typed-sql.ts.

type RollupDefinition = {
  table: RollupTable;
  /** The rollup's rows from the raw rows: ROLLUP_COLUMNS' keys then counters then running totals, with those names. */
  fromRaw: RawBuilder<unknown>;
};

/** A rollup's keys, and its counters and running totals (what compare and rebuild read and write beside the keys). */
const columnsOfRollup = (table: RollupTable) => {
  const { keys, counters, running } = ROLLUP_COLUMNS[table] as {
    keys: readonly (readonly [string, string])[];
    counters: readonly (readonly [string, string])[];
    running: readonly (readonly [string, string])[];
  };
  return { keys: keys.map(([name]) => name), values: [...counters, ...running].map(([name]) => name) };
};

/** A counter's name and its SQL type. */
const typed = (columns: readonly (readonly [string, string])[]) => columns.map(([name, type]) => ({ name, type }));

const o = columnsOf('orders', 'o');
const completed = sql`${o('status')} = 'completed'`;

const pt = columnsOf('payment_transactions');
const [ll, lo] = [columnsOf('order_lines', 'll'), columnsOf('orders', 'lo')];

/**
 * The per-order counts of payments and line units, and the lines' food cost on the order's day: over whole
 * tables, grouped once; for a few orders (`lookups`), looked up per order through the order_id indexes (OFFSET 0:
 * a subquery the planner may not turn into a scan of every line, as it did with PGlite's row estimates), the food
 * cost on day `costDay`.
 */
const perOrder = (lookups: false | { costDay: RawBuilder<unknown> }) =>
  lookups
    ? sql`cross join lateral (select count(*) as n from payment_transactions where ${pt('order_id')} = ${o('id')} offset 0) p
      cross join lateral (select sum(${ll('quantity')}) as units,
          coalesce(sum(${ll('quantity')}::bigint * coalesce(${costOn(ll('menu_item_id'), lookups.costDay)}, 0)), 0) as food_cost
        from order_lines ll where ${ll('order_id')} = ${o('id')} offset 0) l`
    : sql`left join (select ${pt('order_id')}, count(*) as n from payment_transactions group by ${pt('order_id')}) p on p.order_id = ${o('id')}
      left join (select ${ll('order_id')}, sum(${ll('quantity')}) as units, sum(${ll('quantity')}::bigint * cp.cost_cents) as food_cost
        from order_lines ll join orders lo on ${lo('id')} = ${ll('order_id')}
        left join (${costPeriods}) cp on ${inCostPeriod('cp', ll('menu_item_id'), lo('day'))}
        group by ${ll('order_id')}) l on l.order_id = ${o('id')}`;

/**
 * daily_restaurant_stats' counters (STATS_COUNTERS' order) of the orders `o`, with each order's count of
 * payments, of line units and its lines' food cost, each order counted `weight` times (1; -1 to take it out).
 */
const statsCounters = (
  weight: RawBuilder<unknown>,
  payments: RawBuilder<unknown>,
  units: RawBuilder<unknown>,
  foodCost: RawBuilder<unknown>,
) => {
  const count = (condition: RawBuilder<unknown>) => sql`coalesce(sum(${weight}) filter (where ${condition}), 0)::int`;
  const total = (value: RawBuilder<unknown>, condition: RawBuilder<unknown>, type: 'int' | 'bigint') =>
    sql`coalesce(sum(${weight} * ${value}) filter (where ${condition}), 0)::${sql.raw(type)}`;
  const status = (name: string) => sql`${o('status')} = ${sql.lit(name)}`;
  const channel = (name: string) => sql`${completed} and ${o('channel')} = ${sql.lit(name)}`;
  return sql`${count(channel('dine_in'))} as orders_dine_in,
        ${count(channel('takeaway'))} as orders_takeaway,
        ${count(sql`${completed} and ${o('source')} = 'pos'`)} as orders_pos,
        ${count(sql`${completed} and ${o('source')} = 'app'`)} as orders_app,
        ${count(status('voided'))} as orders_voided,
        ${total(o('total_cents'), channel('dine_in'), 'bigint')} as revenue_dine_in_cents,
        ${total(o('total_cents'), channel('takeaway'), 'bigint')} as revenue_takeaway_cents,
        ${total(o('total_cents'), sql`${completed} and ${o('source')} = 'pos'`, 'bigint')} as revenue_pos_cents,
        ${total(o('total_cents'), sql`${completed} and ${o('source')} = 'app'`, 'bigint')} as revenue_app_cents,
        ${total(o('guests'), sql`${completed} and ${o('recurrent')}`, 'int')} as guests_recurrent,
        ${total(o('guests'), sql`${completed} and not ${o('recurrent')}`, 'int')} as guests_new,
        ${total(payments, completed, 'int')} as transactions,
        ${total(units, completed, 'int')} as units,
        ${count(channel('delivery'))} as orders_delivery,
        ${count(status('refunded'))} as orders_refunded,
        ${total(o('total_cents'), channel('delivery'), 'bigint')} as revenue_delivery_cents,
        ${total(o('total_cents'), status('voided'), 'bigint')} as voided_cents,
        ${total(o('total_cents'), status('refunded'), 'bigint')} as refunded_cents,
        ${total(o('discount_cents'), completed, 'bigint')} as discount_cents,
        ${total(o('tip_cents'), completed, 'bigint')} as tip_cents,
        ${total(sql`(${o('total_cents')} + ${o('discount_cents')})`, sql`${o('status')} <> 'voided'`, 'bigint')} as gross_sales_cents,
        ${total(foodCost, completed, 'bigint')} as food_cost_cents`;
};

/** daily_restaurant_stats from the raw rows. */
const restaurantStats = sql`select ${o('restaurant_id')}, ${o('day')}, ${statsCounters(sql`1`, sql`p.n`, sql`l.units`, sql`l.food_cost`)}
      from orders o
      ${perOrder(false)}
      group by ${o('restaurant_id')}, ${o('day')}`;

// Labour cost rounded to the cent per shift, half up, as write/shifts.ts's labourCostCents.
const s = columnsOf('staff_shifts');
const staffHours = sql`select ${s('restaurant_id')}, ${s('day')}, ${s('person_id')},
    sum(${s('assigned_minutes')})::int as assigned_minutes,
    sum(${s('actual_minutes')})::int as actual_minutes,
    sum(round(${s('actual_minutes')}::numeric * ${s('hourly_rate_cents')} / 60))::bigint as labour_cost_cents,
    count(*)::int as shifts,
    count(*) filter (where ${s('attended')})::int as shifts_attended
  from staff_shifts
  group by ${s('restaurant_id')}, ${s('day')}, ${s('person_id')}`;

/** A per-restaurant rollup's rows summed per franchise over the other keys: its franchise-wide rollup. */
function perFranchise(rows: RawBuilder<unknown>, keys: string[], counters: { name: string; type: string }[]): RawBuilder<unknown> {
  const r = columnsOf('restaurants', 'r');
  const keyRefs = keys.map((k) => sql.ref(`x.${k}`));
  const sums = counters.map((c) => sql`sum(x.${sql.ref(c.name)})::${sql.raw(c.type)} as ${sql.ref(c.name)}`);
  return sql`select ${r('franchise_id')}, ${sql.join([...keyRefs, ...sums])}
    from (${rows}) x join restaurants r on ${r('id')} = ${columnsOf('daily_restaurant_stats', 'x')('restaurant_id')}
    group by ${r('franchise_id')}, ${sql.join(keyRefs)}`;
}
/**
 * Daily rows (their keys, `day`, then counters) as monthly rows keyed by `keys` (theirs and `month`, in
 * the table's order): per key and calendar month, each counter's
 * total and, for the running ones, an array with one element per day of the month, element d being
 * the total of days 1..d (days without a row add 0).
 */
function byMonth(
  daily: RawBuilder<unknown>,
  keys: string[],
  counters: { name: string; type: string }[],
  running: { name: string; of: string; type: string }[],
): RawBuilder<unknown> {
  // The daily rows' keys: all but month.
  const dailyKeys = keys.filter((k) => k !== 'month');
  const keyRefs = (alias: string) => dailyKeys.map((k) => sql.ref(`${alias}.${k}`));
  const partition = sql.join([...keyRefs('m'), sql`m.month`]);
  return sql`with d as (${daily})
    select ${sql.join([
      ...keys.map((k) => sql.ref(`x.${k}`)),
      ...counters.map((c) => sql`coalesce(sum(x.${sql.ref(c.name)}), 0)::${sql.raw(c.type)} as ${sql.ref(c.name)}`),
      ...running.map((r) => sql`array_agg(x.${sql.ref(r.name)} order by x.day) as ${sql.ref(r.name)}`),
    ])}
    from (
      select ${sql.join([
        ...keyRefs('m'),
        sql`m.month`,
        sql`g.day`,
        ...counters.map((c) => sql`d.${sql.ref(c.name)}`),
        ...running.map(
          (r) =>
            sql`(sum(coalesce(d.${sql.ref(r.of)}, 0)) over (partition by ${partition} order by g.day))::${sql.raw(r.type)} as ${sql.ref(r.name)}`,
        ),
      ])}
      from (select distinct ${sql.join(keyRefs('d'))}, date_trunc('month', d.day)::date as month from d) m
      cross join lateral generate_series(m.month::timestamp, m.month + interval '1 month' - interval '1 day', interval '1 day') g(day)
      left join d on ${sql.join(
        dailyKeys.map((k) => sql`d.${sql.ref(k)} = m.${sql.ref(k)}`),
        sql` and `,
      )} and d.day = g.day::date
    ) x
    group by ${sql.join([...keyRefs('x'), sql`x.month`])}`;
}

const [l, r, p] = [columnsOf('order_lines', 'l'), columnsOf('restaurants', 'r'), columnsOf('purchase_lines', 'p')];
const pl = columnsOf('purchase_lines');
/** The food cost of lines `l` joined to their cost periods `cp`. */
const lineFoodCost = sql`coalesce(sum(${l('quantity')}::bigint * cp.cost_cents), 0)::bigint`;
const d = columnsOf('daily_restaurant_stats', 'd');
/** Running totals of a monthly rollup from its daily rows' column `of`. */
const RUNNING_HOURS = [
  { name: 'running_assigned_minutes', of: 'assigned_minutes', type: 'int' },
  { name: 'running_actual_minutes', of: 'actual_minutes', type: 'int' },
  { name: 'running_shifts', of: 'shifts', type: 'int' },
] satisfies { name: ColumnName<'monthly_staff_hours'>; of: ColumnName<'daily_staff_hours'>; type: string }[];

const STAT_TYPES = new Map<string, string>(STATS_COUNTERS);

/** monthly_restaurant_stats from daily_restaurant_stats' rows `daily` (from the raw rows, or the rollup's own). */
const restaurantMonthsOf = (daily: RawBuilder<unknown>) =>
  byMonth(
    sql`select ${d('restaurant_id')}, ${d('day')}, ${d('revenue_dine_in_cents')} + ${d('revenue_takeaway_cents')} + ${d('revenue_delivery_cents')} as revenue_cents,
        ${d('units')}, ${d('orders_dine_in')} + ${d('orders_takeaway')} + ${d('orders_delivery')} as orders, ${d('food_cost_cents')},
        ${sql.join(LOSS_COUNTERS.map((c) => d(c)))}
      from (${daily}) d`,
    columnsOfRollup('monthly_restaurant_stats').keys,
    [],
    [
      { name: 'running_revenue_cents', of: 'revenue_cents', type: 'bigint' },
      { name: 'running_units', of: 'units', type: 'int' },
      { name: 'running_orders', of: 'orders', type: 'int' },
      { name: 'running_food_cost_cents', of: 'food_cost_cents', type: 'bigint' },
      ...LOSS_COUNTERS.map((c) => ({ name: `running_${c}` as const, of: c, type: STAT_TYPES.get(c)! })),
    ] satisfies { name: ColumnName<'monthly_restaurant_stats'>; of: string; type: string }[],
  );

const ROLLUPS: RollupDefinition[] = [
  { table: 'daily_restaurant_stats', fromRaw: restaurantStats },
  { table: 'daily_franchise_stats', fromRaw: perFranchise(restaurantStats, ['day'], typed(STATS_COUNTERS)) },
  { table: 'monthly_restaurant_stats', fromRaw: restaurantMonthsOf(restaurantStats) },
  {
    table: 'daily_item_sales',
    fromRaw: sql`select ${o('restaurant_id')}, ${o('day')}, ${l('menu_item_id')}, sum(${l('quantity')})::int as units, sum(${l('amount_cents')})::bigint as revenue_cents,
        ${lineFoodCost} as food_cost_cents
      from order_lines l join orders o on ${o('id')} = ${l('order_id')}
      left join (${costPeriods}) cp on ${inCostPeriod('cp', l('menu_item_id'), o('day'))}
      where ${completed}
      group by ${o('restaurant_id')}, ${o('day')}, ${l('menu_item_id')}`,
  },
  {
    table: 'daily_franchise_item_sales',
    fromRaw: sql`select ${r('franchise_id')}, ${o('day')}, ${l('menu_item_id')}, sum(${l('quantity')})::int as units, sum(${l('amount_cents')})::bigint as revenue_cents,
        ${lineFoodCost} as food_cost_cents
      from order_lines l join orders o on ${o('id')} = ${l('order_id')} join restaurants r on ${r('id')} = ${o('restaurant_id')}
      left join (${costPeriods}) cp on ${inCostPeriod('cp', l('menu_item_id'), o('day'))}
      where ${completed}
      group by ${r('franchise_id')}, ${o('day')}, ${l('menu_item_id')}`,
  },
  {
    table: 'hourly_restaurant_stats',
    fromRaw: sql`select ${o('restaurant_id')}, ${o('day')}, ${o('hour')}, count(*)::int as orders, sum(${o('total_cents')})::bigint as revenue_cents
      from orders o where ${completed}
      group by ${o('restaurant_id')}, ${o('day')}, ${o('hour')}`,
  },
  {
    table: 'hourly_franchise_stats',
    fromRaw: sql`select ${r('franchise_id')}, ${o('day')}, ${o('hour')}, count(*)::int as orders, sum(${o('total_cents')})::bigint as revenue_cents
      from orders o join restaurants r on ${r('id')} = ${o('restaurant_id')} where ${completed}
      group by ${r('franchise_id')}, ${o('day')}, ${o('hour')}`,
  },
  {
    table: 'daily_platform_sales',
    fromRaw: sql`select ${o('restaurant_id')}, ${o('day')}, coalesce(${o('platform')}, '') as platform, count(*)::int as orders, sum(${o('total_cents')})::bigint as revenue_cents
      from orders o where ${completed} and ${o('channel')} = 'delivery'
      group by ${o('restaurant_id')}, ${o('day')}, coalesce(${o('platform')}, '')`,
  },
  {
    table: 'daily_franchise_platform_sales',
    fromRaw: sql`select ${r('franchise_id')}, ${o('day')}, coalesce(${o('platform')}, '') as platform, count(*)::int as orders, sum(${o('total_cents')})::bigint as revenue_cents
      from orders o join restaurants r on ${r('id')} = ${o('restaurant_id')} where ${completed} and ${o('channel')} = 'delivery'
      group by ${r('franchise_id')}, ${o('day')}, coalesce(${o('platform')}, '')`,
  },
  { table: 'daily_staff_hours', fromRaw: staffHours },
  {
    table: 'monthly_staff_hours',
    fromRaw: byMonth(staffHours, columnsOfRollup('monthly_staff_hours').keys, typed(HOURS_COUNTERS), RUNNING_HOURS),
  },
  { table: 'daily_franchise_staff_hours', fromRaw: perFranchise(staffHours, ['day'], typed(HOURS_COUNTERS)) },
  {
    table: 'monthly_restaurant_labour',
    fromRaw: byMonth(
      sql`select h.restaurant_id, h.day, sum(h.shifts)::int as shifts, sum(h.labour_cost_cents)::bigint as labour_cost_cents
        from (${staffHours}) h group by h.restaurant_id, h.day`,
      columnsOfRollup('monthly_restaurant_labour').keys,
      [{ name: 'shifts', type: 'int' }],
      [{ name: 'running_labour_cost_cents', of: 'labour_cost_cents', type: 'bigint' }],
    ),
  },
  {
    table: 'daily_purchases',
    fromRaw: sql`select ${pl('restaurant_id')}, ${pl('day')}, ${pl('supplier_id')}, ${pl('category')}, sum(${pl('quantity')})::bigint as quantity, sum(${pl('amount_cents')})::bigint as amount_cents
      from purchase_lines
      group by ${pl('restaurant_id')}, ${pl('day')}, ${pl('supplier_id')}, ${pl('category')}`,
  },
  {
    table: 'monthly_restaurant_purchases',
    fromRaw: byMonth(
      sql`select ${pl('restaurant_id')}, ${pl('day')}, sum(${pl('quantity')})::bigint as quantity, sum(${pl('amount_cents')})::bigint as spend_cents
        from purchase_lines group by ${pl('restaurant_id')}, ${pl('day')}`,
      columnsOfRollup('monthly_restaurant_purchases').keys,
      [{ name: 'quantity', type: 'bigint' }],
      [{ name: 'running_spend_cents', of: 'spend_cents', type: 'bigint' }],
    ),
  },
  {
    table: 'daily_franchise_purchases',
    fromRaw: sql`select ${r('franchise_id')}, ${p('day')}, ${p('supplier_id')}, ${p('category')}, sum(${p('quantity')})::bigint as quantity, sum(${p('amount_cents')})::bigint as amount_cents
      from purchase_lines p join restaurants r on ${r('id')} = ${p('restaurant_id')}
      group by ${r('franchise_id')}, ${p('day')}, ${p('supplier_id')}, ${p('category')}`,
  },
];

export const ROLLUP_TABLES = ROLLUPS.map((r) => r.table);

/**
 * Refreshes the planner's statistics of what request-time queries read: the rollups and the small
 * tables they join. PGlite has no autovacuum, so after a large write (a back-fill, a big top-up, a
 * rebuild) the planner would otherwise keep guessing row counts and pick slow plans. Reads samples,
 * not whole tables: well under a second at 50 branches × 730 days.
 */
export async function analyzeRollups(db: Db): Promise<void> {
  const tables: TableName[] = [...ROLLUP_TABLES, 'restaurants', 'people', 'suppliers', 'menu_items'];
  // Raw: the builder has no ANALYZE.
  await sql`analyze ${sql.join(tables.map((t) => tableRef(t)))}`.execute(db);
}

/** Replaces a rollup's rows for `where` by its rows from the raw rows (`fromRaw` of those rows only). */
async function replaceRows(trx: Db, table: RollupTable, where: RawBuilder<unknown>, fromRaw: RawBuilder<unknown>): Promise<void> {
  const { keys, values } = columnsOfRollup(table);
  await sql`delete from ${tableRef(table)} where ${where}`.execute(trx);
  await sql`insert into ${tableRef(table)} (${sql.join([...keys, ...values].map((c) => sql.ref(c)))}) ${fromRaw}`.execute(trx);
}

/** Adds each counter of rows `rows` (keys, then `counters`) to a rollup's row of the same keys, or inserts it. */
const addRows = (table: RollupTable, counters: readonly string[], rows: RawBuilder<unknown>) => {
  const { keys } = columnsOfRollup(table);
  const add = counters.map((c) => sql`${sql.ref(c)} = ${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`);
  return sql`insert into ${tableRef(table)} (${sql.join([...keys, ...counters].map((c) => sql.ref(c)))}) ${rows}
    on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do update set ${sql.join(add)}`;
};

/**
 * Files a branch's orders again on its clock (after its zone or day start changed), in the caller's
 * transaction, which holds the franchise's lock. Only the orders whose trading day or local hour changed are
 * touched: each moves, and its counts leave its old day and hour and join its new ones in the branch's and the
 * franchise's hourly rollups, as the write path's deltas do; only those whose day changed are also moved in the
 * daily and platform rollups (with their lines and costs), since an order that keeps its day cancels out there: a
 * new zone moves every order's hour but few orders' day. Rows left without orders go (a rebuild would not have
 * them), and the branch's months of the days left and joined are summed again from its days. The franchise's other
 * branches are not read, so the cost follows the branch, not the franchise. The caller bumps data_version.
 */
export async function refileBranch(trx: Db, franchiseId: number, restaurantId: number): Promise<void> {
  const rr = columnsOf('restaurants', 'r');
  const stats = STATS_COUNTERS.map(([name]) => name);
  const items = ROLLUP_COLUMNS.daily_item_sales.counters.map(([name]) => name);
  const sales = SALES_COUNTERS.map(([name]) => name);
  // Raw: data-modifying CTEs. Each moved order counts -1 on its old day and hour and +1 on its new ones; its other facts are
  // unchanged. Every join to orders names the branch, so its index is used, never a scan of every order. Answers the days
  // left and joined, and whether an order changed day there.
  const { rows: touched } = await sql<{ day: string; day_moved: boolean }>`with moved as materialized (
      select m.* from (
        select ${o('id')}, ${o('day')} as old_day, ${tradingDayOf(o('placed_at'), 'r')} as new_day,
          ${o('hour')} as old_hour, ${localHourOf(o('placed_at'), 'r')} as new_hour
        from orders o join restaurants r on ${rr('id')} = ${o('restaurant_id')}
        where ${o('restaurant_id')} = ${restaurantId}
      ) m where m.old_day <> m.new_day or m.old_hour <> m.new_hour
    ), refiled as (
      update orders set ${columnsOf('orders')('day')} = moved.new_day, ${columnsOf('orders')('hour')} = moved.new_hour
      from moved where ${sql.ref('orders.id')} = moved.id and ${sql.ref('orders.restaurant_id')} = ${restaurantId} returning moved.id
    ), shifted as (
      select ${o('status')}, ${o('total_cents')}, s.day, s.hour, s.weight
      from moved join orders o on ${o('id')} = moved.id and ${o('restaurant_id')} = ${restaurantId}
      cross join lateral (values (moved.old_day, moved.old_hour, -1), (moved.new_day, moved.new_hour, 1)) s(day, hour, weight)
    ), counted as (
      select ${o('id')}, ${o('status')}, ${o('channel')}, ${o('source')}, ${o('guests')}, ${o('recurrent')}, ${o('total_cents')},
        ${o('discount_cents')}, ${o('tip_cents')}, ${o('platform')}, p.n, l.units, l.food_cost, s.day, s.weight
      from moved join orders o on ${o('id')} = moved.id and ${o('restaurant_id')} = ${restaurantId}
      cross join lateral (values (moved.old_day, -1), (moved.new_day, 1)) s(day, weight)
      ${perOrder({ costDay: sql`s.day` })}
      where moved.old_day <> moved.new_day
    ), stats as (
      select o.day, ${statsCounters(sql`o.weight`, sql`o.n`, sql`o.units`, sql`o.food_cost`)} from counted o group by o.day
    ), items as (
      select o.day, ${l('menu_item_id')}, sum(o.weight * ${l('quantity')})::int as units, sum(o.weight * ${l('amount_cents')})::bigint as revenue_cents,
        coalesce(sum(o.weight * ${l('quantity')}::bigint * coalesce(${costOn(l('menu_item_id'), sql`o.day`)}, 0)), 0)::bigint as food_cost_cents
      from counted o join order_lines l on ${l('order_id')} = ${o('id')} where ${completed} group by o.day, ${l('menu_item_id')}
    ), hours as (
      select o.day, o.hour, sum(o.weight)::int as orders, sum(o.weight * ${o('total_cents')})::bigint as revenue_cents
      from shifted o where ${completed} group by o.day, o.hour
    ), platforms as (
      select o.day, coalesce(${o('platform')}, '') as platform, sum(o.weight)::int as orders, sum(o.weight * ${o('total_cents')})::bigint as revenue_cents
      from counted o where ${completed} and ${o('channel')} = 'delivery' group by o.day, coalesce(${o('platform')}, '')
    ), branch_stats as (
      ${addRows('daily_restaurant_stats', stats, sql`select ${restaurantId}::int, stats.* from stats`)}
    ), franchise_stats as (
      ${addRows('daily_franchise_stats', stats, sql`select ${franchiseId}::int, stats.* from stats`)}
    ), branch_items as (
      ${addRows('daily_item_sales', items, sql`select ${restaurantId}::int, items.* from items`)}
    ), branch_hours as (
      ${addRows('hourly_restaurant_stats', sales, sql`select ${restaurantId}::int, hours.* from hours`)}
    ), franchise_hours as (
      ${addRows('hourly_franchise_stats', sales, sql`select ${franchiseId}::int, hours.* from hours`)}
    ), branch_platforms as (
      ${addRows('daily_platform_sales', sales, sql`select ${restaurantId}::int, platforms.* from platforms`)}
    ), franchise_platforms as (
      ${addRows('daily_franchise_platform_sales', sales, sql`select ${franchiseId}::int, platforms.* from platforms`)}
    ), franchise_items as (
      ${addRows('daily_franchise_item_sales', items, sql`select ${franchiseId}::int, items.* from items`)}
    )
    select distinct t.day::text as day, t.day_moved from moved
    cross join lateral (values (moved.old_day, moved.old_day <> moved.new_day), (moved.new_day, moved.old_day <> moved.new_day)) t(day, day_moved)`.execute(
    trx,
  );
  if (touched.length === 0) return;
  const days = [...new Set(touched.map((t) => t.day))];
  const months = [...new Set(touched.filter((t) => t.day_moved).map((t) => `${t.day.slice(0, 7)}-01`))];
  const onDays = sql`${sql.ref('day')} = ${anyOf(days, 'date')}`;
  const ofBranch = sql`${sql.ref('restaurant_id')} = ${restaurantId} and ${onDays}`;
  const ofFranchise = sql`${sql.ref('franchise_id')} = ${franchiseId} and ${onDays}`;
  // Every line has a quantity above 0.
  const noOrders = sql.join(
    ORDER_COUNTS.map((count) => sql`${sql.ref(count)} = 0`),
    sql` and `,
  );
  await sql`with branch_stats as (delete from daily_restaurant_stats where ${ofBranch} and ${noOrders}),
      franchise_stats as (delete from daily_franchise_stats where ${ofFranchise} and ${noOrders}),
      branch_items as (delete from daily_item_sales where ${ofBranch} and ${sql.ref('units')} = 0),
      branch_hours as (delete from hourly_restaurant_stats where ${ofBranch} and ${sql.ref('orders')} = 0),
      franchise_hours as (delete from hourly_franchise_stats where ${ofFranchise} and ${sql.ref('orders')} = 0),
      branch_platforms as (delete from daily_platform_sales where ${ofBranch} and ${sql.ref('orders')} = 0),
      franchise_platforms as (delete from daily_franchise_platform_sales where ${ofFranchise} and ${sql.ref('orders')} = 0)
    delete from daily_franchise_item_sales where ${ofFranchise} and ${sql.ref('units')} = 0`.execute(trx);
  const x = columnsOf('daily_restaurant_stats', 'x');
  await replaceRows(
    trx,
    'monthly_restaurant_stats',
    sql`${sql.ref('restaurant_id')} = ${restaurantId} and ${sql.ref('month')} = ${anyOf(months, 'date')}`,
    restaurantMonthsOf(
      sql`select x.* from daily_restaurant_stats x where ${x('restaurant_id')} = ${restaurantId} and date_trunc('month', ${x('day')})::date = ${anyOf(months, 'date')}`,
    ),
  );
}

/**
 * Re-costs items `itemIds` in every rollup after their cost history changed (docs/product.md#costs), on days
 * from `fromDay` on (null: every day), in the caller's transaction, which holds the franchise's lock: each
 * item-day row of the branches takes its units × its cost now, the difference joins the franchise's item-day and
 * the branch's and franchise's days, and the branch's months of those days are summed again from its days. The
 * caller bumps data_version.
 */
export async function recostItems(trx: Db, franchiseId: number, itemIds: number[], fromDay: string | null): Promise<void> {
  if (itemIds.length === 0) return;
  const [s, t] = [columnsOf('daily_item_sales', 's'), columnsOf('daily_item_sales', 'daily_item_sales')];
  const from = fromDay === null ? sql`` : sql`and ${s('day')} >= ${fromDay}::date`;
  const cost = sql`food_cost_cents`;
  // Raw: data-modifying CTEs over the item-days whose food cost changes.
  const { rows } = await sql<{ restaurant_id: number; month: string }>`with recosted as (
      select * from (
        select ${s('restaurant_id')}, ${s('day')}, ${s('menu_item_id')},
          ${s('units')}::bigint * coalesce(${costOn(s('menu_item_id'), s('day'))}, 0) - ${s('food_cost_cents')} as delta
        from daily_item_sales s
        where ${s('restaurant_id')} in (select ${columnsOf('restaurants')('id')} from restaurants where ${columnsOf('restaurants')('franchise_id')} = ${franchiseId})
          and ${s('menu_item_id')} = ${anyOf(itemIds, 'int')} ${from}
      ) x where x.delta <> 0
    ), branch_items as (
      update daily_item_sales set ${cost} = ${t('food_cost_cents')} + x.delta from recosted x
      where ${t('restaurant_id')} = x.restaurant_id and ${t('day')} = x.day and ${t('menu_item_id')} = x.menu_item_id
    ), franchise_items as (
      update daily_franchise_item_sales set ${cost} = ${sql.ref('daily_franchise_item_sales.food_cost_cents')} + x.delta
      from (select day, menu_item_id, sum(delta) as delta from recosted group by day, menu_item_id) x
      where ${sql.ref('daily_franchise_item_sales.franchise_id')} = ${franchiseId} and ${sql.ref('daily_franchise_item_sales.day')} = x.day
        and ${sql.ref('daily_franchise_item_sales.menu_item_id')} = x.menu_item_id
    ), branch_days as (
      update daily_restaurant_stats set ${cost} = ${sql.ref('daily_restaurant_stats.food_cost_cents')} + x.delta
      from (select restaurant_id, day, sum(delta) as delta from recosted group by restaurant_id, day) x
      where ${sql.ref('daily_restaurant_stats.restaurant_id')} = x.restaurant_id and ${sql.ref('daily_restaurant_stats.day')} = x.day
    ), franchise_days as (
      update daily_franchise_stats set ${cost} = ${sql.ref('daily_franchise_stats.food_cost_cents')} + x.delta
      from (select day, sum(delta) as delta from recosted group by day) x
      where ${sql.ref('daily_franchise_stats.franchise_id')} = ${franchiseId} and ${sql.ref('daily_franchise_stats.day')} = x.day
    )
    select distinct restaurant_id, date_trunc('month', day)::date::text as month from recosted`.execute(trx);
  if (rows.length === 0) return;
  const x = columnsOf('daily_restaurant_stats', 'x');
  const pairs = sql`(select * from unnest(${rows.map((r) => r.restaurant_id)}::int[], ${rows.map((r) => r.month)}::date[]))`;
  await replaceRows(
    trx,
    'monthly_restaurant_stats',
    sql`(${sql.ref('restaurant_id')}, ${sql.ref('month')}) in ${pairs}`,
    restaurantMonthsOf(
      sql`select x.* from daily_restaurant_stats x where (${x('restaurant_id')}, date_trunc('month', ${x('day')})::date) in ${pairs}`,
    ),
  );
}

export type RollupDifference = {
  table: string;
  /** Rows the raw rows call for. */
  expected: number;
  /** Rows in the rollup table before any rebuild. */
  actual: number;
  /** Expected rows the table lacks. */
  missing: number;
  /** Rows the raw rows do not call for. */
  extra: number;
  /** Rows present on both sides with a counter that differs. */
  different: number;
};

export type RebuildReport = { tables: RollupDifference[]; differing: number; rebuilt: boolean };

async function compare(db: Db, r: RollupDefinition): Promise<RollupDifference> {
  const { keys, values } = columnsOfRollup(r.table);
  const on = sql.join(
    keys.map((k) => sql`e.${sql.ref(k)} = t.${sql.ref(k)}`),
    sql` and `,
  );
  const row = (alias: string) => sql.join(values.map((c) => sql.ref(`${alias}.${c}`)));
  const key = keys[0]!;
  const { rows } = await sql<Omit<RollupDifference, 'table'>>`select
      count(e.${sql.ref(key)})::int as expected,
      count(t.${sql.ref(key)})::int as actual,
      count(*) filter (where t.${sql.ref(key)} is null)::int as missing,
      count(*) filter (where e.${sql.ref(key)} is null)::int as extra,
      count(*) filter (where e.${sql.ref(key)} is not null and t.${sql.ref(key)} is not null and row(${row('e')}) is distinct from row(${row('t')}))::int as different
    from (${r.fromRaw}) e full join ${tableRef(r.table)} t on ${on}`.execute(db);
  return { table: r.table, ...rows[0]! };
}

/**
 * Recomputes every rollup from the raw rows. With `check`, only reports the differences; otherwise
 * also replaces the rollups (one transaction, which bumps every franchise's data_version so no
 * server keeps a cached answer computed from the old rollups).
 */
export async function rebuildRollups(db: Db, options: { check: boolean }): Promise<RebuildReport> {
  return db.transaction().execute(async (trx) => {
    const tables: RollupDifference[] = [];
    for (const r of ROLLUPS) tables.push(await compare(trx, r));
    const differing = tables.reduce((sum, t) => sum + t.missing + t.extra + t.different, 0);
    if (options.check) return { tables, differing, rebuilt: false };
    for (const r of ROLLUPS) {
      await trx.deleteFrom(r.table).execute();
      const { keys, values } = columnsOfRollup(r.table);
      await sql`insert into ${tableRef(r.table)} (${sql.join([...keys, ...values].map((c) => sql.ref(c)))}) ${r.fromRaw}`.execute(trx);
    }
    await trx
      .updateTable('franchises')
      .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
      .execute();
    await analyzeRollups(trx);
    return { tables, differing, rebuilt: true };
  });
}

/** The report as the CLI prints it: one line per table. */
export function formatReport(report: RebuildReport): string {
  const lines = report.tables.map(
    (t) =>
      `${t.table.padEnd(28)} expected ${String(t.expected).padStart(9)}  actual ${String(t.actual).padStart(9)}  ` +
      `missing ${t.missing}  extra ${t.extra}  different ${t.different}`,
  );
  const verdict =
    report.differing === 0
      ? 'The rollups match the raw rows.'
      : `${report.differing} rollup row(s) differ from the raw rows${report.rebuilt ? '; rebuilt from the raw rows.' : '.'}`;
  return [...lines, verdict].join('\n');
}
