import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { columnsOf, withinBranches } from '../../db/typed-sql.js';
import { addDays, dayDiff, dayIn, tradingDayIn } from '../calendar.js';
import type { AnalyticsScope } from '../answers/scope.js';
import { statsRevenueCents } from '../answers/sql-parts.js';
import { backtest, FORECAST_METHOD, LOOKBACK_DAYS, predict, type Backtest, type MethodName, type Prediction } from './model.js';

/** A branch's closed trading days' revenues in cents, from its first trade (or the lookback's start) to its last closed day. */
export type BranchHistory = { id: number; today: string; start: string; revenue: number[] };

/** A branch's forecast: its predicted days in whole cents. */
export type BranchForecast = { id: number; days: (Prediction & { day: string })[] };

/** The forecast of a scope, in cents: its days (the branches' summed), the backtest and every branch's own days. */
export type ForecastFigures = {
  method: MethodName;
  days: (Prediction & { day: string })[];
  backtest: Backtest;
  branches: BranchForecast[];
};

type Row = { id: number; time_zone: string; day_starts_at: number; first_day: string | null; offsets: number[]; revenues: number[] };

/**
 * The scope's branches' daily revenues over the lookback before each branch's today, in one query
 * (the rollups of every branch at once), a row per branch with its days as offsets from the query's
 * first day. A day without trade after a branch's first counts 0.
 */
export async function branchHistories(db: Db, scope: AnalyticsScope, now: Date): Promise<BranchHistory[]> {
  const r = columnsOf('restaurants', 'r');
  const s = columnsOf('daily_restaurant_stats', 's');
  // Every clock's today is within a day of UTC's: the query reads from the earliest any branch needs.
  const from = addDays(dayIn('UTC', now), -LOOKBACK_DAYS - 2);
  const branches = scope.branches ?? null;
  const { rows } = await sql<Row>`
    select ${r('id')}, ${r('time_zone')}, ${r('day_starts_at')}, f.first_day::text as first_day,
      coalesce(d.offsets, '{}') as offsets, coalesce(d.revenues, '{}') as revenues
    from restaurants r
    left join lateral (select min(m.day) as first_day from daily_restaurant_stats m where m.restaurant_id = ${r('id')}) f on true
    left join lateral (
      select array_agg(${s('day')} - ${from}::date order by ${s('day')}) as offsets,
        array_agg(${statsRevenueCents('s')} order by ${s('day')}) as revenues
      from daily_restaurant_stats s where ${s('restaurant_id')} = ${r('id')} and ${s('day')} >= ${from}
    ) d on true
    where ${r('franchise_id')} = ${scope.franchiseId}
      ${scope.restaurantId === null ? sql`` : sql`and ${r('id')} = ${scope.restaurantId}`}
      and ${withinBranches(r('id'), branches)}
    order by ${r('id')}`.execute(db);
  return rows.map((row) => {
    const today = tradingDayIn(row.time_zone, row.day_starts_at, now);
    const lookbackStart = addDays(today, -LOOKBACK_DAYS);
    const first = row.first_day;
    const start = first === null || first > today ? today : first > lookbackStart ? first : lookbackStart;
    const revenue = new Array<number>(Math.max(0, dayDiff(start, today))).fill(0);
    const at = dayDiff(from, start);
    row.offsets.forEach((offset, i) => {
      const index = offset - at;
      if (index >= 0 && index < revenue.length) revenue[index] = row.revenues[i]!;
    });
    return { id: row.id, today, start, revenue };
  });
}

/**
 * The forecast from the branches' histories (docs/product.md#forecast): each branch predicts its days
 * from its own series; the scope's days are the dates from the earliest branch's tomorrow, each the
 * branches' predictions for that date summed. The backtest runs over the branches' summed series.
 */
export function forecastOf(histories: readonly BranchHistory[], days: number, method: MethodName = FORECAST_METHOD): ForecastFigures {
  if (histories.length === 0) return { method, days: [], backtest: { days: 0, mape: null }, branches: [] };
  const first = histories.reduce((d, h) => (addDays(h.today, 1) < d ? addDays(h.today, 1) : d), addDays(histories[0]!.today, 1));
  const dates = Array.from({ length: days }, (_, i) => addDays(first, i));
  const branches = histories.map((h) => {
    // Its series ends yesterday, so its first prediction is today: tomorrow is the second, and the
    // earliest branch's tomorrow is the first of a branch a day ahead of it.
    const offset = dayDiff(h.today, first);
    const predicted = predict(h.revenue, offset + days, method);
    return { id: h.id, days: dates.map((day, i) => ({ day, ...predicted[offset + i]! })) };
  });
  const summed = dates.map((day, i) => {
    const total = { day, revenue: 0, low: 0, high: 0 };
    for (const b of branches) {
      total.revenue += b.days[i]!.revenue;
      total.low += b.days[i]!.low;
      total.high += b.days[i]!.high;
    }
    return total;
  });
  return { method, days: summed, backtest: backtest(summedSeries(histories), method), branches };
}

/** The branches' series summed by date, up to the earliest branch's last closed day. */
export function summedSeries(histories: readonly BranchHistory[]): number[] {
  const start = histories.reduce((d, h) => (h.start < d ? h.start : d), histories[0]!.start);
  const end = histories.reduce((d, h) => (h.today < d ? h.today : d), histories[0]!.today);
  const series = new Array<number>(Math.max(0, dayDiff(start, end))).fill(0);
  for (const h of histories) {
    const at = dayDiff(start, h.start);
    h.revenue.forEach((v, i) => {
      if (at + i < series.length) series[at + i]! += v;
    });
  }
  return series;
}

/** The scope's forecast of the next `days` trading days, read and computed (uncached). */
export async function forecast(db: Db, scope: AnalyticsScope, days: number, now: Date): Promise<ForecastFigures> {
  return forecastOf(await branchHistories(db, scope, now), days);
}
