import * as z from 'zod';
import { addDays, dayNumber, isCalendarDay } from './calendar-day.js';
import { day, restaurantId } from './ingest.contract.js';
import { version } from './people.contract.js';

/**
 * Targets (docs/product.md#targets): per branch and trading day, a revenue target in cents and an
 * optional labour cost target (% of revenue, one decimal). Sent by an ingest key
 * (`PUT /ingest/targets`), the console (`PUT /franchise/targets`, the Targets page and the CSV
 * import) through one write path: upsert by (restaurant_id, day), a resend is `unchanged`.
 */

/** A target's day is at most this many days before or after the franchise's today (a typing or clock error otherwise). */
export const TARGET_DAYS_BACK = 400;
export const TARGET_DAYS_AHEAD = 400;
/** A month of every branch of a large franchise (200 × 31) fits one call. */
export const MAX_TARGETS_PER_CALL = 10_000;
/** The weeks of trade "spread a monthly amount" weighs the weekdays by. */
export const SPREAD_WEEKS = 8;

export const LABOUR_PCT_MESSAGE = 'labour_cost_pct must be a percentage from 0 to 100 with at most one decimal, or null';
export const TARGET_DAY_MESSAGE = `day must be within ${TARGET_DAYS_BACK} days before and ${TARGET_DAYS_AHEAD} days after today`;
export const DUPLICATE_TARGET_MESSAGE = 'The same restaurant and day is sent twice';
export const STALE_TARGETS_MESSAGE = 'These targets were changed by someone else. Reload to see the latest ones.';
export const SPREAD_AMOUNT_MESSAGE = 'Enter a monthly amount above $0';

const MAX_INT = 2_147_483_647;

const revenueCents = z
  .number('revenue_cents must be a whole number of cents')
  .int('revenue_cents must be a whole number of cents')
  .min(0, 'revenue_cents must not be negative')
  .max(MAX_INT, 'revenue_cents is too large');

export const labourCostPct = z
  .number(LABOUR_PCT_MESSAGE)
  .min(0, LABOUR_PCT_MESSAGE)
  .max(100, LABOUR_PCT_MESSAGE)
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, LABOUR_PCT_MESSAGE);

export const targetRecord = z.strictObject({
  restaurant_id: restaurantId,
  day,
  revenue_cents: revenueCents,
  labour_cost_pct: labourCostPct.nullable(),
});
export type TargetRecord = z.output<typeof targetRecord>;

const targetList = z
  .array(targetRecord, 'targets must be a list')
  .min(1, 'targets must hold at least one target')
  .max(MAX_TARGETS_PER_CALL, `At most ${MAX_TARGETS_PER_CALL} targets per call`)
  .superRefine((targets, ctx) => {
    const seen = new Set<string>();
    targets.forEach((t, i) => {
      const key = `${t.restaurant_id}|${t.day}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: DUPLICATE_TARGET_MESSAGE });
      seen.add(key);
    });
  });

/** `PUT /ingest/targets`, and the CSV import's targets kind. */
export const targetsBody = z.strictObject({ targets: targetList });
/** `PUT /franchise/targets`: the Targets page names the grid's `version` it read (409 when stale); the import does not. */
export const consoleTargetsBody = z.strictObject({ targets: targetList, version: version.optional() });
export type ConsoleTargetsInput = z.input<typeof consoleTargetsBody>;

/** Whether a target's day is inside the window around the franchise's `today` a target may name. */
export const inTargetWindow = (targetDay: string, today: string) =>
  targetDay >= addDays(today, -TARGET_DAYS_BACK) && targetDay <= addDays(today, TARGET_DAYS_AHEAD);

/** 'YYYY-MM' naming a month from 2000 on. */
export const month = z
  .string('month is required')
  .regex(/^\d{4}-\d{2}$/, 'month must be a month as YYYY-MM')
  .refine((m) => isCalendarDay(`${m}-01`) && m >= '2000-01', 'month must be a month as YYYY-MM from 2000 on');

export const targetsGridQuery = z.object({ month }).strict();

/** The calendar days of a 'YYYY-MM' month, in order. */
export function monthDays(m: string): string[] {
  const first = `${m}-01`;
  const days: string[] = [];
  for (let d = first; d.startsWith(m); d = addDays(d, 1)) days.push(d);
  return days;
}

/** ISO weekday of a calendar day: Monday 1 … Sunday 7. */
export const weekdayOf = (d: string) => ((((dayNumber(d) + 3) % 7) + 7) % 7) + 1;

/**
 * "Spread a monthly amount": `totalCents` over `days` in proportion to each day's weekday weight
 * (`weights[weekday - 1]`, the branch's same-weekday revenue of the last SPREAD_WEEKS weeks), evenly when
 * no day weighs anything. Whole cents that add up to the total exactly: each day gets its share rounded
 * down, and the cents left go one each to the days with the largest remainders (the earlier day first).
 */
export function spreadMonthly(totalCents: number, days: readonly string[], weights: readonly number[]): number[] {
  if (days.length === 0) return [];
  const raw = days.map((d) => Math.max(0, weights[weekdayOf(d) - 1] ?? 0));
  const sum = raw.reduce((a, b) => a + b, 0);
  const share = sum > 0 ? raw : days.map(() => 1);
  const whole = sum > 0 ? sum : days.length;
  const exact = share.map((w) => (totalCents * w) / whole);
  const floors = exact.map(Math.floor);
  let left = totalCents - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, rest: e - floors[i]! })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/** The forecast call's query: the next `days` trading days (docs/product.md#forecast). */
export const MAX_FORECAST_DAYS = 42;
export const DEFAULT_FORECAST_DAYS = 14;
/** The backtest predicts each of these last closed days from the data before it. */
export const BACKTEST_DAYS = 56;
export const forecastQuery = z
  .object({
    days: z.coerce
      .number({ error: 'must be a whole number from 1 to 42' })
      .int('must be a whole number from 1 to 42')
      .min(1, 'must be a whole number from 1 to 42')
      .max(MAX_FORECAST_DAYS, 'must be a whole number from 1 to 42')
      .default(DEFAULT_FORECAST_DAYS),
  })
  .strict();

/** The alert preview looks back this many closed days by default, and at most MAX_PREVIEW_DAYS. */
export const DEFAULT_PREVIEW_DAYS = 90;
export const MAX_PREVIEW_DAYS = 400;
export const previewQuery = z
  .object({
    days: z.coerce
      .number({ error: `must be a whole number from 1 to ${MAX_PREVIEW_DAYS}` })
      .int(`must be a whole number from 1 to ${MAX_PREVIEW_DAYS}`)
      .min(1, `must be a whole number from 1 to ${MAX_PREVIEW_DAYS}`)
      .max(MAX_PREVIEW_DAYS, `must be a whole number from 1 to ${MAX_PREVIEW_DAYS}`)
      .default(DEFAULT_PREVIEW_DAYS),
  })
  .strict();
