import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import { columnsOf, table as tableRef, type ColumnName } from '../../db/typed-sql.js';
import { addDays, dayDiff } from '../calendar.js';
import { monthStart } from './buckets.js';
import type { scopeIds } from './scope.js';

/** A window cut at month boundaries: each month's first day and the days of that month inside the window. */
export type MonthPart = { month: string; from: number; to: number };

export function monthParts(w: Pick<AnalyticsWindow, 'start_date' | 'end_date'>): MonthPart[] {
  const parts: MonthPart[] = [];
  for (let month = monthStart(w.start_date); month <= w.end_date; month = monthStart(month, 1)) {
    const last = addDays(monthStart(month, 1), -1);
    const from = month > w.start_date ? month : w.start_date;
    const to = last < w.end_date ? last : w.end_date;
    parts.push({ month, from: Number(from.slice(8)), to: Number(to.slice(8)) });
  }
  return parts;
}

/**
 * A counter's total over the window from a monthly row's running-total array (element d = days 1..d
 * of the month): element `to` minus element `from − 1` of each month the window touches; element 0
 * is null, that is no days before the 1st. Only the window's first and last months are partial.
 */
export function windowTotal(running: RawBuilder<unknown>, month: RawBuilder<unknown>, parts: MonthPart[]): RawBuilder<unknown> {
  // Raw: the builder has no array subscript.
  const first = parts[0]!;
  const last = parts.at(-1)!;
  const to = sql`case when ${month} = ${last.month}::date then ${last.to} else cardinality(${running}) end`;
  const from = sql`case when ${month} = ${first.month}::date then ${first.from} else 1 end`;
  return sql`${running}[${to}] - coalesce(${running}[${from} - 1], 0)`;
}

export const inMonths = (column: RawBuilder<unknown>, parts: MonthPart[]) =>
  sql`${column} between ${parts[0]!.month}::date and ${parts.at(-1)!.month}::date`;

type MonthlyBranchTable = 'monthly_restaurant_stats' | 'monthly_restaurant_labour' | 'monthly_restaurant_purchases';

/**
 * Per branch of `branches`, the totals over the months `parts` cut of running-total columns of a
 * monthly branch rollup, named `as`: one row per branch and month read, whatever the window's edges.
 */
export function monthlyTotals<T extends MonthlyBranchTable>(
  table: T,
  branches: ReturnType<typeof scopeIds>,
  parts: MonthPart[],
  totals: Record<string, ColumnName<T>>,
): RawBuilder<unknown> {
  // The columns every monthly branch rollup has, and this one's running totals.
  const m = columnsOf<MonthlyBranchTable>(table, 'm');
  const running = columnsOf(table, 'm');
  // Raw: the totals subscript the running-total arrays.
  return sql`select ${m('restaurant_id')}, ${sql.join(
    Object.entries(totals).map(([as, column]) => sql`sum((${windowTotal(running(column), m('month'), parts)})::float8) as ${sql.ref(as)}`),
  )}
    from ${tableRef(table)} m
    where ${m('restaurant_id')} in ${branches} and ${inMonths(m('month'), parts)}
    group by ${m('restaurant_id')}`;
}

/**
 * How to total a daily counter over the window from a monthly rollup and its daily one, reading as
 * few daily rows as possible: `months` are added whole, `minus` days taken off them, `days` added
 * one by one. A month the window cuts is read by its days inside, or whole minus its days outside
 * when those are fewer (days after today have no rows yet).
 */
export function monthsAndDays(w: Pick<AnalyticsWindow, 'start_date' | 'end_date' | 'today'>) {
  type Days = { start_date: string; end_date: string };
  const months: string[] = [];
  const minus: Days[] = [];
  const days: Days[] = [];
  for (const p of monthParts(w)) {
    const first = p.month;
    const last = addDays(monthStart(p.month, 1), -1);
    const from = addDays(first, p.from - 1);
    const to = addDays(first, p.to - 1);
    const before = { start_date: first, end_date: addDays(from, -1) };
    const after = { start_date: addDays(to, 1), end_date: last };
    const outside = p.from - 1 + Math.max(0, dayDiff(to, w.today < last ? w.today : last));
    if (outside === 0) months.push(first);
    else if (outside < p.to - p.from + 1) {
      months.push(first);
      minus.push(...[before, after].filter((d) => d.start_date <= d.end_date));
    } else days.push({ start_date: from, end_date: to });
  }
  return { months, minus, days };
}
