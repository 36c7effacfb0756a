import { sql } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { inMonths, monthParts, monthsAndDays, windowTotal } from './months.js';
import { branchConditions, scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, inWindow, part } from './sql-parts.js';

/** A branch's integer figures over a window, and its revenue over the previous window. */
export type BranchFigures = {
  id: number;
  name: string;
  revenue_cents: number;
  orders: number;
  labour_cost_cents: number;
  spend_cents: number;
  previous_revenue_cents: number;
};

/**
 * Every branch of the scope's franchise (those without trade too), or of its `branches`, side by
 * side, whatever the scope's restaurant, for the revenue page's branch comparison: one statement,
 * grouped by branch in SQL. Orders and revenue come from the window's daily stats; the previous
 * window's revenue from the running monthly totals; labour cost from the monthly staff rollup and as
 * few days of the daily one as the window's edges need.
 */
export async function branchComparison(
  db: Db,
  peersOf: Pick<AnalyticsScope, 'franchiseId' | 'branches'>,
  window: AnalyticsWindow,
): Promise<BranchFigures[]> {
  const scope: AnalyticsScope = { ...peersOf, restaurantId: null };
  const { franchiseId } = scope;
  const branches = scopeIds(scope);
  const previous = monthParts(window.previous);
  const labour = monthsAndDays(window);
  const daily = (days: { start_date: string; end_date: string }, sign: '' | '-') =>
    sql`select h.restaurant_id, ${sql.raw(sign)}h.labour_cost_cents as labour_cost_cents from daily_staff_hours h
      where h.restaurant_id in (${branches}) and ${inWindow(sql`h.day`, days)}`;
  const labourRows = [
    ...(labour.months.length === 0
      ? []
      : [
          sql`select m.restaurant_id, m.labour_cost_cents from monthly_staff_hours m
            where m.restaurant_id in (${branches}) and m.month in (${sql.join(labour.months.map((month) => sql`${month}::date`))})`,
        ]),
    ...labour.minus.map((days) => daily(days, '-')),
    ...labour.days.map((days) => daily(days, '')),
  ];
  const { rows } = await fetchParts<{ rows: BranchFigures[] }>(db, {
    rows: part(
      sql`select r.id, r.name, coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.orders, 0) as orders,
        coalesce(h.labour_cost_cents, 0) as labour_cost_cents, coalesce(p.spend_cents, 0) as spend_cents,
        coalesce(m.previous_revenue_cents, 0) as previous_revenue_cents
      from restaurants r
      left join (
        select s.restaurant_id, sum((s.revenue_dine_in_cents + s.revenue_takeaway_cents)::float8) as revenue_cents,
          sum(s.orders_dine_in + s.orders_takeaway) as orders
        from daily_restaurant_stats s
        where s.restaurant_id in (${branches}) and ${inWindow(sql`s.day`, window)}
        group by s.restaurant_id
      ) s on s.restaurant_id = r.id
      left join (
        select m.restaurant_id, sum((${windowTotal('m', 'running_revenue_cents', previous)})::float8) as previous_revenue_cents
        from monthly_restaurant_stats m
        where m.restaurant_id in (${branches}) and ${inMonths(sql`m.month`, previous)}
        group by m.restaurant_id
      ) m on m.restaurant_id = r.id
      left join (
        select l.restaurant_id, sum(l.labour_cost_cents::float8) as labour_cost_cents
        from (${sql.join(labourRows, sql` union all `)}) l
        group by l.restaurant_id
      ) h on h.restaurant_id = r.id
      left join (
        select p.restaurant_id, sum(p.amount_cents::float8) as spend_cents
        from daily_purchases p
        where p.restaurant_id in (${branches}) and ${inWindow(sql`p.day`, window)}
        group by p.restaurant_id
      ) p on p.restaurant_id = r.id
      where r.franchise_id = ${franchiseId}${branchConditions(sql`r.id`, scope)}`,
      ['id', 'name', 'revenue_cents', 'orders', 'labour_cost_cents', 'spend_cents', 'previous_revenue_cents'],
    ),
  });
  return rows;
}
