import { addDays, tradingDayIn } from '../analytics/calendar.js';
import { resolveWindow } from '../analytics/window.js';
import type { AlertKind } from '@contract/alerts.contract.js';
import { DEFAULT_BEST_SELLERS_LIMIT, RANGES, type Range } from '@contract/analytics.contract.js';
import { formatCurrency, formatPercent } from '@contract/presentation/format.js';
import { slotInstant } from '../reports/schedule.js';
import { hourLabel } from '@contract/presentation/format.js';

/**
 * What an alert rule decides, on one branch's daily rollups (docs/alerts.md). Thresholds are kept in
 * tenths of a per cent and figures in cents and counts, so "at or above 35%" is decided in integers:
 * a day at exactly 35% fires, a cent less does not.
 */

/** One branch's day as the rollups have it. */
export type DayFigures = {
  /** Completed orders' totals, dine-in and takeaway. */
  revenue_cents: number;
  /** Orders recorded, completed or voided: a POS that sends anything is trading. */
  orders: number;
  labour_cost_cents: number;
  shifts: number;
  shifts_attended: number;
  procurement_cents: number;
  /** Revenue of the same weekday 7, 14, 21 and 28 days before, summed (a day without trade counts 0). */
  baseline_revenue_cents: number;
  /** The day's revenue target; null: none set. */
  target_revenue_cents: number | null;
  /** Completed orders' discounts, and completed and refunded orders' lines before discount (docs/product.md#loss). */
  discount_cents: number;
  gross_sales_cents: number;
  /** Completed orders' units × each item's cost that day (docs/product.md#costs). */
  food_cost_cents: number;
};

/** A firing: `value` and `baseline` in the contract's units, and the sentence shown for it. */
export type Firing = { value: number | null; baseline: number | null; summary: string };

/** Baseline weeks of a revenue drop. */
export const BASELINE_WEEKS = 4;

/** A rule's threshold as stored (`threshold_tenths`), and back. */
export const tenthsOf = (threshold: number) => Math.round(threshold * 10);
export const thresholdOf = (tenths: number) => tenths / 10;
const dollars = (cents: number) => formatCurrency(cents / 100);

/**
 * The sign of a × 1000 − tenths × b, exactly: in doubles while both products are integers below 2^53 (every
 * realistic day), else in BigInt. a, b and tenths are whole numbers.
 */
