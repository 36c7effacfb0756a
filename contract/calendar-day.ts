/**
 * Calendar days as the API takes them: 'YYYY-MM-DD' naming a day that exists (2026-02-30 does not).
 * Days before FIRST_DAY are typing mistakes, not trade, where a call says so.
 */
export const FIRST_DAY = '2000-01-01';

/** A calendar day in UTC milliseconds (a trading day's length varies; a date's does not). */
export const DAY_MS = 86_400_000;

/** The number of whole days from 1970-01-01 to a 'YYYY-MM-DD' day (its UTC midnight over DAY_MS). */
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** The day `days` days after `day` (before, when negative): whole dates, whatever daylight saving does. */
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is 'YYYY-MM-DD' naming a day that exists. */
export function isCalendarDay(value: string): boolean {
  const [, year, month, day] = SHAPE.exec(value) ?? [];
  if (!year) return false;
  // setUTCFullYear, not Date.UTC: that one reads years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** Whether `value` is a calendar day from FIRST_DAY on. */
export const isDayFrom2000 = (value: string): boolean => isCalendarDay(value) && value >= FIRST_DAY;
