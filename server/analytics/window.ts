import {
  GROUPING_DEFAULT_RANGE,
  GROUPINGS,
  RANGE_GROUPING,
  type AnalyticsWindow,
  type Grouping,
  type ParsedAnalyticsQuery,
  type Range,
} from '@contract/analytics.contract.js';
import type { Comparison } from '@contract/analytics-window.js';
import { addDays, addMonths, dayDiff, dayIn } from './calendar.js';

/**
 * First day of a range ending on `end` (inclusive). 7 and 14 days are counted in days; 1 and 3
 * months are calendar months (docs/product.md#periods: "back … 1 month or 3 months"): the window starts on the
 * day after `end`, that many months earlier, so ending 22 Nov gives 23 Oct–22 Nov, and ending on a
 * month's last day gives whole calendar months (1 month to 31 Mar is 1–31 Mar).
 */
function rangeStart(range: Range, end: string): string {
  switch (range) {
    case '7days':
      return addDays(end, -6);
    case '14days':
      return addDays(end, -13);
    case '1month':
      return addMonths(addDays(end, 1), -1);
    case '3months':
      return addMonths(addDays(end, 1), -3);
  }
}

const isGrouping = (period: Grouping | Range): period is Grouping => (GROUPINGS as readonly string[]).includes(period);

/** Last year's window ends this many days before this window's end: 52 weeks, so on the same weekdays. */
export const LAST_YEAR_DAYS = 364;

/**
 * The window an analytics query covers in the franchise's time zone. Without dates it is the range
 * (or the grouping's default range) ending yesterday, since today is still trading and is reported
 * on its own; with dates it is exactly those days. The window it is compared with (`previous`) has
 * as many days and ends the day before the window starts, or, `compare=last_year`, 364 days before
 * the window ends (docs/product.md#comparisons).
 */
export function resolveWindow(
  query: Omit<ParsedAnalyticsQuery, 'compare' | 'like_for_like'> & { compare?: Comparison },
  timeZone: string,
  now: Date,
): AnalyticsWindow {
  const today = dayIn(timeZone, now);
  const grouping = isGrouping(query.period) ? query.period : RANGE_GROUPING[query.period];
  let start: string;
  let end: string;
  if (query.start_date !== undefined && query.end_date !== undefined) {
    start = query.start_date;
    end = query.end_date;
  } else {
    end = addDays(today, -1);
    start = rangeStart(isGrouping(query.period) ? GROUPING_DEFAULT_RANGE[query.period] : query.period, end);
  }
  const days = dayDiff(start, end) + 1;
  const compare = query.compare ?? 'previous';
  const previousEnd = compare === 'last_year' ? addDays(end, -LAST_YEAR_DAYS) : addDays(start, -1);
  return {
    start_date: start,
    end_date: end,
    days,
    grouping,
    time_zone: timeZone,
    compare,
    previous: { start_date: addDays(previousEnd, 1 - days), end_date: previousEnd },
    today,
  };
}
