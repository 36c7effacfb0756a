import { sql } from 'kysely';
import type { AnalyticsWindow, CostFigures, Costs } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { branchComparison, type BranchFigures } from './branch-comparison.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import { byText, dollars, percent } from './rounding.js';
import type { AnalyticsScope } from './scope.js';
import { fetchParts, inWindow, ITEM_TABLES, part, rollupByDay, scopeRows, statsByDay } from './sql-parts.js';

// Food, labour and prime cost and purchases against revenue (docs/product.md#costs), from the daily and
// monthly rollups, in integer cents until shaped.

const STATS_KEYS = ['revenue_dine_in_cents', 'revenue_takeaway_cents', 'revenue_delivery_cents', 'food_cost_cents'] as const;
const COST_KEYS = ['revenue_cents', 'food_cost_cents', 'labour_cost_cents', 'spend_cents'] as const;
type CostKey = (typeof COST_KEYS)[number];
export type CostCounts = Counters<CostKey>;

/** The costs answer before shaping: counters per bucket, the window's and the comparison's, per branch, and the uncosted items. */
export type CostTally = Tally<CostKey> & { window: AnalyticsWindow; branches: BranchFigures[]; itemsWithoutCost: number };

/** The menu items sold in the window (completed orders) that have no cost: what food cost leaves out. */
export function itemsWithoutCost(scope: AnalyticsScope, window: AnalyticsWindow) {
  const c = columnsOf('menu_item_costs', 'c');
  // Raw: the pair of item rollups, franchise-wide or the scope's branches.
  return part(
    sql`select count(distinct s.menu_item_id)::int as n ${scopeRows(scope, ITEM_TABLES, (day) => inWindow(day, window))}
      and not exists (select 1 from menu_item_costs c where ${c('menu_item_id')} = s.menu_item_id)`,
    ['n'],
  );
}

export async function costTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<CostTally> {
  const [{ stats, labour, spend, uncosted }, branches] = await Promise.all([
    fetchParts<{
      stats: DayRow<(typeof STATS_KEYS)[number]>[];
      labour: DayRow<'labour_cost_cents'>[];
      spend: DayRow<'amount_cents'>[];
      uncosted: { n: number }[];
    }>(db, {
      stats: statsByDay(scope, window, STATS_KEYS),
      labour: rollupByDay(
        scope,
        window,
        { franchise: 'daily_franchise_staff_hours', restaurant: 'daily_staff_hours' },
        ['labour_cost_cents'],
        ['labour_cost_cents'],
      ),
      spend: rollupByDay(
        scope,
        window,
        { franchise: 'daily_franchise_purchases', restaurant: 'daily_purchases' },
        ['amount_cents'],
        ['amount_cents'],
      ),
      uncosted: itemsWithoutCost(scope, window),
    }),
    branchComparison(db, { franchiseId: scope.franchiseId, branches: scopeBranches(scope) }, window),
  ]);
  const zero = { revenue_cents: 0, food_cost_cents: 0, labour_cost_cents: 0, spend_cents: 0 };
  const days: DayRow<CostKey>[] = [
    ...stats.map((d) => ({
      ...zero,
      day: d.day,
      revenue_cents: d.revenue_dine_in_cents + d.revenue_takeaway_cents + d.revenue_delivery_cents,
      food_cost_cents: d.food_cost_cents,
    })),
    ...labour.map((d) => ({ ...zero, day: d.day, labour_cost_cents: d.labour_cost_cents })),
    ...spend.map((d) => ({ ...zero, day: d.day, spend_cents: d.amount_cents })),
  ];
  return { window, ...tally(COST_KEYS, days, window), branches, itemsWithoutCost: uncosted[0]?.n ?? 0 };
}

/** The scope's branches as a branch list (the route has checked a branch is the member's): its one branch, the member's, or null for all. */
const scopeBranches = (scope: AnalyticsScope): readonly number[] | null =>
  scope.restaurantId === null ? (scope.branches ?? null) : [scope.restaurantId];

/** A share of revenue in %, one decimal; null without revenue. */
const ofRevenue = (cents: number, revenue: number) => (revenue === 0 ? null : percent(cents, revenue));

export function costFigures(c: CostCounts): CostFigures {
  const revenue = c.revenue_cents;
  const prime = c.food_cost_cents + c.labour_cost_cents;
  return {
    revenue: dollars(revenue),
    food_cost: dollars(c.food_cost_cents),
    food_cost_pct: ofRevenue(c.food_cost_cents, revenue),
    labour_cost: dollars(c.labour_cost_cents),
    labour_cost_pct: ofRevenue(c.labour_cost_cents, revenue),
    prime_cost: dollars(prime),
    prime_cost_pct: ofRevenue(prime, revenue),
    purchases: dollars(c.spend_cents),
    purchases_pct: ofRevenue(c.spend_cents, revenue),
  };
}

/** The highest prime cost % first, branches without revenue last, then by name. */
export function rankedCosts(branches: BranchFigures[]) {
  return branches
    .map((b) => ({ id: b.id, name: b.name, ...costFigures(b) }))
    .sort(
      (a, b) =>
        (a.prime_cost_pct === null ? 1 : 0) - (b.prime_cost_pct === null ? 1 : 0) ||
        (b.prime_cost_pct ?? 0) - (a.prime_cost_pct ?? 0) ||
        byText(a.name, b.name) ||
        a.id - b.id,
    );
}

export function costsAnswer(t: CostTally): Costs {
  return {
    window: t.window,
    totals: costFigures(t.totals),
    previous_totals: costFigures(t.previous),
    series: t.buckets.map((b, i) => ({ ...b, ...costFigures(t.series[i]!) })),
    restaurants: rankedCosts(t.branches),
    items_without_cost: t.itemsWithoutCost,
  };
}
