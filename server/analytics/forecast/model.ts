import { BACKTEST_DAYS } from '@contract/targets.contract.js';

/**
 * The forecast's models (docs/product.md#forecast), pure: a series of daily revenues in cents, one per
 * consecutive trading day, the last being the last closed day, predicts the days after it. Every
 * method starts from the same weekday's revenues of the last 8 weeks; the range is that weekday's
 * lowest and highest of them, scaled as the forecast is.
 */

export const HISTORY_WEEKS = 8;
const HISTORY_DAYS = HISTORY_WEEKS * 7;
/** The days a series needs before its last closed day: the backtest's, each predicted from 8 weeks before it. */
export const LOOKBACK_DAYS = BACKTEST_DAYS + HISTORY_DAYS;

export type Prediction = { revenue: number; low: number; high: number };
/** From a series, the prediction of `step` days after its last day (step 1: the day after). */
export type Method = (series: readonly number[]) => (step: number) => Prediction;

/** The same weekday's revenues among the last `weeks` weeks of the series, for the day `step` days after its end. */
function sameWeekday(series: readonly number[], step: number, weeks: number): number[] {
  const values: number[] = [];
  // The latest index on the predicted day's weekday: `step` days after the last is (step − 1) mod 7 days after a week before.
  const first = series.length - 7 + ((step - 1) % 7);
  for (let i = first; i >= 0 && i >= series.length - weeks * 7; i -= 7) values.push(series[i]!);
  return values;
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** The weekday's mean over `weeks` weeks (or the whole series' mean when that weekday is not in it yet), scaled by `factor`. */
function weekdayPrediction(series: readonly number[], step: number, weeks: number, factor: number): Prediction {
  if (series.length === 0) return { revenue: 0, low: 0, high: 0 };
  let values = sameWeekday(series, step, weeks);
  if (values.length === 0) values = series.slice(-weeks * 7);
  const m = mean(values);
  const revenue = Math.max(0, m * factor);
  if (m === 0) return { revenue: 0, low: 0, high: 0 };
  return { revenue, low: (revenue * Math.min(...values)) / m, high: (revenue * Math.max(...values)) / m };
}

/**
 * The weekly totals' least-squares slope over the last 8 weeks, as a share of their mean per week,
 * applied from the weeks' middle to the predicted day: 0 when the weeks' totals are equal.
 */
function trend(series: readonly number[]): (step: number) => number {
  const weeks = Math.min(HISTORY_WEEKS, Math.floor(series.length / 7));
  if (weeks < 2) return () => 1;
  const totals = Array.from({ length: weeks }, (_, w) => {
    const end = series.length - (weeks - 1 - w) * 7;
    return series.slice(end - 7, end).reduce((s, v) => s + v, 0);
  });
  const wMean = (weeks - 1) / 2;
  const yMean = mean(totals);
  if (yMean === 0) return () => 1;
  let num = 0;
  let den = 0;
  totals.forEach((y, w) => {
    num += (w - wMean) * (y - yMean);
    den += (w - wMean) ** 2;
  });
  // The predicted day in weeks after the weeks' middle: the last week's middle is its 4th day, 3 days before the series' end.
  const slope = num / den / yMean;
  return (step) => Math.max(0, 1 + slope * (weeks - 1 - wMean + (step + 3) / 7));
}

export const METHODS = {
  'weekday-mean-8w': (series) => (step) => weekdayPrediction(series, step, HISTORY_WEEKS, 1),
  'weekday-mean-4w': (series) => (step) => weekdayPrediction(series, step, 4, 1),
  'weekday-trend-8w': (series) => {
    const factor = trend(series);
    return (step) => weekdayPrediction(series, step, HISTORY_WEEKS, factor(step));
  },
} satisfies Record<string, Method>;
export type MethodName = keyof typeof METHODS;

/** The method the forecast uses: the lowest backtest MAPE on the demo franchise (bench/forecast.ts prints them all). */
export const FORECAST_METHOD: MethodName = 'weekday-trend-8w';

/** The next `days` days after the series' end, in whole cents. */
export function predict(series: readonly number[], days: number, method: MethodName = FORECAST_METHOD): Prediction[] {
  const at = METHODS[method](series.slice(-HISTORY_DAYS));
  return Array.from({ length: days }, (_, i) => {
    const p = at(i + 1);
    const revenue = Math.round(p.revenue);
    return { revenue, low: Math.min(revenue, Math.max(0, Math.round(p.low))), high: Math.max(revenue, Math.round(p.high)) };
  });
}

export type Backtest = { days: number; mape: number | null };

/**
 * Each of the series' last BACKTEST_DAYS days predicted from the days before it alone; MAPE = the mean
 * of |actual − predicted| / actual × 100 over those with revenue, one decimal (null: none had any).
 */
export function backtest(series: readonly number[], method: MethodName = FORECAST_METHOD): Backtest {
  const days = Math.min(BACKTEST_DAYS, series.length);
  let sum = 0;
  let counted = 0;
  for (let i = series.length - days; i < series.length; i++) {
    const actual = series[i]!;
    if (actual <= 0) continue;
    const [predicted] = predict(series.slice(Math.max(0, i - HISTORY_DAYS), i), 1, method);
    sum += (Math.abs(actual - predicted!.revenue) / actual) * 100;
    counted += 1;
  }
  return { days, mape: counted === 0 ? null : Math.round((sum / counted) * 10) / 10 };
}
