import type { AnalyticsWindow, Bucket, Grouping } from '@contract/analytics.contract.js';
import { formatMonth, formatWeekday } from '@contract/presentation/format.js';
import { dayRangeLabel, isPartialBucket } from '@contract/presentation/buckets.js';
import { addDays, addMonths, dayStartMs } from '../calendar.js';
import { DAY_MS } from '@contract/calendar-day.js';

// Rollup days are already the franchise's calendar days, so bucketing is date arithmetic on
// 'YYYY-MM-DD' strings; sums stay integer cents and minutes until the answer is shaped.

const utc = (day: string) => new Date(dayStartMs(day));
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The first day of the month of `day`, `months` months later. */
export const monthStart = (day: string, months = 0) => addMonths(`${day.slice(0, 7)}-01`, months);

/**
 * A bucket's label: "Mon 16 Nov" (day), "16–22 Nov" or "30 Nov–6 Dec" (week), "Nov 2026" (month); a month
 * clipped to the window names its days, as a week does: "29–31 Aug" (docs/product.md#periods).
 */
export function bucketLabel(grouping: Grouping, startDate: string, endDate: string): string {
  const days = { start_date: startDate, end_date: endDate };
  if (grouping === 'daily') return formatWeekday(startDate);
  if (grouping === 'monthly' && !isPartialBucket(grouping, days)) return formatMonth(startDate);
  return dayRangeLabel(days);
}

/** Every bucket of the window, in order: days, Monday-start weeks or calendar months, the first and last clipped to the window. */
export function windowBuckets(window: Pick<AnalyticsWindow, 'start_date' | 'end_date' | 'grouping'>): Bucket[] {
  const buckets: Bucket[] = [];
  for (let startDate = window.start_date; startDate <= window.end_date;) {
    let endDate = startDate;
    if (window.grouping === 'weekly') endDate = addDays(startDate, 6 - ((utc(startDate).getUTCDay() + 6) % 7));
    else if (window.grouping === 'monthly') endDate = addDays(monthStart(startDate, 1), -1);
    if (endDate > window.end_date) endDate = window.end_date;
    buckets.push({ label: bucketLabel(window.grouping, startDate, endDate), start_date: startDate, end_date: endDate });
    startDate = addDays(endDate, 1);
  }
  return buckets;
}

// Per-day counters summed into buckets, the window and the previous window; the previous window's days
// also into the buckets they fall on when moved forward to the window (docs/product.md#comparisons).

export type Counters<K extends string> = Record<K, number>;
export type DayRow<K extends string> = { day: string } & Counters<K>;
export type Tally<K extends string> = {
  buckets: Bucket[];
  series: Counters<K>[];
  /** The comparison window's counters per bucket: each bucket's days moved back to the previous window. */
  previousSeries: Counters<K>[];
  totals: Counters<K>;
  previous: Counters<K>;
};

export function tally<K extends string>(keys: readonly K[], rows: DayRow<K>[], window: AnalyticsWindow): Tally<K> {
  const zero = () => Object.fromEntries(keys.map((k) => [k, 0])) as Counters<K>;
  const buckets = windowBuckets(window);
  const series = buckets.map(zero);
  const previousSeries = buckets.map(zero);
  const indexOf = new Map<string, number>();
  const previousIndexOf = new Map<string, number>();
  // The windows have as many days, so the shift maps the previous window onto this one exactly.
  const shift = dayStartMs(window.start_date) - dayStartMs(window.previous.start_date);
  for (const [i, b] of buckets.entries()) {
    // Whole days in UTC milliseconds: one date format per day instead of parsing both ends again per day.
    for (let ms = dayStartMs(b.start_date), end = dayStartMs(b.end_date); ms <= end; ms += DAY_MS) {
      indexOf.set(isoDay(ms), i);
      previousIndexOf.set(isoDay(ms - shift), i);
    }
  }
  const result: Tally<K> = { buckets, series, previousSeries, totals: zero(), previous: zero() };
  const add = (into: Counters<K>, row: DayRow<K>) => {
    for (const k of keys) into[k] += row[k];
  };
  for (const row of rows) {
    const i = indexOf.get(row.day);
    if (i !== undefined) {
      add(series[i]!, row);
      add(result.totals, row);
    }
    const p = previousIndexOf.get(row.day);
    if (p !== undefined) {
      add(previousSeries[p]!, row);
      add(result.previous, row);
    }
  }
  return result;
}
