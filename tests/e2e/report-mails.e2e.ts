import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MONTHS } from '@contract/presentation/labels';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import { pdfText } from '../support/report-files';
import { DEMO, SCREENSHOTS, VIEWPORTS, openPage, signIn } from './support/browser';
import { a11y, apiData, choose, expectNoSidewaysScroll, h1, navigate, shot, tokenOf, toast } from './support/console-ui';
import { mailCount, waitForMail } from './support/outbox';
import { ownServer } from './support/own-server';

// Scheduled report mails in real Chromium, on a server of this file's own (its own DATA_DIR and outbox): the demo
// owner adds a weekly Revenue mail on the Profile page and sends it now; the mail read back from the outbox holds
// the very figures the Revenue page shows for the same range, in its text, its HTML and its PDF, and its unsubscribe
// link opens the console's /unsubscribe page, which ends the subscription. The section and the page are also looked at
// on a 375 px phone; the used link is opened signed out.

const own = ownServer();

const [DESKTOP, PHONE] = VIEWPORTS;
const ROW = 'Weekly on Monday at 07:00 — Revenue, last 7 days';
const DAY = 86_400_000;

const section = (page: Page) => page.getByRole('region', { name: 'Report mails', exact: true });
const rows = (page: Page) => section(page).getByRole('list', { name: 'Your report mails' }).getByRole('listitem');

async function openProfile(page: Page, viewport: (typeof VIEWPORTS)[number]) {
  await navigate(page, viewport, 'Profile');
  await h1(page, 'Profile').waitFor();
  await expect.poll(() => section(page).getByRole('status', { name: 'Loading report mails' }).count()).toBe(0);
}

/** The Revenue page's stat cards as the screen shows them: label, figure, change. */
async function revenueCards(page: Page, range: string) {
  await page.goto(`/revenue?range=${range}`);
  await h1(page, 'Revenue').waitFor();
  await expect.poll(() => page.getByRole('status', { name: /^Loading / }).count(), { timeout: 30_000 }).toBe(0);
  const cards = page.locator('.fc-report-cards > *');
  await cards.first().waitFor();
  return (await cards.allInnerTexts()).map((text) => {
    const [label, value, change, ...rest] = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(rest).toEqual([]);
    return { label: label!, value: value!, change: change! };
  });
}

/** "30 Nov 2026, 07:00" and the weekday of an instant on a clock, spelt independently of the view's code. */
function onClock(at: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map(({ type, value }) => [type, value]),
  );
  return {
    weekday: parts.weekday,
    text: `${Number(parts.day)} ${MONTHS[Number(parts.month) - 1]} ${parts.year}, ${parts.hour}:${parts.minute}`,
  };
}

/** "2026-11-19" as the page and the PDF spell it: "19 Nov 2026". */
const spelt = (day: string) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The section as it rests (no toast over it, nothing focused), drawn from the top of the page so the fixed header is not over it. */
async function sectionShot(page: Page, name: string) {
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const box = (await section(page).boundingBox())!;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, clip: box });
}

/** Nothing in the section is wider than the phone: no sideways scroll of the page or of the section. */
async function expectFits(page: Page, region: Locator) {
  await expectNoSidewaysScroll(page, PHONE);
  const overflow = await region.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter((node) => node.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((node) => node.outerHTML.slice(0, 80)),
  );
  expect(overflow, 'wider than 375 px').toEqual([]);
}

