import * as z from 'zod';
import { RANGES } from '../analytics.contract.js';
import {
  createSubscriptionInput,
  MAX_SUBSCRIPTIONS_PER_MEMBER,
  REPORT_FREQUENCIES,
  REPORT_PAGES,
  unsubscribeQuery,
} from '../report-subscriptions.contract.js';
import { defineCalls } from './call.js';
import { id, instant } from './primitives.js';

/** A member's scheduled report mail. */
export const reportSubscription = z.object({
  id,
  page: z.enum(REPORT_PAGES),
  range: z.enum(RANGES),
  frequency: z.enum(REPORT_FREQUENCIES),
  weekday: z.int().min(1).max(7).nullable().meta({ description: 'ISO weekday of a weekly report, 1 = Monday; null for a daily one' }),
  hour: z.int().min(0).max(23).meta({ description: 'Hour of the franchise’s clock the mail goes out' }),
  /** RFC 3339: when the next mail is due. */
  next_run_at: instant,
  created_at: instant,
});
export type ReportSubscription = z.output<typeof reportSubscription>;

/** The report mail an unsubscribe link is for (its words: presentation/labels.ts). */
export const unsubscribeTarget = reportSubscription.pick({ page: true, range: true, frequency: true });
export type UnsubscribeTarget = z.output<typeof unsubscribeTarget>;

export const SUBSCRIPTION_NOT_FOUND_MESSAGE = 'Report subscription not found';

/** Scheduled report mails (docs/reports.md): a member's own only, and the unsubscribe link, without sign-in. */
export const REPORT_SUBSCRIPTION_CALLS = defineCalls({
  'GET /franchise/report-subscriptions': {
    operationId: 'listReportSubscriptions',
    summary: 'The signed-in member’s scheduled report mails',
    tag: 'Reports',
    access: 'member',
    success: { data: z.array(reportSubscription) },
  },
  'POST /franchise/report-subscriptions': {
    operationId: 'createReportSubscription',
    summary: 'Mail a page’s report daily, or weekly on a weekday, at an hour of the franchise’s clock',
    description: `Any member; a mail covers the member’s branches. A weekly report needs a weekday, a daily one none (422 on \`weekday\`). At most ${MAX_SUBSCRIPTIONS_PER_MEMBER} per member (409).`,
    tag: 'Reports',
    access: 'member',
    body: createSubscriptionInput,
    status: 201,
    success: { data: reportSubscription },
    errors: [409],
  },
  'DELETE /franchise/report-subscriptions/{id}': {
    operationId: 'deleteReportSubscription',
    summary: 'Stop a scheduled report mail',
    description: 'Another member’s subscription is 404.',
    tag: 'Reports',
    access: 'member',
    notFound: SUBSCRIPTION_NOT_FOUND_MESSAGE,
    success: { data: z.null() },
  },
  'POST /franchise/report-subscriptions/{id}/send': {
    operationId: 'sendReportSubscription',
    summary: 'Mail the report now: key figures against the previous window, and the page’s PDF',
    description: 'A few mails per member in 15 minutes (429 with Retry-After).',
    tag: 'Reports',
    access: 'member',
    notFound: SUBSCRIPTION_NOT_FOUND_MESSAGE,
    success: { data: z.null() },
    errors: [429],
  },
  'GET /unsubscribe': {
    operationId: 'describeUnsubscribe',
    summary: 'What a report mail’s unsubscribe link stops; unsubscribes nobody (mail scanners follow links)',
    description: 'An unknown or used token is 404.',
    tag: 'Reports',
    access: 'public',
    query: unsubscribeQuery,
    success: { data: unsubscribeTarget },
  },
  'POST /unsubscribe': {
    operationId: 'unsubscribe',
    summary: 'One-click unsubscribe (RFC 8058): deletes the report subscription the token names',
    description: 'Mail clients send the body `List-Unsubscribe=One-Click`. An unknown or used token is 404.',
    tag: 'Reports',
    access: 'public',
    query: unsubscribeQuery,
    success: { data: unsubscribeTarget },
  },
});
