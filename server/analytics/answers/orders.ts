import type { AnalyticsWindow, OrderFigures, Orders } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { tally, type Counters, type DayRow } from './buckets.js';
import type { AnalyticsScope } from './scope.js';
import { fetchParts, statsByDay } from './sql-parts.js';

const ORDER_KEYS = ['orders_dine_in', 'orders_takeaway', 'orders_pos', 'orders_app'] as const;

function orderFigures(c: Counters<(typeof ORDER_KEYS)[number]>): OrderFigures {
  return {
    dine_in: c.orders_dine_in,
    takeaway: c.orders_takeaway,
    pos: c.orders_pos,
    app: c.orders_app,
    total: c.orders_dine_in + c.orders_takeaway,
  };
}

export async function orders(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<Orders> {
  const { days } = await fetchParts<{ days: DayRow<(typeof ORDER_KEYS)[number]>[] }>(db, { days: statsByDay(scope, window, ORDER_KEYS) });
  const t = tally(ORDER_KEYS, days, window);
  return {
    window,
    series: t.buckets.map((b, i) => ({ ...b, ...orderFigures(t.series[i]!) })),
    totals: orderFigures(t.totals),
    previous_totals: orderFigures(t.previous),
    today: orderFigures(t.today),
  };
}
