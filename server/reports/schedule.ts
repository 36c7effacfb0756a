import { addDays, dayIn, dayStartMs, partsIn } from '../analytics/calendar.js';
import { DAY_MS } from '@contract/calendar-day.js';
import type { ReportFrequency } from '@contract/report-subscriptions.contract.js';

/**
 * When scheduled reports go out: at a whole hour of the franchise's wall clock, every day or on one
 * ISO weekday. Daylight saving never skips or doubles a slot: an hour the clock jumps over is sent
 * at the first instant after the jump, an hour the clock shows twice is sent at its first showing.
 */

export type Schedule = { frequency: ReportFrequency; weekday: number | null; hour: number };
export type Slot = { at: Date; period: string };

const MINUTE_MS = 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/** The zone's wall clock at a whole minute, read as if it were UTC, in milliseconds. */
function wallMs(timeZone: string, at: number): number {
  const p = partsIn(timeZone, new Date(at));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
}

const offsetAt = (timeZone: string, at: number) => wallMs(timeZone, at) - Math.floor(at / MINUTE_MS) * MINUTE_MS;

/** The first instant whose wall clock reads `hour`:00 on `day`, or, when the clock skips that hour, the first after the skip. */
export function slotInstant(timeZone: string, day: string, hour: number): Date {
  const local = dayStartMs(day) + hour * 3_600_000;
  // Offsets a day either side cover the slot and any one transition near it.
  const before = offsetAt(timeZone, local - DAY_MS);
  const after = offsetAt(timeZone, local + DAY_MS);
  const shown = [local - before, local - after].filter((t) => wallMs(timeZone, t) === local).sort((a, b) => a - b);
  if (shown.length > 0) return new Date(shown[0]!);
  // A gap: the clock jumps from before `local` to after it. Find the first minute on the new offset.
  let lo = local - after;
  let hi = local - before;
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetAt(timeZone, mid) === after) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

/** ISO weekday of a calendar day, 1 = Monday … 7 = Sunday. */
export const isoWeekday = (day: string) => ((new Date(dayStartMs(day)).getUTCDay() + 6) % 7) + 1;

/** The first slot of the schedule strictly after `after`, with its period's label on the franchise's clock (e.g. '2026-11-30T07'). */
export function nextRun(schedule: Schedule, timeZone: string, after: Date): Slot {
  const first = dayIn(timeZone, after);
  // A slot's instant falls on its own local day, so no day before `after`'s can follow it; a week and a day covers a weekly slot.
  for (let i = 0; i <= 8; i++) {
    const day = addDays(first, i);
    if (schedule.frequency === 'weekly' && isoWeekday(day) !== schedule.weekday) continue;
    const at = slotInstant(timeZone, day, schedule.hour);
    if (at.getTime() > after.getTime()) return { at, period: `${day}T${two(schedule.hour)}` };
  }
  throw new Error(`No slot found for ${JSON.stringify(schedule)} in ${timeZone}`);
}

/**
 * The latest slot at or before `now`, starting from the due slot `due` (a subscription's next_run_at):
 * a server that was down mails only the latest missed period, since an older report is stale.
 */
export function latestDue(schedule: Schedule, timeZone: string, due: Date, now: Date): Slot {
  // Slots are at most a week apart: walking from a week and a day back is enough.
  const from = Math.max(due.getTime(), now.getTime() - 8 * DAY_MS);
  let slot = nextRun(schedule, timeZone, new Date(from - 1));
  for (let next = nextRun(schedule, timeZone, slot.at); next.at.getTime() <= now.getTime(); next = nextRun(schedule, timeZone, slot.at)) {
    slot = next;
  }
  return slot;
}
