import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import { columnsOf } from '../db/typed-sql.js';

// A menu item's cost on a day (docs/product.md#costs): the cost whose from_day is the latest on or before
// the day, or, for a day before the item's first cost, that first cost; none while the item has no cost.

// Its own alias, so an item or day expression of the outer query is never shadowed.
const c = columnsOf('menu_item_costs', 'item_cost');

/**
 * The cost in cents of item `item` on day `day` (SQL expressions), or null. Costs on or before the day come
 * first, the nearest of them first; then the earliest after it. Raw: date arithmetic in ORDER BY.
 */
export const costOn = (item: RawBuilder<unknown>, day: RawBuilder<unknown>): RawBuilder<number | null> =>
  sql<number | null>`(select ${c('cost_cents')} from menu_item_costs item_cost where ${c('menu_item_id')} = ${item}
    order by ${c('from_day')} > ${day}, abs(${c('from_day')} - ${day}) limit 1)`;

/**
 * Each item's costs as day ranges [from_day, to_day): the first from -infinity (days before the first cost
 * use it), the last open (to_day null). Disjoint, so a line of a day joins at most one: the rebuild's form
 * of costOn. Raw: window functions.
 */
export const costPeriods = sql`select ${c('menu_item_id')},
    case when lag(${c('from_day')}) over w is null then '-infinity'::date else ${c('from_day')} end as from_day,
    lead(${c('from_day')}) over w as to_day, ${c('cost_cents')}
  from menu_item_costs item_cost window w as (partition by ${c('menu_item_id')} order by ${c('from_day')})`;

/** The join condition of a line's item `item` on day `day` to its cost period `p` (a costPeriods row). */
export const inCostPeriod = (p: string, item: RawBuilder<unknown>, day: RawBuilder<unknown>) =>
  sql`${sql.ref(`${p}.menu_item_id`)} = ${item} and ${day} >= ${sql.ref(`${p}.from_day`)}
    and (${sql.ref(`${p}.to_day`)} is null or ${day} < ${sql.ref(`${p}.to_day`)})`;

/** The costs of (item, day) pairs, keyed `item|day`; pairs of items without a cost are absent. */
export async function costsOn(db: Db, pairs: readonly (readonly [item: number, day: string])[]): Promise<Map<string, number>> {
  const costs = new Map<string, number>();
  if (pairs.length === 0) return costs;
  const { rows } = await sql<{
    item: number;
    day: string;
    cost: number | null;
  }>`select u.item, u.day::text as day, ${costOn(sql`u.item`, sql`u.day`)} as cost
    from unnest(${pairs.map(([item]) => item)}::int[], ${pairs.map(([, day]) => day)}::date[]) as u(item, day)`.execute(db);
  for (const row of rows) if (row.cost !== null) costs.set(`${row.item}|${row.day}`, row.cost);
  return costs;
}
