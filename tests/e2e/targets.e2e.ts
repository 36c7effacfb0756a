import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Revenues } from '@contract/analytics.contract';
import type { Restaurant } from '@contract/auth.contract';
import { formatCurrency } from '@contract/presentation/format';
import { VIEWPORTS, signIn } from './support/browser';
import { a11y, apiData, choose, expectNoSidewaysScroll, h1, navigate, shot, tokenOf } from './support/console-ui';
import { ownServer } from './support/own-server';

// Targets from a CSV through Data Import, read back on the dashboard's "Revenue vs Target" card, previewed by a
// below-target alert rule, and shown on the Targets page; on a server of this file's own (the targets never reach the
// server the other files share).

const own = ownServer();
const files = mkdtempSync(join(tmpdir(), 'fc-targets-files-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

const [DESKTOP, PHONE] = VIEWPORTS;
/** Closed days inside the dashboard's default window (the last 7 days to yesterday) on every branch's clock. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const DAYS = [2, 3, 4, 5, 6].map(daysAgo);
/** One branch far below its target every day, two far above theirs unless they did not trade. */
const HIGH_CENTS = 100_000_000;
const LOW_CENTS = 100;
const THRESHOLD = 90;

describe('Targets', () => {
  it('a targets CSV is imported; the dashboard shows revenue against it; a below-target rule previews the days it would have fired', async () => {
    const { context, page } = await own.open(DESKTOP);
    await signIn(page);
    const token = await tokenOf(page);
    const branches = (await apiData<Restaurant[]>(own.server.url, token, '/restaurants')).filter((r) => r.status === 1).slice(0, 3);
    expect(branches).toHaveLength(3);
    const targetOf = (i: number) => (i === 0 ? HIGH_CENTS : LOW_CENTS);
    const rows = branches.flatMap((b, i) => DAYS.map((day) => [b.id, day, targetOf(i), i === 0 ? '30' : '']));
    const file = join(files, 'targets.csv');
    writeFileSync(
      file,
      [['restaurant_id', 'day', 'revenue_cents', 'labour_cost_pct'], ...rows].map((r) => r.join(',')).join('\r\n') + '\r\n',
    );

    await navigate(page, DESKTOP, 'Data Import');
    await h1(page, 'Data Import').waitFor();
    await page.getByRole('radio', { name: 'Targets' }).check();
    await page.getByLabel('Choose a CSV file').setInputFiles(file);
    await page.getByText('Every row is valid').waitFor();
    await page.getByRole('button', { name: `Import ${rows.length} targets` }).click();
    await page.getByRole('heading', { level: 2, name: 'Import complete' }).waitFor();
    expect(await page.getByRole('group', { name: 'Summary' }).innerText()).toMatch(new RegExp(`Created\\s*${rows.length}\\b`));

    // The card: the window's targets summed, and the variance below them.
    await navigate(page, DESKTOP, 'Dashboard');
    const card = page.locator('.mantine-Paper-root').filter({ has: page.getByText('Revenue vs Target', { exact: true }) });
    await card.getByText('Furthest below target').waitFor();
    const target = DAYS.length * (HIGH_CENTS + 2 * LOW_CENTS);
    expect(await card.innerText()).toContain(formatCurrency(target / 100));
    // The worst branch first: the one far below its target.
    expect(await card.getByRole('row').nth(1).innerText()).toContain(branches[0]!.name);
    await shot(page, 'dashboard-targets-desktop');

    // The preview's count: the days each branch's revenue was at or below 90 % of its target, from the revenues call.
    const firing = await Promise.all(
      branches.map(async (b, i) => {
        const revenues = await apiData<Revenues>(
          own.server.url,
          token,
          `/restaurants/${b.id}/analytics/revenues?period=daily&start_date=${DAYS.at(-1)}&end_date=${DAYS[0]}`,
        );
        return revenues.series.filter((s) => s.revenue * 100 <= (targetOf(i) * THRESHOLD) / 100).length;
      }),
    );
    const expected = firing.reduce((a, b) => a + b, 0);
    expect(firing[0]).toBe(DAYS.length);

    await navigate(page, DESKTOP, 'Alerts');
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await h1(page, 'Alert Rules').waitFor();
    await page.getByRole('link', { name: 'Add rule', exact: true }).click();
    await h1(page, 'Add Alert Rule').waitFor();
    await choose(page, 'Alert when', 'Revenue below a share of its target');
    await page.getByRole('textbox', { name: 'Revenue at or below (% of target)' }).fill(String(THRESHOLD));
    const { user } = await apiData<{ user: { name: string } }>(own.server.url, token, '/profile');
    await page.getByRole('checkbox', { name: user.name, exact: true }).check();
    const preview = page.getByLabel('Preview');
    await preview.getByText(`Would have fired ${expected} times in the last 90 days`).waitFor();
    expect(await preview.innerText()).toContain(`${branches[0]!.name}: ${firing[0]}`);
    await shot(page, 'alert-rule-preview-desktop');
    expect(await a11y(page)).toEqual([]);
    await context.close();
  }, 180_000);

  it('the Targets page shows the month of targets, at 375 px without sideways scrolling', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await own.open(viewport);
      await signIn(page);
      await navigate(page, viewport, 'Targets');
      await h1(page, 'Targets').waitFor();
      await page.getByRole('table', { name: /^Revenue targets of / }).waitFor();
      await page.getByText('Revenue vs Target', { exact: true }).waitFor();
      await page.locator('.mantine-Notification-root').waitFor({ state: 'detached', timeout: 10_000 });
      await shot(page, `targets-${viewport.name}`);
      await expectNoSidewaysScroll(page, viewport);
      expect(await a11y(page)).toEqual([]);
      await context.close();
    }
  }, 120_000);
});
