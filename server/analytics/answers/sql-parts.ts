import { RawNode, sql, type OperationNodeSource, type RawBuilder } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Database, Db } from '../../db/database.js';
import { columnsOf, table, type ColumnName, type TableName } from '../../db/typed-sql.js';
import { currentTradingDay } from '../trading-day.js';
import { STATS_COUNTERS } from '../write/rollup-columns.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import { scopeIds, wholeFranchise, type AnalyticsScope } from './scope.js';

/** A part of an answer's statement: a query (raw or the builder's) and the columns it returns, by name. */
export type Part = { query: OperationNodeSource; columns: readonly string[] };
export const part = (query: OperationNodeSource, columns: readonly string[]): Part => ({ query, columns });

/** A builder's subquery brings its own parentheses, a raw one does not. */
const subquery = (query: OperationNodeSource) => (RawNode.is(query.toOperationNode()) ? sql`(${query})` : sql`${query}`);

/**
 * Runs one statement whose parts each come back as one JSON text cell. PGlite turns every result
 * cell into a JavaScript value one by one (several microseconds each, more than summing the rollup
 * rows costs), so a part of a few hundred rows travels as a single string instead: one array per
 * column (json_agg of whole rows types every cell again and took twice as long), zipped back into
 * rows here.
 */
export async function fetchParts<P extends Record<string, unknown[]>>(db: Db, parts: { [K in keyof P]: Part }): Promise<P> {
  // Raw: a select of one aggregated subquery per part, whose columns are known only at run time.
  const cells = Object.entries<Part>(parts).map(
    ([name, { query, columns }]) =>
      sql`(select json_build_array(${sql.join(columns.map((c) => sql`coalesce(array_agg(t.${sql.ref(c)}), '{}')`))}) from ${subquery(query)} t)::text as ${sql.ref(name)}`,
  );
  const { rows } = await sql<Record<string, string>>`select ${sql.join(cells)}`.execute(db);
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const [name, { columns }] of Object.entries(parts)) {
    const values = JSON.parse(rows[0]![name]!) as unknown[][];
    const zipped: Record<string, unknown>[] = [];
    for (let i = 0; i < values[0]!.length; i++) {
      const row: Record<string, unknown> = {};
      for (let j = 0; j < columns.length; j++) row[columns[j]!] = values[j]![i];
      zipped.push(row);
    }
    out[name] = zipped;
  }
  return out as P;
}

/**
 * The days of the window and the previous window: two ranges of the (…, day) primary keys, so a
 * comparison a year back reads the same rows as the window just before, not the months between.
 */
export function answerDays(column: RawBuilder<unknown>, w: AnalyticsWindow): RawBuilder<unknown> {
  return sql`(${column} between ${w.start_date}::date and ${w.end_date}::date
    or ${column} between ${w.previous.start_date}::date and ${w.previous.end_date}::date)`;
}

export const inWindow = (column: RawBuilder<unknown>, w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>) =>
  sql`${column} between ${w.start_date}::date and ${w.end_date}::date`;

/**
 * Sums of rollup counters: int columns sum to bigint; bigint columns are summed as float8, exact for
 * integers below 2^53 and much cheaper than the numeric that sum(bigint) returns.
 */
const sums = <T extends TableName>(name: T, columns: readonly ColumnName<T>[], bigints: readonly ColumnName<T>[]) =>
  sql.join(columns.map((c) => sql`sum(${columnsOf(name, 's')(c)}${sql.raw(bigints.includes(c) ? '::float8' : '')}) as ${sql.ref(c)}`));

/** Daily rollups kept per franchise and day, and their per-restaurant twins. */
type FranchiseDaily = { [T in TableName]: Database[T] extends { franchise_id: number; day: unknown } ? T : never }[TableName];
type RestaurantDaily = { [T in TableName]: Database[T] extends { restaurant_id: number; day: unknown } ? T : never }[TableName];
export type DailyTables<F extends FranchiseDaily, R extends RestaurantDaily> = { franchise: F; restaurant: R };
/** A counter both rollups of a pair have. */
export type CounterOf<F extends TableName, R extends TableName> = ColumnName<F> & ColumnName<R>;

/**
 * Rows of a daily rollup for the scope and the answer's days: the franchise's own rollup
 * (`franchise_id`) for every branch, the restaurant rollup (`restaurant_id`) for a branch or a
 * manager's branches.
 */
