import { sql } from 'kysely';
import type { AnalyticsWindow } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { monthlyTotals, monthParts } from './months.js';
import { branchConditions, scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part } from './sql-parts.js';

/** A branch's integer figures over a window, and its revenue and orders over the window it is compared with. */
export type BranchFigures = {
  id: number;
  name: string;
  revenue_cents: number;
  orders: number;
  food_cost_cents: number;
  labour_cost_cents: number;
  spend_cents: number;
  previous_revenue_cents: number;
  previous_orders: number;
};

/**
 * Every branch of the scope's franchise (those without trade too), or of its `branches`, side by
 * side, whatever the scope's restaurant, for the revenue page's branch comparison: one statement,
 * grouped by branch in SQL, from the monthly branch rollups' running totals (revenue, orders and food
 * cost, labour cost, purchase spend), so it reads a row per branch and month, not per day.
 */
export async function branchComparison(
  db: Db,
  peersOf: Pick<AnalyticsScope, 'franchiseId' | 'branches'>,
  window: AnalyticsWindow,
): Promise<BranchFigures[]> {
  const scope: AnalyticsScope = { ...peersOf, restaurantId: null };
  const branches = scopeIds(scope);
  const months = monthParts(window);
  const r = columnsOf('restaurants', 'r');
  const { rows } = await fetchParts<{ rows: BranchFigures[] }>(db, {
    // Raw: joins the raw per-branch totals.
    rows: part(
      sql`select ${r('id')}, ${r('name')}, coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.orders, 0) as orders,
        coalesce(s.food_cost_cents, 0) as food_cost_cents,
        coalesce(h.labour_cost_cents, 0) as labour_cost_cents, coalesce(p.spend_cents, 0) as spend_cents,
        coalesce(v.previous_revenue_cents, 0) as previous_revenue_cents, coalesce(v.previous_orders, 0) as previous_orders
      from restaurants r
      left join (${monthlyTotals('monthly_restaurant_stats', branches, months, { revenue_cents: 'running_revenue_cents', orders: 'running_orders', food_cost_cents: 'running_food_cost_cents' })}) s
        on s.restaurant_id = ${r('id')}
      left join (${monthlyTotals('monthly_restaurant_stats', branches, monthParts(window.previous), { previous_revenue_cents: 'running_revenue_cents', previous_orders: 'running_orders' })}) v
        on v.restaurant_id = ${r('id')}
      left join (${monthlyTotals('monthly_restaurant_labour', branches, months, { labour_cost_cents: 'running_labour_cost_cents' })}) h
        on h.restaurant_id = ${r('id')}
      left join (${monthlyTotals('monthly_restaurant_purchases', branches, months, { spend_cents: 'running_spend_cents' })}) p
        on p.restaurant_id = ${r('id')}
      where ${r('franchise_id')} = ${scope.franchiseId}${branchConditions(r('id'), scope)}`,
      [
        'id',
        'name',
        'revenue_cents',
        'orders',
        'food_cost_cents',
        'labour_cost_cents',
        'spend_cents',
        'previous_revenue_cents',
        'previous_orders',
      ],
    ),
  });
  return rows;
}
