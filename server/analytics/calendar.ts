/**
 * Calendar days as 'YYYY-MM-DD', the unit of every window, rollup and generated day. Arithmetic goes
 * through UTC midnights, so a day is always one day, whatever daylight saving does to the franchise's
 * clock (23- and 25-hour days included); a zone is consulted only to turn an instant into its day.
 */

import { DAY_MS } from '@contract/calendar-day.js';

export { addDays } from '@contract/calendar-day.js';

/** The UTC midnight starting the day, in milliseconds (a day's number times DAY_MS). */
export const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days from `from` to `to` (0 for the same day, negative when `to` is earlier). */
export const dayDiff = (from: string, to: string) => Math.round((dayStartMs(to) - dayStartMs(from)) / DAY_MS);

/** The same day of the month `months` months away, clamped to that month's last day (31 Mar − 1 month = 28 Feb). */
export function addMonths(day: string, months: number): string {
  const d = new Date(dayStartMs(day));
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastOfMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), lastOfMonth));
  return iso(first.getTime());
}

type WallClock = Readonly<Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>>;
const formatters = new Map<string, Intl.DateTimeFormat>();
// Zone offsets are whole minutes, so the wall clock is the same all through a UTC minute; every
// request asks for today, and formatToParts is the costliest step of resolving a window.
const lastMinute = new Map<string, { minute: number; parts: WallClock }>();

/** Year, month, day, hour and minute of the instant on the zone's wall clock. */
export function partsIn(timeZone: string, at: Date): WallClock {
  const minute = Math.floor(at.getTime() / 60_000);
  const last = lastMinute.get(timeZone);
  if (last?.minute === minute) return last.parts;
  const parts = wallClock(timeZone, at);
  lastMinute.set(timeZone, { minute, parts });
  return parts;
}

function wallClock(timeZone: string, at: Date): WallClock & { second: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return Object.freeze(
    Object.fromEntries(f.formatToParts(at).flatMap((p) => (p.type === 'literal' ? [] : [[p.type, Number(p.value)]]))),
  ) as WallClock & { second: number };
}

const two = (n: number) => String(n).padStart(2, '0');

/** The instant on the zone's wall clock as ISO 8601 with its offset, e.g. 2026-11-21T00:30:00+11:00. */
export function localIso(timeZone: string, at: Date): string {
  const p = wallClock(timeZone, at);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const zone = `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}${zone}`;
}

/** The calendar day of an instant in the time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const p = partsIn(timeZone, at);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The trading day of an instant on a branch's clock: the wall-clock date of the instant less the day start (tradingDayOf in SQL). */
export function tradingDayIn(timeZone: string, dayStartMinutes: number, at: Date): string {
  const p = partsIn(timeZone, at);
  return iso(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - dayStartMinutes * 60_000);
}