export const scopeRows = <F extends FranchiseDaily, R extends RestaurantDaily>(
  scope: AnalyticsScope,
  tables: DailyTables<F, R>,
  days: (column: RawBuilder<unknown>) => RawBuilder<unknown>,
) => {
  // Raw: the caller's select list names columns of either table of the pair.
  if (wholeFranchise(scope)) {
    const s = columnsOf<FranchiseDaily>(tables.franchise, 's');
    return sql`from ${table(tables.franchise)} s where ${s('franchise_id')} = ${scope.franchiseId} and ${days(s('day'))}`;
  }
  const s = columnsOf<RestaurantDaily>(tables.restaurant, 's');
  return sql`from ${table(tables.restaurant)} s where ${s('restaurant_id')} in ${scopeIds(scope)} and ${days(s('day'))}`;
};

/**
 * Counters of a daily rollup summed per day over the scope (voided orders are not in the stats' counters).
 * The franchise rollup already has one row per day (its primary key): read as is, without an
 * aggregation that took half the part's time.
 */
export const rollupByDay = <F extends FranchiseDaily, R extends RestaurantDaily>(
  scope: AnalyticsScope,
  w: AnalyticsWindow,
  tables: DailyTables<F, R>,
  columns: readonly CounterOf<F, R>[],
  bigints: readonly CounterOf<F, R>[],
) => {
  const rows = scopeRows(scope, tables, (day) => answerDays(day, w));
  const s = columnsOf(tables.franchise, 's');
  const query = wholeFranchise(scope)
    ? sql`select s.day::text as day, ${sql.join(columns.map((c) => sql`${s(c)}${sql.raw(bigints.includes(c) ? '::float8' : '')} as ${sql.ref(c)}`))} ${rows}`
    : sql`select s.day::text as day, ${sums(tables.restaurant, columns, bigints)} ${rows} group by s.day`;
  return part(query, ['day', ...columns]);
};

const STATS_TABLES = { franchise: 'daily_franchise_stats', restaurant: 'daily_restaurant_stats' } as const;
/** The item sales rollups: units, revenue and food cost per item and day. */
export const ITEM_TABLES = { franchise: 'daily_franchise_item_sales', restaurant: 'daily_item_sales' } as const;
/** A counter of the daily stats, kept per franchise and per restaurant alike. */
export type StatsCounter = CounterOf<'daily_franchise_stats', 'daily_restaurant_stats'>;
const STATS_BIGINTS: StatsCounter[] = STATS_COUNTERS.flatMap(([name, type]) => (type === 'bigint' ? [name] : []));
/** A daily stats row's revenue in cents, as float8 (docs/product.md#metrics: every channel's completed orders). */
export const statsRevenueCents = (alias?: string) => {
  const ref = (column: StatsCounter) => sql.ref(alias ? `${alias}.${column}` : column);
  return sql<number>`(${ref('revenue_dine_in_cents')} + ${ref('revenue_takeaway_cents')} + ${ref('revenue_delivery_cents')})::float8`;
};
export const statsByDay = (scope: AnalyticsScope, w: AnalyticsWindow, columns: readonly StatsCounter[]) =>
  rollupByDay(scope, w, STATS_TABLES, columns, STATS_BIGINTS);

/**
 * The scope's trade so far today, each branch on its own clock (docs/product.md#time): the sum of every
 * branch's rollup row of its current trading day at `now`, one row (null sums when none traded yet).
 */
function statsToday(scope: AnalyticsScope, now: Date, columns: readonly StatsCounter[]) {
  const s = columnsOf('daily_restaurant_stats', 's');
  const r = columnsOf('restaurants', 'r');
  // Raw: the day is a per-row expression of the branch's clock, which the builder cannot state.
  const query = sql`select ${sums('daily_restaurant_stats', columns, STATS_BIGINTS)}
    from ${table('daily_restaurant_stats')} s join ${table('restaurants')} r on ${r('id')} = ${s('restaurant_id')}
    where ${s('restaurant_id')} in ${scopeIds(scope)} and ${s('day')} = ${currentTradingDay(now, 'r')}`;
  return part(query, columns);
}

/** Daily stats counters per bucket, for the window and the previous window, and today so far. */
export type StatsTally<K extends StatsCounter> = Tally<K> & { today: Counters<K> };

/** The stats counters of a window and of today at `now`: one statement. */
export async function statsTally<K extends StatsCounter>(
  db: Db,
  scope: AnalyticsScope,
  w: AnalyticsWindow,
  now: Date,
  keys: readonly K[],
): Promise<StatsTally<K>> {
  const { days, today } = await fetchParts<{ days: DayRow<K>[]; today: Partial<Counters<K>>[] }>(db, {
    days: statsByDay(scope, w, keys),
    today: statsToday(scope, now, keys),
  });
  const todays = Object.fromEntries(keys.map((k) => [k, today[0]?.[k] ?? 0])) as Counters<K>;
  return { ...tally(keys, days, w), today: todays };
}
