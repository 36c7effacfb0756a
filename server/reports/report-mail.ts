import { createHash, createHmac } from 'node:crypto';
import { pageReport } from '../analytics/page-reports.js';
import { resolveWindow } from '../analytics/window.js';
import { exportStem, renderExport } from '../analytics/exports/report-export.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import { DEFAULT_BEST_SELLERS_LIMIT } from '@contract/analytics.contract.js';
import { changeVersus, formatDays } from '@contract/presentation/format.js';
import { RANGE_LABELS, REPORT_PAGE_TITLES } from '@contract/presentation/labels.js';
import type { AnalyticsPage, PageReport } from '@contract/page-reports.contract.js';
import { formatCell } from '@contract/presentation/report-display.js';
import type { ReportPage } from '@contract/report-subscriptions.contract.js';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import { escapeHtml } from '../mail/html.js';
import { consoleLink } from '../mail/links.js';

/**
 * The one-click unsubscribe token of a subscription: an HMAC of its id under the server's JWT secret.
 * Only its SHA-256 is stored (like a reset token's), yet every mail must carry the token, and a
 * hash cannot be reversed; so the token is derived, not random: any server can make it again for
 * each mail, nobody without the secret can make one, and a leaked database holds no usable token.
 * Rotating the secret voids the links in mails already sent (the member then unsubscribes signed in).
 */
export const unsubscribeToken = (secret: string, subscriptionId: number) =>
  createHmac('sha256', secret).update(`report-unsubscribe:${subscriptionId}`).digest('base64url');

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The one-click address of `List-Unsubscribe` (a mail client POSTs to it): the API itself. */
export const unsubscribeApiLink = (publicUrl: string, token: string) => `${publicUrl}/api/v1/unsubscribe?token=${token}`;

/** The link in the mail's body: the console's page, which asks first and then unsubscribes, signed in or not. */
export const unsubscribePageLink = (publicUrl: string, token: string) => consoleLink(publicUrl, 'unsubscribe', { token });

/** The dashboard's mail is the revenue page's report: the dashboard's headline figures are revenue's. */
const PAGE_OF: Record<ReportPage, AnalyticsPage> = {
  dashboard: 'revenue',
  order: 'order',
  roster: 'roster',
  revenue: 'revenue',
  headcount: 'headcount',
  procurement: 'procurement',
  loss: 'loss',
  costs: 'costs',
  'menu-engineering': 'menu-engineering',
};

export type ReportMailDeps = { db: Db; config: { publicUrl: string; jwtSecret: string }; clock: () => number; mailer: Mailer };
export type ReportMember = Pick<AuthUser, 'id' | 'email' | 'name' | 'role' | 'restaurant_ids'> & {
  franchise: { id: number; name: string; time_zone: string };
};

/** The report a subscription mails now: its page over its range ending yesterday, for the member's branches only. */
export function subscriptionReport(
  deps: Pick<ReportMailDeps, 'db' | 'clock'>,
  subscription: Pick<ReportSubscription, 'page' | 'range'>,
  member: ReportMember,
) {
  const now = new Date(deps.clock());
  const query = { period: subscription.range, limit: DEFAULT_BEST_SELLERS_LIMIT };
  const window = resolveWindow(query, member.franchise.time_zone, now);
  const scope = { franchiseId: member.franchise.id, restaurantId: null, branches: member.restaurant_ids };
  return pageReport(deps.db, PAGE_OF[subscription.page], scope, window, query, { limit: DEFAULT_BEST_SELLERS_LIMIT, now });
}

/** Each card as "label: value (change vs previous …)", the same words the page and the PDF show. */
const figureLines = (report: PageReport) =>
  report.cards.map((card) => ({
    label: card.label,
    value: formatCell(card.unit, card.value),
    change: changeVersus(card.value, card.previous, report.compared_with).text,
  }));

/**
 * Mails a subscription's report now: the key figures against the previous window (HTML and plain
 * text), the page's PDF (the export's, rendered on the export thread) and the one-click unsubscribe
 * headers. `period` names the scheduled period the mail is for, when the scheduler sends it.
 */
export async function sendReportMail(
  deps: ReportMailDeps,
  subscription: Pick<ReportSubscription, 'id' | 'page' | 'range'>,
  member: ReportMember,
  period?: string,
): Promise<void> {
  const report = await subscriptionReport(deps, subscription, member);
  const pdf = await renderExport(report, 'pdf');
  const title = REPORT_PAGE_TITLES[subscription.page];
  const range = RANGE_LABELS[subscription.range];
  const scope = member.restaurant_ids === null ? 'all branches' : 'your branches';
  const days = formatDays(report.window.start_date, report.window.end_date);
  const token = unsubscribeToken(deps.config.jwtSecret, subscription.id);
  const link = unsubscribePageLink(deps.config.publicUrl, token);
  const figures = figureLines(report);
  const scheduled = period ? `Scheduled report for ${period}. ` : '';
  // The page the member asked for, over the same range: the dashboard's mail opens the dashboard.
  const consolePage = consoleLink(deps.config.publicUrl, subscription.page, { range: subscription.range });

  const text = [
    `Hello ${member.name},`,
    '',
    `${title} report of ${report.franchise.name}, ${range} (${days}), ${scope}:`,
    '',
    ...(report.no_data === null ? figures.map((f) => `${f.label}: ${f.value} (${f.change})`) : [report.no_data]),
    '',
    'The full report is attached as a PDF.',
    `See it in the console: ${consolePage}`,
    '',
    `${scheduled}To stop these mails, unsubscribe: ${link}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>Hello ${escapeHtml(member.name)},</p>`,
    `<p>${escapeHtml(title)} report of ${escapeHtml(report.franchise.name)}, ${escapeHtml(range)} (${escapeHtml(days)}), ${scope}:</p>`,
    ...(report.no_data === null
      ? [
          '<table>',
          ...figures.map(
            (f) => `<tr><th align="left">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td><td>${escapeHtml(f.change)}</td></tr>`,
          ),
          '</table>',
        ]
      : [`<p>${escapeHtml(report.no_data)}</p>`]),
    `<p>The full report is attached as a PDF. <a href="${escapeHtml(consolePage)}">See it in the console</a>.</p>`,
    `<p>${escapeHtml(scheduled)}<a href="${escapeHtml(link)}">Unsubscribe</a> from this report.</p>`,
    '</body></html>',
  ].join('\n');

  await deps.mailer.send({
    to: member.email,
    subject: `${title} report: ${range}, ${report.franchise.name}`,
    text,
    html,
    attachments: [{ filename: `${exportStem(report, subscription.page)}.pdf`, content: pdf.body, contentType: pdf.contentType }],
    headers: {
      'List-Unsubscribe': `<${unsubscribeApiLink(deps.config.publicUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}
