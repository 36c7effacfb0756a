import { expressionBuilder, sql } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Database, Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { inMonths, monthParts, monthsAndDays, windowTotal } from './months.js';
import { branchConditions, scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part } from './sql-parts.js';

const queries = expressionBuilder<Database, never>();
const date = (day: string) => sql<string>`${day}::date`;

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
    queries
      .selectFrom('daily_staff_hours as h')
      .select((eb) => [
        'h.restaurant_id',
        (sign === '-' ? eb.neg('h.labour_cost_cents') : eb.ref('h.labour_cost_cents')).as('labour_cost_cents'),
      ])
      .where('h.restaurant_id', 'in', branches)
      .where((eb) => eb.between('h.day', date(days.start_date), date(days.end_date)));
  const labourRows = [
    ...(labour.months.length === 0
      ? []
      : [
          queries
            .selectFrom('monthly_staff_hours as m')
            .select(['m.restaurant_id', 'm.labour_cost_cents'])
            .where('m.restaurant_id', 'in', branches)
            .where('m.month', 'in', labour.months.map(date)),
        ]),
    ...labour.minus.map((days) => daily(days, '-')),
    ...labour.days.map((days) => daily(days, '')),
  ];
  const sales = queries
    .selectFrom('daily_restaurant_stats as s')
    .select((eb) => [
      's.restaurant_id',
      sql<number>`sum((${eb.ref('s.revenue_dine_in_cents')} + ${eb.ref('s.revenue_takeaway_cents')})::float8)`.as('revenue_cents'),
      eb.fn.sum<number>(eb('s.orders_dine_in', '+', eb.ref('s.orders_takeaway'))).as('orders'),
    ])
    .where('s.restaurant_id', 'in', branches)
    .where((eb) => eb.between('s.day', date(window.start_date), date(window.end_date)))
    .groupBy('s.restaurant_id');
  const spend = queries
    .selectFrom('daily_purchases as p')
    .select(['p.restaurant_id', sql<number>`sum(p.amount_cents::float8)`.as('spend_cents')])
    .where('p.restaurant_id', 'in', branches)
    .where((eb) => eb.between('p.day', date(window.start_date), date(window.end_date)))
    .groupBy('p.restaurant_id');
  const r = columnsOf('restaurants', 'r');
  const m = columnsOf('monthly_restaurant_stats', 'm');
  const { rows } = await fetchParts<{ rows: BranchFigures[] }>(db, {
    // Raw: joins the previous window's totals, which subscript the running-total arrays.
    rows: part(
      sql`select ${r('id')}, ${r('name')}, coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.orders, 0) as orders,
        coalesce(h.labour_cost_cents, 0) as labour_cost_cents, coalesce(p.spend_cents, 0) as spend_cents,
        coalesce(m.previous_revenue_cents, 0) as previous_revenue_cents
      from restaurants r
      left join ${sales} s on s.restaurant_id = ${r('id')}
      left join (
        select ${m('restaurant_id')}, sum((${windowTotal(m('running_revenue_cents'), m('month'), previous)})::float8) as previous_revenue_cents
        from monthly_restaurant_stats m
        where ${m('restaurant_id')} in ${branches} and ${inMonths(m('month'), previous)}
        group by ${m('restaurant_id')}
      ) m on m.restaurant_id = ${r('id')}
      left join (
        select l.restaurant_id, sum(l.labour_cost_cents::float8) as labour_cost_cents
        from (${sql.join(labourRows, sql` union all `)}) l
        group by l.restaurant_id
      ) h on h.restaurant_id = ${r('id')}
      left join ${spend} p on p.restaurant_id = ${r('id')}
      where ${r('franchise_id')} = ${franchiseId}${branchConditions(r('id'), scope)}`,
      ['id', 'name', 'revenue_cents', 'orders', 'labour_cost_cents', 'spend_cents', 'previous_revenue_cents'],
    ),
  });
  return rows;
}
