import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { anyOf, columnsOf, table as tableRef, type ColumnName, type TableName } from '../db/typed-sql.js';
import { tradingDayOf } from './trading-day.js';
import { HOURS_COUNTERS, ROLLUP_COLUMNS, STATS_COUNTERS, type RollupTable } from './write/rollup-columns.js';

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

const [pt, ol] = [columnsOf('payment_transactions'), columnsOf('order_lines')];

/**
 * The per-order counts of payments and line units: over whole tables, grouped once; for a few orders (`only`, a
 * condition on `o`), looked up per order through the order_id indexes (OFFSET 0: a subquery the planner may not
 * turn into a scan of every line, as it did with PGlite's row estimates).
 */
const perOrder = (only: RawBuilder<unknown> | undefined) =>
  only === undefined
    ? sql`left join (select ${pt('order_id')}, count(*) as n from payment_transactions group by ${pt('order_id')}) p on p.order_id = ${o('id')}
      left join (select ${ol('order_id')}, sum(${ol('quantity')}) as units from order_lines group by ${ol('order_id')}) l on l.order_id = ${o('id')}`
    : sql`cross join lateral (select count(*) as n from payment_transactions where ${pt('order_id')} = ${o('id')} offset 0) p
      cross join lateral (select sum(${ol('quantity')}) as units from order_lines where ${ol('order_id')} = ${o('id')} offset 0) l`;

/** daily_restaurant_stats from the raw rows (of the orders `only` names, a condition on `o`, when given). */
const restaurantStatsOf = (only?: RawBuilder<unknown>) =>
  sql`select ${o('restaurant_id')}, ${o('day')},
        count(*) filter (where ${completed} and ${o('channel')} = 'dine_in')::int as orders_dine_in,
        count(*) filter (where ${completed} and ${o('channel')} = 'takeaway')::int as orders_takeaway,
        count(*) filter (where ${completed} and ${o('source')} = 'pos')::int as orders_pos,
        count(*) filter (where ${completed} and ${o('source')} = 'app')::int as orders_app,
        count(*) filter (where ${o('status')} = 'voided')::int as orders_voided,
        coalesce(sum(${o('total_cents')}) filter (where ${completed} and ${o('channel')} = 'dine_in'), 0)::bigint as revenue_dine_in_cents,
        coalesce(sum(${o('total_cents')}) filter (where ${completed} and ${o('channel')} = 'takeaway'), 0)::bigint as revenue_takeaway_cents,
        coalesce(sum(${o('total_cents')}) filter (where ${completed} and ${o('source')} = 'pos'), 0)::bigint as revenue_pos_cents,
        coalesce(sum(${o('total_cents')}) filter (where ${completed} and ${o('source')} = 'app'), 0)::bigint as revenue_app_cents,
        coalesce(sum(${o('guests')}) filter (where ${completed} and ${o('recurrent')}), 0)::int as guests_recurrent,
        coalesce(sum(${o('guests')}) filter (where ${completed} and not ${o('recurrent')}), 0)::int as guests_new,
        coalesce(sum(p.n) filter (where ${completed}), 0)::int as transactions,
        coalesce(sum(l.units) filter (where ${completed}), 0)::int as units
      from orders o
      ${perOrder(only)}
      where ${only ?? sql`true`}
      group by ${o('restaurant_id')}, ${o('day')}`;
const restaurantStats = restaurantStatsOf();

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
const d = columnsOf('daily_restaurant_stats', 'd');
/** Running totals of a monthly rollup from its daily rows' column `of`. */
const RUNNING_HOURS = [
  { name: 'running_assigned_minutes', of: 'assigned_minutes', type: 'int' },
  { name: 'running_actual_minutes', of: 'actual_minutes', type: 'int' },
  { name: 'running_shifts', of: 'shifts', type: 'int' },
] satisfies { name: ColumnName<'monthly_staff_hours'>; of: ColumnName<'daily_staff_hours'>; type: string }[];

/**
 * The per-branch order rollups from the raw rows; with `only`, of one branch's days and months: the orders of
 * `days` (a condition on `o`) and of `months` for the monthly totals.
 */
const branchOrderRollups = (only?: { days: RawBuilder<unknown>; months: RawBuilder<unknown> }): RollupDefinition[] => [
  { table: 'daily_restaurant_stats', fromRaw: restaurantStatsOf(only?.days) },
  {
    table: 'monthly_restaurant_stats',
    fromRaw: byMonth(
      sql`select ${d('restaurant_id')}, ${d('day')}, ${d('revenue_dine_in_cents')} + ${d('revenue_takeaway_cents')} as revenue_cents, ${d('units')},
          ${d('orders_dine_in')} + ${d('orders_takeaway')} as orders
        from (${restaurantStatsOf(only?.months)}) d`,
      columnsOfRollup('monthly_restaurant_stats').keys,
      [],
      [
        { name: 'running_revenue_cents', of: 'revenue_cents', type: 'bigint' },
        { name: 'running_units', of: 'units', type: 'int' },
        { name: 'running_orders', of: 'orders', type: 'int' },
      ] satisfies { name: ColumnName<'monthly_restaurant_stats'>; of: string; type: string }[],
    ),
  },
  {
    table: 'daily_item_sales',
    fromRaw:
      only === undefined
        ? sql`select ${o('restaurant_id')}, ${o('day')}, ${l('menu_item_id')}, sum(${l('quantity')})::int as units, sum(${l('amount_cents')})::bigint as revenue_cents
      from order_lines l join orders o on ${o('id')} = ${l('order_id')}
      where ${completed}
      group by ${o('restaurant_id')}, ${o('day')}, ${l('menu_item_id')}`
        : sql`select ${o('restaurant_id')}, ${o('day')}, ${l('menu_item_id')}, sum(${l('quantity')})::int as units, sum(${l('amount_cents')})::bigint as revenue_cents
      from orders o cross join lateral (select * from order_lines where ${ol('order_id')} = ${o('id')} offset 0) l
      where ${completed} and ${only.days}
      group by ${o('restaurant_id')}, ${o('day')}, ${l('menu_item_id')}`,
  },
];

