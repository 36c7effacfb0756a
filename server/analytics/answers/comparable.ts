import { sql, type RawBuilder } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { monthStart } from './buckets.js';
import { inMonths, monthParts, windowTotal } from './months.js';
import { scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part } from './sql-parts.js';

/** The comparable branches, ascending, and whether they are every branch of the scope. */
export type Comparable = { ids: number[]; all: boolean };

/**
 * The scope's comparable branches, ascending (docs/product.md#comparisons): a completed order on or
 * before the comparison window's first day, and one in the window. Read from the monthly branch
 * rollup's running order counts: before the comparison window's first month whole months, in it up
 * to that day; in the window its cut of the months.
 */
export async function comparableBranches(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Comparable> {
  const r = columnsOf('restaurants', 'r');
  const m = columnsOf('monthly_restaurant_stats', 'm');
  const first = window.previous.start_date;
  const firstMonth = monthStart(first);
  const parts = monthParts(window);
  // Raw: the conditions subscript the running-total arrays. Each is an exists, which stops at the first month found
  // (most branches traded in their first month), instead of summing every month of the history.
  const months = (condition: RawBuilder<unknown>) =>
    sql`exists (select 1 from monthly_restaurant_stats m where ${m('restaurant_id')} = ${r('id')} and ${condition})`;
  const { rows } = await fetchParts<{ rows: { id: number; comparable: boolean }[] }>(db, {
    rows: part(
      sql`select ${r('id')}, (${months(sql`(${m('month')} < ${firstMonth}::date and ${m('running_orders')}[cardinality(${m('running_orders')})] > 0
            or ${m('month')} = ${firstMonth}::date and ${m('running_orders')}[${Number(first.slice(8))}] > 0)`)}
          and ${months(sql`${inMonths(m('month'), parts)} and ${windowTotal(m('running_orders'), m('month'), parts)} > 0`)}) as comparable
        from restaurants r where ${r('id')} in ${scopeIds(scope)} order by ${r('id')}`,
      ['id', 'comparable'],
    ),
  });
  const ids = rows.filter((row) => row.comparable).map((row) => row.id);
  return { ids, all: ids.length === rows.length };
}
