import { sql } from 'kysely';
import { columnsOf } from '../../db/typed-sql.js';
import type { AnalyticsWindow, RevenueFigures, Revenues } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import { inMonths, monthParts, windowTotal } from './months.js';
import { byText, dollars, perDollars } from './rounding.js';
import { branchConditions, scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, inWindow, part, scopeRows, statsByDay } from './sql-parts.js';

const REVENUE_KEYS = [
  'orders_dine_in',
  'orders_takeaway',
  'orders_delivery',
  'revenue_dine_in_cents',
  'revenue_takeaway_cents',
  'revenue_delivery_cents',
  'transactions',
  'discount_cents',
  'refunded_cents',
] as const;
type RevenueKey = (typeof REVENUE_KEYS)[number];

/** Revenue of a bucket's (or window's) counters, in cents. */
export const revenueCents = (c: Counters<'revenue_dine_in_cents' | 'revenue_takeaway_cents' | 'revenue_delivery_cents'>) =>
  c.revenue_dine_in_cents + c.revenue_takeaway_cents + c.revenue_delivery_cents;

export function revenueFigures(c: Counters<RevenueKey>): RevenueFigures {
  const cents = revenueCents(c);
  const count = c.orders_dine_in + c.orders_takeaway + c.orders_delivery;
  return {
    revenue: dollars(cents),
    dine_in: dollars(c.revenue_dine_in_cents),
    takeaway: dollars(c.revenue_takeaway_cents),
    delivery: dollars(c.revenue_delivery_cents),
    orders: count,
    transactions: c.transactions,
    aov: perDollars(cents, count),
    atv: perDollars(cents, c.transactions),
  };
}

type BranchRow = { id: number; name: string; location: string; revenue_cents: number; units: number };
/** Completed delivery orders of the window on one platform ('' when they named none). */
export type PlatformRow = { platform: string; orders: number; revenue_cents: number };

/**
 * The revenues answer before shaping: counters per bucket, every branch of the scope, lowest revenue first, and the
 * window's delivery by platform, most revenue first.
 */
export type RevenueTally = Tally<RevenueKey> & { window: AnalyticsWindow; branches: BranchRow[]; platforms: PlatformRow[] };

const PLATFORM_TABLES = { franchise: 'daily_franchise_platform_sales', restaurant: 'daily_platform_sales' } as const;

export async function revenueTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<RevenueTally> {
  const parts = monthParts(window);
  const r = columnsOf('restaurants', 'r');
  const m = columnsOf('monthly_restaurant_stats', 's');
  const { days, branches, platforms } = await fetchParts<{ days: DayRow<RevenueKey>[]; branches: BranchRow[]; platforms: PlatformRow[] }>(
    db,
    {
      days: statsByDay(scope, window, REVENUE_KEYS),
      platforms: part(
        sql`select s.platform, sum(s.orders)::int as orders, sum(s.revenue_cents)::float8 as revenue_cents
        ${scopeRows(scope, PLATFORM_TABLES, (day) => inWindow(day, window))}
        group by s.platform`,
        ['platform', 'orders', 'revenue_cents'],
      ),
      // Every branch of the scope, those without trade too. Raw: the window's totals subscript the running-total arrays.
      branches: part(
        sql`select ${r('id')}, ${r('name')}, ${r('location')}, coalesce(s.revenue_cents, 0) as revenue_cents, coalesce(s.units, 0) as units
      from restaurants r
      left join (
        select ${m('restaurant_id')}, sum((${windowTotal(m('running_revenue_cents'), m('month'), parts)})::float8) as revenue_cents,
          sum(${windowTotal(m('running_units'), m('month'), parts)}) as units
        from monthly_restaurant_stats s
        where ${m('restaurant_id')} in ${scopeIds(scope)} and ${inMonths(m('month'), parts)}
        group by ${m('restaurant_id')}
      ) s on s.restaurant_id = ${r('id')}
      where ${r('franchise_id')} = ${scope.franchiseId}${branchConditions(r('id'), scope)}`,
        ['id', 'name', 'location', 'revenue_cents', 'units'],
      ),
    },
  );
  return {
    window,
    ...tally(REVENUE_KEYS, days, window),
    branches: branches.sort((a, b) => a.revenue_cents - b.revenue_cents || byText(a.name, b.name) || a.id - b.id),
    platforms: platforms.sort((a, b) => b.revenue_cents - a.revenue_cents || byText(a.platform, b.platform)),
  };
}

export function revenuesAnswer(t: RevenueTally): Revenues {
  const totals = revenueFigures(t.totals);
  return {
    window: t.window,
    series: t.buckets.map((b, i) => ({ ...b, ...revenueFigures(t.series[i]!) })),
    previous_series: t.previousSeries.map(revenueFigures),
    totals,
    previous_totals: revenueFigures(t.previous),
    franchise_summary: {
      total_revenue: totals.revenue,
      total_orders: totals.orders,
      average_revenue_per_restaurant: perDollars(revenueCents(t.totals), t.branches.length),
      total_dine_in_revenue: totals.dine_in,
      total_takeaway_revenue: totals.takeaway,
      total_delivery_revenue: totals.delivery,
      total_discounts: dollars(t.totals.discount_cents),
      total_refunds: dollars(t.totals.refunded_cents),
    },
    delivery_platforms: t.platforms.map((p) => ({
      platform: p.platform === '' ? null : p.platform,
      orders: p.orders,
      revenue: dollars(p.revenue_cents),
    })),
    restaurants: t.branches.map((r) => ({
      id: r.id,
      name: r.name,
      location: r.location,
      units: r.units,
      revenue: dollars(r.revenue_cents),
    })),
  };
}
