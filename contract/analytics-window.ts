import { dayNumber } from './calendar-day.js';

// What an analytics window may be, without zod: the browser's filters check a custom window with these before
// asking, and the server's query schema with the same (docs/product.md#periods).

/** The longest window a query may ask for, in days. */
export const MAX_WINDOW_DAYS = 400;

/** What a window's change is measured against (docs/product.md#comparisons). */
export const COMPARISONS = ['previous', 'last_year'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** The grouping of a custom window, chosen by its length as the ranges choose theirs: days up to 14, weeks up to 61, else months. */
export function groupingOfDays(days: number): 'daily' | 'weekly' | 'monthly' {
  if (days <= 14) return 'daily';
  return days <= 61 ? 'weekly' : 'monthly';
}

/** Why a window from `start` to `end` (valid days, both inclusive) cannot be asked for; null when it can. */
export function windowProblem(start: string, end: string): 'reversed' | 'too_long' | null {
  const days = dayNumber(end) - dayNumber(start) + 1;
  if (days < 1) return 'reversed';
  return days > MAX_WINDOW_DAYS ? 'too_long' : null;
}
