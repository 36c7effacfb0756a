import { sql } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { monthStart } from './buckets.js';
import { monthParts, windowTotal } from './months.js';
import { scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part } from './sql-parts.js';

/** The comparable branches, ascending, and whether they are every branch of the scope. */
export type Comparable = { ids: number[]; all: boolean };

/**
 * The scope's comparable branches, ascending (docs/product.md#comparisons): a completed order on or
 * before the comparison window's first day, and one in the window. Read from the monthly branch
 * rollup's running order counts, a row per branch and month: before the comparison window's first
 * month whole months, in it up to that day; in the window its cut of the months.
 */
export async function comparableBranches(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Comparable> {
  const m = columnsOf('monthly_restaurant_stats', 'm');
  const first = window.previous.start_date;
  const firstMonth = monthStart(first);
  const parts = monthParts(window);
  const inWindow = sql`${m('month')} between ${parts[0]!.month}::date and ${parts.at(-1)!.month}::date`;
  const { rows, scoped } = await fetchParts<{ rows: { restaurant_id: number }[]; scoped: { n: number }[] }>(db, {
    // Raw: the sums subscript the running-total arrays.
    rows: part(
      sql`select ${m('restaurant_id')} from monthly_restaurant_stats m
        where ${m('restaurant_id')} in ${scopeIds(scope)} and (${m('month')} <= ${firstMonth}::date or ${inWindow})
        group by ${m('restaurant_id')}
        having sum(case when ${m('month')} < ${firstMonth}::date then ${m('running_orders')}[cardinality(${m('running_orders')})]
            when ${m('month')} = ${firstMonth}::date then ${m('running_orders')}[${Number(first.slice(8))}] else 0 end) > 0
          and sum(case when ${inWindow} then ${windowTotal(m('running_orders'), m('month'), parts)} else 0 end) > 0
        order by ${m('restaurant_id')}`,
      ['restaurant_id'],
    ),
    scoped: part(sql`select count(*)::int as n from restaurants r where ${columnsOf('restaurants', 'r')('id')} in ${scopeIds(scope)}`, [
      'n',
    ]),
  });
  return { ids: rows.map((r) => r.restaurant_id), all: rows.length === scoped[0]!.n };
}
