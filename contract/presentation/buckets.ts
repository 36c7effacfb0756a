import type { Grouping } from '../analytics.contract';
import { addDays } from '../calendar-day';
import { formatDayMonth } from './format';

// Partial buckets (docs/product.md#periods): a window's first and last week or month are clipped to it,
// so they may hold fewer days than a whole one. Their labels name their days, and line charts draw
// their segments dotted: a 3-day August beside whole months is no fall or climb. One module for the
// server's labels (tables, CSV, PDF) and the charts' axes and lines.

type Days = { start_date: string; end_date: string };

/** Whether `day` begins a whole bucket of the grouping: any day, a Monday, the 1st of a month. */
export function startsBucket(grouping: Grouping, day: string): boolean {
  if (grouping === 'weekly') return new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
  if (grouping === 'monthly') return day.endsWith('-01');
  return true;
}

/** Whether `day` ends a whole bucket of the grouping: any day, a Sunday, a month's last day. */
export const endsBucket = (grouping: Grouping, day: string): boolean => startsBucket(grouping, addDays(day, 1));

/** Whether a bucket covers fewer days than a whole day, Monday week or calendar month. */
export const isPartialBucket = (grouping: Grouping, { start_date, end_date }: Days): boolean =>
  !startsBucket(grouping, start_date) || !endsBucket(grouping, end_date);

/**
 * Which of a window's `count` buckets are partial, from the window alone (a page report's chart has its
 * buckets' labels, not their days): only the first and the last can be.
 */
export function partialBuckets(window: Days & { grouping: Grouping }, count: number): boolean[] {
  return Array.from(
    { length: count },
    (_, i) =>
      (i === 0 && !startsBucket(window.grouping, window.start_date)) || (i === count - 1 && !endsBucket(window.grouping, window.end_date)),
  );
}

/** A bucket's days: "22 Nov", "29–31 Aug", "30 Nov–6 Dec". */
export function dayRangeLabel({ start_date, end_date }: Days): string {
  if (start_date === end_date) return formatDayMonth(start_date);
  if (start_date.slice(0, 7) === end_date.slice(0, 7)) return `${Number(start_date.slice(8))}–${formatDayMonth(end_date)}`;
  return `${formatDayMonth(start_date)}–${formatDayMonth(end_date)}`;
}
