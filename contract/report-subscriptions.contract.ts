import * as z from 'zod';
import { RANGES } from './analytics.contract.js';
import type { AnalyticsPage } from './page-reports.contract.js';

/**
 * Scheduled report mails (`/api/v1/franchise/report-subscriptions`, any member): which page, which
 * range, and when on the franchise's clock (daily, or weekly on an ISO weekday, 1 = Monday). A mail
 * holds the page's key figures against the previous window and its PDF, for the member's branches.
 */

/** The dashboard's summary, or one of the analytics pages a mail carries. */
export const REPORT_PAGES = [
  'dashboard',
  'order',
  'roster',
  'revenue',
  'headcount',
  'procurement',
  'loss',
  'costs',
  'menu-engineering',
] as const satisfies readonly ('dashboard' | AnalyticsPage)[];
export type ReportPage = (typeof REPORT_PAGES)[number];
export const REPORT_FREQUENCIES = ['daily', 'weekly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** At most this many subscriptions per member. */
export const MAX_SUBSCRIPTIONS_PER_MEMBER = 20;

export const WEEKDAY_MESSAGE = 'Choose a weekday for a weekly report, none for a daily one';

export const createSubscriptionInput = z
  .object({
    page: z.enum(REPORT_PAGES, `Page must be one of ${REPORT_PAGES.join(', ')}`),
    range: z.enum(RANGES, `Range must be one of ${RANGES.join(', ')}`),
    frequency: z.enum(REPORT_FREQUENCIES, 'Frequency must be daily or weekly'),
    weekday: z.number(WEEKDAY_MESSAGE).int(WEEKDAY_MESSAGE).min(1, WEEKDAY_MESSAGE).max(7, WEEKDAY_MESSAGE).nullable(),
    hour: z.number('Hour must be a whole number from 0 to 23').int('Hour must be a whole number from 0 to 23').min(0).max(23),
  })
  .superRefine((value, ctx) => {
    if ((value.frequency === 'weekly') !== (value.weekday !== null))
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: WEEKDAY_MESSAGE });
  });
export type CreateSubscriptionInput = z.input<typeof createSubscriptionInput>;

/** `?token=` of a mail's unsubscribe link (`/api/v1/unsubscribe`, no sign-in): 32 bytes, base64url. */
export const unsubscribeQuery = z
  .object({
    token: z.string('must be the token of an unsubscribe link').regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of an unsubscribe link'),
  })
  .strict();
