import { sql } from 'kysely';
import type { AnalyticsWindow, Hours } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { dollars } from './rounding.js';
import type { AnalyticsScope } from './scope.js';
import { fetchParts, inWindow, part, scopeRows } from './sql-parts.js';

// When in the day the trade comes (docs/product.md#hours): completed orders and their revenue per
// weekday of the trading day and local hour, from the hourly rollups, in integer cents until shaped.

export type HoursCellCounts = { weekday: number; hour: number; orders: number; revenue_cents: number };
/** The hours answer before shaping: all 168 cells, by weekday then hour. */
export type HoursTally = { window: AnalyticsWindow; cells: HoursCellCounts[] };

const HOURLY = { franchise: 'hourly_franchise_stats', restaurant: 'hourly_restaurant_stats' } as const;

export async function hoursTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<HoursTally> {
  const { cells } = await fetchParts<{ cells: HoursCellCounts[] }>(db, {
    cells: part(
      sql`select extract(isodow from s.day)::int as weekday, s.hour::int as hour, sum(s.orders)::int as orders,
          sum(s.revenue_cents)::float8 as revenue_cents
        ${scopeRows(scope, HOURLY, (day) => inWindow(day, window))}
        group by 1, 2`,
      ['weekday', 'hour', 'orders', 'revenue_cents'],
    ),
  });
  const grid = Array.from({ length: 7 * 24 }, (_, i) => ({ weekday: Math.floor(i / 24) + 1, hour: i % 24, orders: 0, revenue_cents: 0 }));
  for (const c of cells) grid[(c.weekday - 1) * 24 + c.hour] = c;
  return { window, cells: grid };
}

export const hoursAnswer = (t: HoursTally): Hours => ({
  window: t.window,
  cells: t.cells.map((c) => ({ weekday: c.weekday, hour: c.hour, orders: c.orders, revenue: dollars(c.revenue_cents) })),
});
