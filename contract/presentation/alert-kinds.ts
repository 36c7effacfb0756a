import type { AnalyticsPage } from '../page-reports.contract';

/**
 * The alert kinds and how the console and the mails name them, without the rule schemas (zod), so the browser can
 * import them; `contract/alerts.contract.ts` re-exports them for the server. Rules: docs/alerts.md.
 */

export const ALERT_KINDS = [
  'labour_cost',
  'revenue_drop',
  'attendance',
  'procurement',
  'no_trade',
  'below_target',
  'discounts',
  'food_cost',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** How each kind reads in the console and in mails; `{n}` is the rule's threshold. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  labour_cost: 'Labour cost at or above {n}% of revenue',
  revenue_drop: 'Revenue down {n}% or more against the same weekday of the last 4 weeks',
  attendance: 'Attendance at or below {n}%',
  procurement: 'Procurement at or above {n}% of revenue',
  no_trade: 'No trade recorded by {n}:00',
  below_target: 'Revenue at or below {n}% of target',
  discounts: 'Discounts at or above {n}% of gross sales',
  food_cost: 'Food cost at or above {n}% of revenue',
};
/** The kind's choice in the rule form, without its threshold. */
export const ALERT_KIND_CHOICES: Record<AlertKind, string> = {
  labour_cost: 'Labour cost above a share of revenue',
  revenue_drop: 'Revenue down against the last 4 weeks',
  attendance: 'Attendance below a percentage',
  procurement: 'Procurement above a share of revenue',
  no_trade: 'No trade by an hour',
  below_target: 'Revenue below a share of its target',
  discounts: 'Discounts above a share of gross sales',
  food_cost: 'Food cost above a share of revenue',
};
/** The analytics page an alert of this kind links to. */
export const ALERT_KIND_PAGES: Record<AlertKind, AnalyticsPage> = {
  labour_cost: 'roster',
  revenue_drop: 'revenue',
  attendance: 'roster',
  procurement: 'procurement',
  no_trade: 'order',
  below_target: 'revenue',
  discounts: 'loss',
  food_cost: 'costs',
};