describe('Report mails (Profile)', () => {
  it('adds a weekly Revenue mail, sends it now: the mail holds the Revenue page’s figures and PDF; its link unsubscribes', async () => {
    const owner = await own.open(DESKTOP);
    const { page } = owner;
    await signIn(page);
    await openProfile(page, DESKTOP);
    await section(page).getByText('No report mails yet.', { exact: true }).waitFor();
    const timeZone = (
      await section(page)
        .getByText(/^Times are in .+ time\.$/)
        .innerText()
    ).replace(/^Times are in (.+) time\.$/, '$1');

    // Add: Revenue, Last 7 Days, weekly on Monday at 07:00.
    await choose(page, 'Report', 'Revenue');
    await choose(page, 'Range', 'Last 7 Days');
    await choose(page, 'Frequency', 'Weekly');
    await choose(page, 'Weekday', 'Monday');
    await choose(page, 'Hour', '07:00');
    await section(page).getByRole('button', { name: 'Add report', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Add this report mail?', exact: true });
    await question.getByText('It will be mailed to you on its schedule, with its PDF.', { exact: true }).waitFor();
    await question.getByRole('button', { name: 'Add', exact: true }).click();
    await question.waitFor({ state: 'hidden' });
    await toast(page, 'Report mail added');
    await expect.poll(() => rows(page).count()).toBe(1);

    // The row shows the server's next run: the first Monday 07:00 on the franchise's clock after now.
    const token = await tokenOf(page);
    const [subscription] = await apiData<ReportSubscription[]>(own.server.url, token, '/report-subscriptions');
    const next = onClock(subscription!.next_run_at, timeZone);
    expect(next.weekday).toBe('Monday');
    expect(next.text).toMatch(/, 07:00$/);
    const ahead = Date.parse(subscription!.next_run_at) - Date.now();
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThanOrEqual(7 * DAY);
    const lines = (await rows(page).first().innerText()).split('\n').filter((line) => line.trim());
    expect(lines).toEqual([`${ROW} — next: ${next.text}`, 'Send now', 'Remove']);
    expect(await a11y(page)).toEqual([]);
    await sectionShot(page, 'report-mails-desktop');

    // Send now: the toast names the address, the outbox has the mail.
    const before = mailCount(own.server.dataDir);
    await rows(page)
      .first()
      .getByRole('button', { name: `Send now: ${ROW}`, exact: true })
      .click();
    await toast(page, `Report mailed to ${DEMO.email}`);
    const mail = await waitForMail(own.server.dataDir, before);

    // The Revenue page for the same range, as the owner's browser shows it.
    const cards = await revenueCards(page, '7days');
    expect(cards.map((c) => c.label)).toEqual(['Total Revenue', 'Avg Order Value (AOV)', 'Avg Transaction Value (ATV)']);
    const franchise = mail.headers.get('subject')!.replace(/^Revenue report: Last 7 Days, /, '');
    expect(franchise).not.toBe(mail.headers.get('subject'));

    expect(mail.headers.get('to')).toBe(DEMO.email);
    // The one-click header names the API, for the mail client's POST; the body's link opens the console's page.
    const oneClick = mail.headers.get('list-unsubscribe')!.replace(/^<(.+)>$/, '$1');
    expect(oneClick).toMatch(new RegExp(`^${own.server.url}/api/v1/unsubscribe\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = `${own.server.url}/unsubscribe?token=${new URL(oneClick).searchParams.get('token')}`;

    expect(mail.text).toContain(`To stop these mails, unsubscribe: ${link}\n`);
    expect(mail.html).toContain(`<a href="${escapeHtml(link)}">Unsubscribe</a>`);
    const [pdf] = mail.attachments;
    expect(mail.attachments).toHaveLength(1);
    expect(pdf!.contentType).toBe('application/pdf');
    // One window, written alike: the page's, the PDF's and the mail's dates.
    const [, start, end] = pdf!.filename.match(/^revenue_all-branches_(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2})\.pdf$/)!;
    const days = `${spelt(start!)} – ${spelt(end!)}`;
    expect(mail.text).toContain(`Revenue report of ${franchise}, Last 7 Days (${days}), all branches:`);
    expect(mail.html).toContain(`Last 7 Days (${escapeHtml(days)}), all branches:</p>`);
    await page.getByText(`Last 7 Days · All Branches · ${days} (${timeZone} time)`, { exact: true }).waitFor();
    const pdfWords = await pdfText(pdf!.content);
    expect(pdfWords).toContain(
      `Revenue Franchise: ${franchise} Branch: All Branches Window: ${days} (Last 7 Days) Compared with: previous 7 days (`,
    );
    expect(pdfWords).toMatch(new RegExp(`Compared with: previous 7 days \\([^)]+\\) Time zone: ${timeZone}`));
    for (const { label, value, change } of cards) {
      expect(mail.text).toContain(`${label}: ${value} (${change})\n`);
      expect(mail.html).toContain(`<th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td><td>${escapeHtml(change)}</td>`);
      expect(pdfWords).toContain(`${label} ${value} ${change}`);
    }

    // On a phone: the section fits 375 px, the row's buttons included.
    const phone = await own.open(PHONE);
    await signIn(phone.page);
    await openProfile(phone.page, PHONE);
    await expect.poll(() => rows(phone.page).count()).toBe(1);
    await section(phone.page).scrollIntoViewIfNeeded();
    await expectFits(phone.page, section(phone.page));
    expect(await a11y(phone.page)).toEqual([]);
    await sectionShot(phone.page, 'report-mails-phone');

    // A mail scanner's GET of the one-click address unsubscribes nobody.
    const scanned = await fetch(oneClick);
    expect(scanned.status).toBe(200);
    expect(((await scanned.json()) as { message: string }).message).toBe(
      'Stop the weekly Revenue report (Last 7 Days)? POST to this address to unsubscribe',
    );

    // The mail's link, opened signed in: the console's page asks first, in the console's words; the phone shows it too.
    await phone.page.goto(link);
    await h1(phone.page, 'Unsubscribe').waitFor();
    await phone.page.getByText('Stop the weekly Revenue report (Last 7 Days)?', { exact: true }).waitFor();
    await expectNoSidewaysScroll(phone.page, PHONE);
    expect(await a11y(phone.page)).toEqual([]);
    await shot(phone.page, 'unsubscribe-question-phone');
    await page.goto(link);
    await h1(page, 'Unsubscribe').waitFor();
    await page.getByText('Stop the weekly Revenue report (Last 7 Days)?', { exact: true }).waitFor();
    expect(await a11y(page)).toEqual([]);
    await shot(page, 'unsubscribe-question-desktop');
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page.getByText('You will no longer receive the weekly Revenue report (Last 7 Days).', { exact: true }).waitFor();
    expect(await a11y(page)).toEqual([]);
    await shot(page, 'unsubscribe-done-desktop');
    // The link is spent, for the one-click address too.
    expect((await fetch(oneClick)).status).toBe(404);
    expect((await fetch(oneClick, { method: 'POST' })).status).toBe(404);

    // Opened again, signed out on a phone: the page says the link is unknown or used, and offers no button.
    const stranger = await own.browser.newContext({ baseURL: own.server.url, viewport: PHONE.size });
    const used = await openPage(stranger);
    await used.page.goto(link);
    await used.page.getByText('This unsubscribe link is unknown or was already used.', { exact: true }).waitFor();
    expect(await used.page.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);
    await expectNoSidewaysScroll(used.page, PHONE);
    expect(await a11y(used.page)).toEqual([]);
    await shot(used.page, 'unsubscribe-used-phone');
    // The browser logs the server's 404 of the spent link as a failed resource: that answer is the point here.
    expect(used.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await stranger.close();

    // The Profile, loaded again: the mail is gone.
    await phone.page.goto('/profile');
    await h1(phone.page, 'Profile').waitFor();
    await section(phone.page).getByText('No report mails yet.', { exact: true }).waitFor();
    expect(await rows(phone.page).count()).toBe(0);
    await page.goto('/profile');
    await section(page).getByText('No report mails yet.', { exact: true }).waitFor();

    expect(owner.unexpected()).toEqual([]);
    expect(phone.unexpected()).toEqual([]);
    await Promise.all([owner.context.close(), phone.context.close()]);
  }, 240_000);
});
