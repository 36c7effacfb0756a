import type { AnalyticsWindow, OrderFigures, Orders } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import type { Counters } from './buckets.js';
import type { AnalyticsScope } from './scope.js';
import { statsTally, type StatsTally } from './sql-parts.js';

export const ORDER_KEYS = ['orders_dine_in', 'orders_takeaway', 'orders_delivery', 'orders_pos', 'orders_app'] as const;

/** The orders answer before shaping: counts per bucket, the window, the previous window and today. */
export type OrderTally = StatsTally<(typeof ORDER_KEYS)[number]> & { window: AnalyticsWindow };

export function orderFigures(c: Counters<(typeof ORDER_KEYS)[number]>): OrderFigures {
  return {
    dine_in: c.orders_dine_in,
    takeaway: c.orders_takeaway,
    delivery: c.orders_delivery,
    pos: c.orders_pos,
    app: c.orders_app,
    total: c.orders_dine_in + c.orders_takeaway + c.orders_delivery,
  };
}

export async function orderTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow, now: Date): Promise<OrderTally> {
  return { window, ...(await statsTally(db, scope, window, now, ORDER_KEYS)) };
}

export function ordersAnswer(t: OrderTally): Orders {
  return {
    window: t.window,
    series: t.buckets.map((b, i) => ({ ...b, ...orderFigures(t.series[i]!) })),
    previous_series: t.previousSeries.map(orderFigures),
    totals: orderFigures(t.totals),
    previous_totals: orderFigures(t.previous),
    today: orderFigures(t.today),
  };
}