const [dailyRestaurantStats, monthlyRestaurantStats, dailyItemSales] = branchOrderRollups();

const ROLLUPS: RollupDefinition[] = [
  dailyRestaurantStats!,
  { table: 'daily_franchise_stats', fromRaw: perFranchise(restaurantStats, ['day'], typed(STATS_COUNTERS)) },
  monthlyRestaurantStats!,
  dailyItemSales!,
  {
    table: 'daily_franchise_item_sales',
    fromRaw: sql`select ${r('franchise_id')}, ${o('day')}, ${l('menu_item_id')}, sum(${l('quantity')})::int as units, sum(${l('amount_cents')})::bigint as revenue_cents
      from order_lines l join orders o on ${o('id')} = ${l('order_id')} join restaurants r on ${r('id')} = ${o('restaurant_id')}
      where ${completed}
      group by ${r('franchise_id')}, ${o('day')}, ${l('menu_item_id')}`,
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

/**
 * Files a branch's orders again on its clock (after its zone or day start changed), in the caller's
 * transaction, which holds the franchise's lock: each order whose trading day changed moves, then the days it
 * left and joined are rebuilt from the raw rows (the branch's rollups of those days and their months, the
 * franchise's of those days from its branches' rows); no other day changes. The caller bumps data_version.
 */
export async function refileBranch(trx: Db, franchiseId: number, restaurantId: number): Promise<void> {
  const [ord, x, rr] = [columnsOf('orders'), columnsOf('daily_restaurant_stats', 'x'), columnsOf('restaurants', 'rr')];
  // Raw: an UPDATE … FROM returning the days before and after.
  const { rows } = await sql<{ day: string }>`with moved as (
      select ${o('id')}, ${o('day')} as old_day, ${tradingDayOf(o('placed_at'), 'r')} as new_day
      from orders o join restaurants r on ${r('id')} = ${o('restaurant_id')}
      where ${o('restaurant_id')} = ${restaurantId}
    ), changed as (
      update orders set ${ord('day')} = moved.new_day from moved where ${sql.ref('orders.id')} = moved.id and moved.old_day <> moved.new_day
      returning moved.old_day, moved.new_day
    )
    select distinct unnest(array[old_day, new_day])::text as day from changed`.execute(trx);
  const days = rows.map((row) => row.day);
  if (days.length === 0) return;
  const months = [...new Set(days.map((day) => `${day.slice(0, 7)}-01`))];
  const branch = sql`${o('restaurant_id')} = ${restaurantId}`;
  const only = {
    days: sql`${branch} and ${o('day')} = ${anyOf(days, 'date')}`,
    months: sql`${branch} and date_trunc('month', ${o('day')})::date = ${anyOf(months, 'date')}`,
  };
  const [dailyStats, monthlyStats, itemSales] = branchOrderRollups(only);
  const ofBranch = sql`${sql.ref('restaurant_id')} = ${restaurantId}`;
  const onDays = sql`${sql.ref('day')} = ${anyOf(days, 'date')}`;
  await replaceRows(trx, 'daily_restaurant_stats', sql`${ofBranch} and ${onDays}`, dailyStats!.fromRaw);
  await replaceRows(
    trx,
    'monthly_restaurant_stats',
    sql`${ofBranch} and ${sql.ref('month')} = ${anyOf(months, 'date')}`,
    monthlyStats!.fromRaw,
  );
  await replaceRows(trx, 'daily_item_sales', sql`${ofBranch} and ${onDays}`, itemSales!.fromRaw);
  // The franchise's rows of those days, from its branches' rows of those days.
  const ofDays = (table: 'daily_restaurant_stats' | 'daily_item_sales') =>
    sql`select x.* from ${tableRef(table)} x join restaurants rr on ${rr('id')} = ${x('restaurant_id')}
      where ${rr('franchise_id')} = ${franchiseId} and ${x('day')} = ${anyOf(days, 'date')}`;
  const franchiseDays = sql`${sql.ref('franchise_id')} = ${franchiseId} and ${onDays}`;
  await replaceRows(
    trx,
    'daily_franchise_stats',
    franchiseDays,
    perFranchise(ofDays('daily_restaurant_stats'), ['day'], typed(STATS_COUNTERS)),
  );
  await replaceRows(
    trx,
    'daily_franchise_item_sales',
    franchiseDays,
    perFranchise(ofDays('daily_item_sales'), ['day', 'menu_item_id'], typed(ROLLUP_COLUMNS.daily_item_sales.counters)),
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
