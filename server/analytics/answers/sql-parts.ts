import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { scopeIds, wholeFranchise, type AnalyticsScope } from './scope.js';

/** A part of an answer's statement: a query and the columns it returns, by name. */
export type Part = { query: RawBuilder<unknown>; columns: readonly string[] };
export const part = (query: RawBuilder<unknown>, columns: readonly string[]): Part => ({ query, columns });

/**
 * Runs one statement whose parts each come back as one JSON text cell. PGlite turns every result
 * cell into a JavaScript value one by one (several microseconds each, more than summing the rollup
 * rows costs), so a part of a few hundred rows travels as a single string instead: one array per
 * column (json_agg of whole rows types every cell again and took twice as long), zipped back into
 * rows here.
 */
export async function fetchParts<P extends Record<string, unknown[]>>(db: Db, parts: { [K in keyof P]: Part }): Promise<P> {
  const cells = Object.entries<Part>(parts).map(
    ([name, { query, columns }]) =>
      sql`(select json_build_array(${sql.join(columns.map((c) => sql`coalesce(array_agg(t.${sql.ref(c)}), '{}')`))}) from (${query}) t)::text as ${sql.ref(name)}`,
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
 * The days of the window, the previous window and today. The range bounds the index scan of the
 * (restaurant_id, day) primary keys; the disjunction drops the days in between when today is far
 * from the window.
 */
export function answerDays(column: RawBuilder<unknown>, w: AnalyticsWindow): RawBuilder<unknown> {
  const days = [w.start_date, w.end_date, w.previous.start_date, w.previous.end_date, w.today].sort();
  return sql`${column} between ${days[0]}::date and ${days.at(-1)}::date
    and (${column} between ${w.start_date}::date and ${w.end_date}::date
      or ${column} between ${w.previous.start_date}::date and ${w.previous.end_date}::date
      or ${column} = ${w.today}::date)`;
}

export const inWindow = (column: RawBuilder<unknown>, w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>) =>
  sql`${column} between ${w.start_date}::date and ${w.end_date}::date`;

/**
 * Sums of rollup counters: int columns sum to bigint; bigint columns are summed as float8, exact for
 * integers below 2^53 and much cheaper than the numeric that sum(bigint) returns.
 */
const sums = (alias: string, columns: readonly string[], bigints: readonly string[]) =>
  sql.join(columns.map((c) => sql`sum(${sql.ref(`${alias}.${c}`)}${sql.raw(bigints.includes(c) ? '::float8' : '')}) as ${sql.ref(c)}`));

const STATS_BIGINTS = ['revenue_dine_in_cents', 'revenue_takeaway_cents'];

/**
 * Rows of a daily rollup for the scope and the answer's days: the franchise's own rollup
 * (`franchise_id`) for every branch, the restaurant rollup (`restaurant_id`) for a branch or a
 * manager's branches.
 */
export const scopeRows = (
  scope: AnalyticsScope,
  tables: { franchise: string; restaurant: string },
  days: (column: RawBuilder<unknown>) => RawBuilder<unknown>,
) =>
  wholeFranchise(scope)
    ? sql`from ${sql.table(tables.franchise)} s where s.franchise_id = ${scope.franchiseId} and ${days(sql`s.day`)}`
    : sql`from ${sql.table(tables.restaurant)} s where s.restaurant_id in (${scopeIds(scope)}) and ${days(sql`s.day`)}`;

/**
 * Counters of a daily rollup summed per day over the scope (voided orders are not in the stats' counters).
 * The franchise rollup already has one row per day (its primary key): read as is, without an
 * aggregation that took half the part's time.
 */
export const rollupByDay = (
  scope: AnalyticsScope,
  w: AnalyticsWindow,
  tables: { franchise: string; restaurant: string },
  columns: readonly string[],
  bigints: readonly string[],
) => {
  const rows = scopeRows(scope, tables, (day) => answerDays(day, w));
  const query = wholeFranchise(scope)
    ? sql`select s.day::text as day, ${sql.join(columns.map((c) => sql`${sql.ref(`s.${c}`)}${sql.raw(bigints.includes(c) ? '::float8' : '')} as ${sql.ref(c)}`))} ${rows}`
    : sql`select s.day::text as day, ${sums('s', columns, bigints)} ${rows} group by s.day`;
  return part(query, ['day', ...columns]);
};

const STATS_TABLES = { franchise: 'daily_franchise_stats', restaurant: 'daily_restaurant_stats' };
export const statsByDay = (scope: AnalyticsScope, w: AnalyticsWindow, columns: readonly string[]) =>
  rollupByDay(scope, w, STATS_TABLES, columns, STATS_BIGINTS);
