import { ALERT_KIND_PAGES, alertDays } from '@contract/alerts.contract.js';
import type { Mailer } from '../mail/mailer.js';
import { formatWeekday, formatWeekdayYear } from '@contract/presentation/format.js';
import { headline, rangeFor } from './conditions.js';
import type { AlertMail } from './mail-queue.js';
import { escapeHtml } from '../mail/html.js';
import { consoleLink } from '../mail/links.js';

export type AlertMailDeps = { config: { publicUrl: string }; clock: () => number; mailer: Mailer };

/** The analytics page of the alert's kind for its branch, over days that show the alert's day (`alertDays`). */
export function alertPageLink(publicUrl: string, mail: Pick<AlertMail, 'alert' | 'franchise'>, now: Date): string {
  const { alert } = mail;
  const days = alertDays(alert.day, rangeFor(alert.day, mail.franchise.time_zone, now));
  return consoleLink(publicUrl, ALERT_KIND_PAGES[alert.kind], { ...days, restaurant: alert.restaurant_id });
}

/** Mails one alert to one member: the figures, a link to the branch's page and one to their alerts. */
export async function sendAlertMail(deps: AlertMailDeps, mail: AlertMail): Promise<void> {
  const { alert, member, franchise } = mail;
  const page = alertPageLink(deps.config.publicUrl, mail, new Date(deps.clock()));
  const alerts = consoleLink(deps.config.publicUrl, 'alerts');
  const about = `${alert.restaurant_name}, ${formatWeekdayYear(alert.day)}`;
  const text = [
    `Hello ${member.name},`,
    '',
    `An alert of ${franchise.name} for ${about}:`,
    '',
    `${alert.summary}.`,
    '',
    `See the branch's figures: ${page}`,
    `Your alerts: ${alerts}`,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body>',
    `<p>Hello ${escapeHtml(member.name)},</p>`,
    `<p>An alert of ${escapeHtml(franchise.name)} for ${escapeHtml(about)}:</p>`,
    `<p><strong>${escapeHtml(alert.summary)}.</strong></p>`,
    `<p><a href="${escapeHtml(page)}">See the branch's figures</a> · <a href="${escapeHtml(alerts)}">Your alerts</a></p>`,
    '</body></html>',
  ].join('\n');
  await deps.mailer.send({
    to: member.email,
    subject: `Alert: ${alert.restaurant_name} — ${headline(alert.kind, alert.threshold, alert.value)} on ${formatWeekday(alert.day)}`,
    text,
    html,
  });
}
