import * as z from 'zod';
import { ALERT_KINDS, type AlertKind } from './presentation/alert-kinds.js';
import type { Range } from './analytics.contract.js';
import { addDays } from './calendar-day.js';
import { version } from './people.contract.js';
import { MAX_RECORD_ID } from './record-id.js';

/**
 * Alert rules (`/api/v1/franchise/alert-rules`, owners only) and the alerts they raise
 * (`/api/v1/franchise/alerts`, every member: those addressed to them). A rule watches one branch or
 * all of them and names the members who are told. Rules are evaluated on the daily rollups when the
 * day closes in the franchise's time zone, and a "no trade by" rule at its hour. Rules:
 * `docs/alerts.md`.
 */

export { ALERT_KINDS, ALERT_KIND_CHOICES, ALERT_KIND_LABELS, ALERT_KIND_PAGES, type AlertKind } from './presentation/alert-kinds.js';

/** At most this many rules per franchise. */
export const MAX_ALERT_RULES = 100;

/** Days an alert's link shows when no range ending yesterday holds its day: the week ending on it. */
const ALERT_LINK_DAYS = 7;

/**
 * What an alert's link opens, so its day is always shown: `range` (the shortest range ending yesterday that holds
 * the day), or when none does (the day is today, or older than 3 months) the week ending on the day.
 */
export const alertDays = (day: string, range: Range | null): { range: Range } | { from: string; to: string } =>
  range ? { range } : { from: addDays(day, 1 - ALERT_LINK_DAYS), to: day };
/** At most this many recipients per rule. */
export const MAX_ALERT_RECIPIENTS = 50;

export const THRESHOLD_MESSAGE = 'Threshold must be a percentage from 1 to 1000 with at most one decimal';
export const HOUR_MESSAGE = 'Choose an hour from 1 to 23 for a "no trade by" rule';
export const RECIPIENTS_MESSAGE = 'Choose at least one member to tell';
export const ALERT_FOREIGN_BRANCH_MESSAGE = 'Choose one of your restaurants';
export const ALERT_FOREIGN_MEMBER_MESSAGE = 'Choose members of your team';
export const ALERT_RULE_NOT_FOUND_MESSAGE = 'Alert rule not found';
export const ALERT_NOT_FOUND_MESSAGE = 'Alert not found';
export const ALERT_RULES_LIMIT_MESSAGE = `A franchise has at most ${MAX_ALERT_RULES} alert rules: remove one first`;

const percent = z
  .number(THRESHOLD_MESSAGE)
  .min(1, THRESHOLD_MESSAGE)
  .max(1000, THRESHOLD_MESSAGE)
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, THRESHOLD_MESSAGE);
const recipientIds = z
  .array(z.number(RECIPIENTS_MESSAGE).int(RECIPIENTS_MESSAGE).min(1, RECIPIENTS_MESSAGE).max(MAX_RECORD_ID), RECIPIENTS_MESSAGE)
  .min(1, RECIPIENTS_MESSAGE)
  .max(MAX_ALERT_RECIPIENTS, `A rule tells at most ${MAX_ALERT_RECIPIENTS} members`);

/**
 * `threshold` is a percentage (one decimal) for every kind but `no_trade`, where it is the hour of each branch's own
 * clock (1–23) by which it must have recorded an order. `restaurant_id` null: every branch, also those added later.
 */
const ruleFields = z.object({
  kind: z.enum(ALERT_KINDS, `Kind must be one of ${ALERT_KINDS.join(', ')}`),
  restaurant_id: z.number(ALERT_FOREIGN_BRANCH_MESSAGE).int(ALERT_FOREIGN_BRANCH_MESSAGE).min(1).max(MAX_RECORD_ID).nullable(),
  threshold: z.number(THRESHOLD_MESSAGE),
  recipient_ids: recipientIds,
});
const checkThreshold = (value: { kind: AlertKind; threshold: number }, ctx: z.RefinementCtx) => {
  const ok =
    value.kind === 'no_trade'
      ? Number.isInteger(value.threshold) && value.threshold >= 1 && value.threshold <= 23
      : percent.safeParse(value.threshold).success;
  if (!ok) ctx.addIssue({ code: 'custom', path: ['threshold'], message: value.kind === 'no_trade' ? HOUR_MESSAGE : THRESHOLD_MESSAGE });
};

export const createAlertRuleInput = ruleFields.superRefine(checkThreshold);
export type CreateAlertRuleInput = z.input<typeof createAlertRuleInput>;
export const updateAlertRuleInput = ruleFields.extend({ version }).superRefine(checkThreshold);
export type UpdateAlertRuleInput = z.input<typeof updateAlertRuleInput>;

export const ALERT_STATUSES = ['unread', 'all'] as const;
export const alertsQuery = z
  .object({
    status: z.enum(ALERT_STATUSES, 'status must be unread or all').default('all'),
    page: z.coerce.number('page must be a whole number from 1').int('page must be a whole number from 1').min(1).max(100_000).default(1),
  })
  .strict();
export const ALERTS_PAGE_SIZE = 20;
