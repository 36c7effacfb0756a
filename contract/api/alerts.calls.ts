import * as z from 'zod';
import {
  ALERT_NOT_FOUND_MESSAGE,
  ALERT_RULE_NOT_FOUND_MESSAGE,
  ALERTS_PAGE_SIZE,
  alertsQuery,
  createAlertRuleInput,
  MAX_ALERT_RECIPIENTS,
  MAX_ALERT_RULES,
  updateAlertRuleInput,
} from '../alerts.contract.js';
import { RANGES } from '../analytics.contract.js';
import { ANALYTICS_PAGES } from '../page-reports.contract.js';
import { ALERT_KINDS } from '../presentation/alert-kinds.js';
import { defineCalls } from './call.js';
import { calendarDay, id, instant } from './primitives.js';

export const alertRule = z.object({
  id,
  kind: z.enum(ALERT_KINDS),
  restaurant_id: id.nullable().meta({ description: 'null: every branch, also those added later' }),
  threshold: z.number().meta({ description: 'A percentage (one decimal); for no_trade the hour of each branch’s own clock' }),
  recipient_ids: z.array(id).meta({ description: 'The members told' }),
  version: id,
  created_at: instant,
});
export type AlertRule = z.output<typeof alertRule>;

/**
 * One firing of a rule for one branch and day. Figures are in the rule's unit: `value` is what the day measured
 * (a percentage; for `revenue_drop` the drop in %; for `no_trade` the orders recorded by the hour, 0), `baseline`
 * what it was compared with (`revenue_drop`: the average revenue of the same weekday of the last 4 weeks, in dollars;
 * the day's revenue for the shares of revenue; null otherwise). A share of revenue on a day without revenue fires
 * when there was any cost: its `value` is null (no percentage) and `baseline` 0.
 */
export const alert = z.object({
  id,
  rule_id: id.nullable().meta({ description: 'null once the rule is deleted' }),
  kind: z.enum(ALERT_KINDS),
  threshold: z.number(),
  restaurant_id: id,
  restaurant_name: z.string(),
  day: calendarDay,
  value: z
    .number()
    .nullable()
    .meta({ description: 'What the day measured, in the rule’s unit; null for a share of revenue on a day without revenue' }),
  baseline: z
    .number()
    .nullable()
    .meta({ description: 'What it was compared with, in dollars (revenue_drop, shares of revenue); else null' }),
  summary: z.string().meta({ description: 'The sentence the console and the mail show' }),
  /** The page and the shortest range that shows the day, for the link to the branch and day. */
  page: z.enum(ANALYTICS_PAGES),
  range: z.enum(RANGES).nullable().meta({
    description: 'The shortest range ending yesterday that shows the day; null when none does (the link shows the week ending on it)',
  }),
  created_at: instant,
  acknowledged_at: instant.nullable().meta({ description: 'When this member acknowledged it; null: unread' }),
});
export type Alert = z.output<typeof alert>;

export const alertsPage = z.object({
  items: z.array(alert),
  total: z.int().min(0).meta({ description: 'Alerts the status matches' }),
  unread: z.int().min(0),
  page: id,
  page_size: z.int().meta({ description: `Alerts per page (${ALERTS_PAGE_SIZE})` }),
});
export type AlertsPage = z.output<typeof alertsPage>;

export const unreadAlerts = z.object({ unread: z.int().min(0) });
export type UnreadAlerts = z.output<typeof unreadAlerts>;

/** Alert rules: owners only; creating or changing one wakes the alert round (docs/alerts.md). */
export const ALERT_RULE_CALLS = defineCalls({
  'GET /franchise/alert-rules': {
    operationId: 'listAlertRules',
    summary: 'The franchise’s alert rules, oldest first',
    tag: 'Alerts',
    access: 'owner',
    success: { data: z.array(alertRule) },
  },
  'POST /franchise/alert-rules': {
    operationId: 'createAlertRule',
    summary: 'Add an alert rule for one branch or every branch',
    description: `The branch must be the franchise’s (422 on \`restaurant_id\`), the recipients its members (422 on \`recipient_ids\`, at most ${MAX_ALERT_RECIPIENTS}). At most ${MAX_ALERT_RULES} rules per franchise (409).`,
    tag: 'Alerts',
    access: 'owner',
    body: createAlertRuleInput,
    status: 201,
    success: { data: alertRule },
    errors: [409],
  },
  'PUT /franchise/alert-rules/{id}': {
    operationId: 'updateAlertRule',
    summary: 'Change an alert rule',
    description: 'Names the `version` it read (409 when stale). Days already evaluated are not evaluated again.',
    tag: 'Alerts',
    access: 'owner',
    notFound: ALERT_RULE_NOT_FOUND_MESSAGE,
    body: updateAlertRuleInput,
    success: { data: alertRule },
    errors: [409],
  },
  'DELETE /franchise/alert-rules/{id}': {
    operationId: 'deleteAlertRule',
    summary: 'Delete an alert rule; the alerts it raised stay',
    tag: 'Alerts',
    access: 'owner',
    notFound: ALERT_RULE_NOT_FOUND_MESSAGE,
    success: { data: z.null() },
  },
});

/** A member's alerts (every member): those addressed to them, of the branches they may reach. */
export const ALERT_CALLS = defineCalls({
  'GET /franchise/alerts': {
    operationId: 'listAlerts',
    summary: 'The signed-in member’s alerts, newest day first',
    description: 'Every member: the alerts addressed to them, of the branches they may reach.',
    tag: 'Alerts',
    access: 'member',
    query: alertsQuery,
    success: { data: alertsPage },
  },
  'GET /franchise/alerts/unread': {
    operationId: 'countUnreadAlerts',
    summary: 'How many of the member’s alerts are unread (the bell)',
    tag: 'Alerts',
    access: 'member',
    success: { data: unreadAlerts },
  },
  'POST /franchise/alerts/{id}/acknowledge': {
    operationId: 'acknowledgeAlert',
    summary: 'Mark one of the member’s alerts read (for them only); again changes nothing',
    description: 'An alert not addressed to the member is 404. Answers the unread count.',
    tag: 'Alerts',
    access: 'member',
    notFound: ALERT_NOT_FOUND_MESSAGE,
    success: { data: unreadAlerts },
  },
  'POST /franchise/alerts/acknowledge-all': {
    operationId: 'acknowledgeAllAlerts',
    summary: 'Mark every unread alert of the member’s read',
    description: 'Answers the unread count (0).',
    tag: 'Alerts',
    access: 'member',
    success: { data: unreadAlerts },
  },
});