function shareSign(a: number, tenths: number, b: number): number {
  const [left, right] = [a * 1000, tenths * b];
  if (Number.isSafeInteger(left) && Number.isSafeInteger(right)) return Math.sign(left - right);
  const difference = BigInt(a) * 1000n - BigInt(tenths) * BigInt(b);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** Share of revenue (cost / revenue ≥ threshold); with no revenue any cost fires, its share being unbounded (value null). */
function share(label: string, costCents: number, revenueCents: number, tenths: number): Firing | null {
  const rule = () => `rule: at or above ${formatPercent(thresholdOf(tenths))}`;
  if (revenueCents === 0) {
    if (costCents <= 0) return null;
    return { value: null, baseline: 0, summary: `${label} was ${dollars(costCents)} with no revenue (${rule()})` };
  }
  if (shareSign(costCents, tenths, revenueCents) < 0) return null;
  const value = (costCents / revenueCents) * 100;
  return {
    value,
    baseline: revenueCents / 100,
    summary: `${label} was ${formatPercent(value)} of revenue (${dollars(costCents)} of ${dollars(revenueCents)}; ${rule()})`,
  };
}

/** Whether the day fires the rule (threshold in tenths), and with what figures; null: no alert. */
export function evaluate(kind: AlertKind, tenths: number, f: DayFigures): Firing | null {
  switch (kind) {
    case 'labour_cost':
      return share('Labour cost', f.labour_cost_cents, f.revenue_cents, tenths);
    case 'procurement':
      return share('Procurement', f.procurement_cents, f.revenue_cents, tenths);
    case 'food_cost':
      return share('Food cost', f.food_cost_cents, f.revenue_cents, tenths);
    case 'revenue_drop': {
      const sum = f.baseline_revenue_cents;
      if (sum <= 0) return null;
      // (average − revenue) / average ≥ threshold, with average = sum / 4, in integers.
      if (shareSign(sum - BASELINE_WEEKS * f.revenue_cents, tenths, sum) < 0) return null;
      const value = ((sum - BASELINE_WEEKS * f.revenue_cents) / sum) * 100;
      const baseline = sum / BASELINE_WEEKS / 100;
      return {
        value,
        baseline,
        summary:
          `Revenue was ${dollars(f.revenue_cents)}, down ${formatPercent(value)} against ${formatCurrency(baseline)}, ` +
          `the average of the same weekday over the last ${BASELINE_WEEKS} weeks (rule: down ${formatPercent(thresholdOf(tenths))} or more)`,
      };
    }
    case 'attendance': {
      if (f.shifts === 0) return null;
      if (shareSign(f.shifts_attended, tenths, f.shifts) > 0) return null;
      const value = (f.shifts_attended / f.shifts) * 100;
      return {
        value,
        baseline: null,
        summary: `Attendance was ${formatPercent(value)} (${f.shifts_attended} of ${f.shifts} rostered shifts attended; rule: at or below ${formatPercent(thresholdOf(tenths))})`,
      };
    }
    case 'no_trade': {
      if (f.orders > 0) return null;
      const hour = hourLabel(thresholdOf(tenths));
      return { value: 0, baseline: null, summary: `No order was recorded by ${hour} (rule: no trade by ${hour})` };
    }
    case 'discounts': {
      // A discount is at most its lines, so a day without gross sales has none.
      if (f.gross_sales_cents <= 0 || shareSign(f.discount_cents, tenths, f.gross_sales_cents) < 0) return null;
      const value = (f.discount_cents / f.gross_sales_cents) * 100;
      return {
        value,
        baseline: f.gross_sales_cents / 100,
        summary: `Discounts were ${formatPercent(value)} of gross sales (${dollars(f.discount_cents)} of ${dollars(f.gross_sales_cents)}; rule: at or above ${formatPercent(thresholdOf(tenths))})`,
      };
    }
    case 'below_target': {
      // No target, or a target of $0, sets no bar to fall below.
      const target = f.target_revenue_cents;
      if (target === null || target <= 0) return null;
      if (shareSign(f.revenue_cents, tenths, target) > 0) return null;
      const value = Math.round((f.revenue_cents / target) * 1000) / 10;
      return {
        value,
        baseline: target / 100,
        summary: `Revenue was ${dollars(f.revenue_cents)}, ${formatPercent(value)} of its target of ${dollars(target)} (rule: at or below ${formatPercent(thresholdOf(tenths))})`,
      };
    }
  }
}

/** A rule as decided: its kind and threshold in tenths. */
export type RuleCondition = { kind: AlertKind; threshold_tenths: number };
/** One branch's trading day and its figures. */
export type BranchDay = { restaurant_id: number; day: string; figures: DayFigures };
export type Decided = { restaurant_id: number; day: string; firing: Firing };

/**
 * The alerts a rule raises over branch days: the one decision both the rule's evaluation at each day's close and
 * the preview over past days make, so the two cannot disagree.
 */
export function decide(rule: RuleCondition, days: readonly BranchDay[]): Decided[] {
  return days.flatMap(({ restaurant_id, day, figures }) => {
    const firing = evaluate(rule.kind, rule.threshold_tenths, figures);
    return firing ? [{ restaurant_id, day, firing }] : [];
  });
}

/** The subject's few words for an alert, e.g. "labour cost 41.2% of revenue". */
export function headline(kind: AlertKind, threshold: number, value: number | null): string {
  const pct = value === null ? null : formatPercent(value);
  switch (kind) {
    case 'labour_cost':
      return pct === null ? 'labour cost with no revenue' : `labour cost ${pct} of revenue`;
    case 'procurement':
      return pct === null ? 'procurement with no revenue' : `procurement ${pct} of revenue`;
    case 'revenue_drop':
      return `revenue down ${pct} on the last ${BASELINE_WEEKS} weeks`;
    case 'attendance':
      return `attendance ${pct}`;
    case 'no_trade':
      return `no trade by ${hourLabel(threshold)}`;
    case 'below_target':
      return `revenue ${pct} of target`;
    case 'discounts':
      return `discounts ${pct} of gross sales`;
    case 'food_cost':
      return pct === null ? 'food cost with no revenue' : `food cost ${pct} of revenue`;
  }
}

/** The days a revenue drop is compared with: the same weekday of the last 4 weeks. */
export const baselineDays = (day: string) => Array.from({ length: BASELINE_WEEKS }, (_, i) => addDays(day, -7 * (i + 1)));

export type RuleClock = { kind: AlertKind; threshold_tenths: number; created_at: Date };
/** A branch's clock: its zone and the minutes after local midnight its trading day starts. */
export type BranchClock = { time_zone: string; day_starts_at: number };

/**
 * The instant "no trade by H" is decided for the branch's trading day `day`: H:00 on the branch's wall
 * clock within that day, so on `day` itself when H is after the day start, else on the next date (an
 * hour at or before the day start belongs to the day's late end).
 */
function noTradeDueAt(tenths: number, branch: BranchClock, day: string): Date {
  const hour = thresholdOf(tenths);
  return slotInstant(branch.time_zone, hour * 60 > branch.day_starts_at ? day : addDays(day, 1), hour);
}

/**
 * The latest trading day of the rule that is due for the branch at `now` on the branch's clock, or null
 * before its first. A day closes when the next one starts (the branch's local midnight plus its day
 * start), so the latest closed day is the one before the current trading day; a "no trade by H" rule
 * is due for the current day from its hour (noTradeDueAt), else for the one before. A rule watches days
 * from its creation's trading day. Only the latest due day is ever evaluated: a server that was down
 * does not raise stale alerts for the days it missed.
 */
export function latestDueDay(rule: RuleClock, branch: BranchClock, now: Date): string | null {
  const tradingDay = (at: Date) => tradingDayIn(branch.time_zone, branch.day_starts_at, at);
  const today = tradingDay(now);
  let day = addDays(today, -1);
  if (rule.kind === 'no_trade' && noTradeDueAt(rule.threshold_tenths, branch, today).getTime() <= now.getTime()) day = today;
  return day >= tradingDay(rule.created_at) ? day : null;
}

/** The shortest range ending yesterday that holds `day`; null when none does (the day is today, or older than 3 months). */
export function rangeFor(day: string, timeZone: string, now: Date): Range | null {
  for (const range of RANGES) {
    const window = resolveWindow({ period: range, limit: DEFAULT_BEST_SELLERS_LIMIT }, timeZone, now);
    if (day > window.end_date) return null;
    if (day >= window.start_date) return range;
  }
  return null;
}
