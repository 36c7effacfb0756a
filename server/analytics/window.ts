import {
  GROUPING_DEFAULT_RANGE,
  GROUPINGS,
  RANGE_GROUPING,
  type AnalyticsWindow,
  type Grouping,
  type ParsedAnalyticsQuery,
  type Range,
} from '../contract/analytics.contract.js';

// Calendar-day arithmetic on 'YYYY-MM-DD' through UTC midnights: a day is always one day here,
// whatever daylight saving does to the franchise's clock (23- and 25-hour days included).

const DAY_MS = 86_400_000;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

export const addDays = (day: string, days: number) => iso(new Date(utc(day).getTime() + days * DAY_MS));

/** Inclusive count of days from start to end. */
export const daysBetween = (start: string, end: string) => Math.round((utc(end).getTime() - utc(start).getTime()) / DAY_MS) + 1;

/** The same day of the month `months` months away, clamped to that month's last day (31 Mar − 1 month = 28 Feb). */
export function addMonths(day: string, months: number): string {
  const d = utc(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), lastOfMonth));
  return iso(first);
}

/** The calendar day in `timeZone` at the instant `now`. */
export function localDate(now: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * First day of a range ending on `end` (inclusive). 7 and 14 days are counted in days; 1 and 3
 * months are calendar months (spec §9: "back … 1 month or 3 months"): the window starts on the
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

/**
 * The window an analytics query covers in the franchise's time zone. Without dates it is the range
 * (or the grouping's default range) ending yesterday, since today is still trading and is reported
 * on its own; with dates it is exactly those days. The previous window has as many days and ends
 * the day before the window starts.
 */
export function resolveWindow(query: ParsedAnalyticsQuery, timeZone: string, now: Date): AnalyticsWindow {
  const today = localDate(now, timeZone);
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
  const days = daysBetween(start, end);
  return {
    start_date: start,
    end_date: end,
    days,
    grouping,
    time_zone: timeZone,
    previous: { start_date: addDays(start, -days), end_date: addDays(start, -1) },
    today,
  };
}
