import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCurrency } from '@contract/presentation/format';
import { VIEWPORTS, launchBrowser, signIn } from './support/browser';
import { answer, choose, h1, navigate, openConsole, shot, textbox, toast } from './support/console-ui';
import { waitForResetLink } from './support/outbox';
import { ownerCreate } from './support/owner-create';
import { startServer, stopServer, type RunningServer } from './support/server-process';

// A new owner's first hour, from zero, with only what the screens say: the operator creates the owner and starts
// the console without the demo; the owner follows the dashboard's first steps: two restaurants of one company (one
// ABN), an API key and the example command the Integrations page shows, run as pasted, an orders file made from the
// Data Import template, and an invitation; the invited manager lands on a dashboard with the figures sent. The wall
// time of the whole path and the number of screens from sign-in to the first real figure are printed.

const ZONE = 'Australia/Sydney';
const OWNER = { email: 'olivia@olivestreet.example.org', password: 'olive-street-owner-1', name: 'Olivia Brown' };
const FRANCHISE = 'Olive Street Kitchens';
const ABN = '51 824 753 556';
const BRANCHES = [
  { name: 'Olive Street Newtown', address: '201 King Street', state: 'NSW' },
  { name: 'Olive Street Glebe', address: '48 Glebe Point Road', state: 'NSW' },
] as const;
const MANAGER = { email: 'sam.lee@olivestreet.example.org', name: 'Sam Lee', password: 'sam-first-password-1' };
const [DESKTOP, PHONE] = VIEWPORTS;

const run = promisify(execFile);
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const dataDir = mkdtempSync(join(tmpdir(), 'fc-first-hour-'));
const files = mkdtempSync(join(tmpdir(), 'fc-first-hour-files-'));
let server: RunningServer | undefined;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  if (server) await stopServer(server.process);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(files, { recursive: true, force: true });
});

/** The screens a page passes through: each new path, as the address bar shows it. */
function screensOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const path = new URL(frame.url()).pathname;
    if (seen.at(-1) !== path) seen.push(path);
  });
  return seen;
}

/** The dashboard's first steps. */
const firstSteps = (page: Page) => page.getByRole('region', { name: 'Get started' });

/** Every dashboard card has settled. */
async function settled(page: Page) {
  await page.getByRole('button', { name: 'Apply', exact: true }).waitFor();
  await expect.poll(() => page.getByRole('status', { name: /^Loading / }).count(), { timeout: 30_000 }).toBe(0);
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
}

/** The figure of a dashboard stat card. */
async function stat(page: Page, label: string): Promise<string> {
  const card = page
    .getByRole('main')
    .locator('p')
    .getByText(label, { exact: true })
    .locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  return (await card.locator('p').nth(1).innerText()).trim();
}

describe('a new owner’s first hour, from an empty console to figures', () => {
  it('creates the owner, adds two branches of one company, sends trade by curl and by file, invites a manager', async () => {
    const started = performance.now();
    const created = await ownerCreate(
      dataDir,
      ['--email', OWNER.email, '--name', OWNER.name, '--franchise', FRANCHISE, '--time-zone', ZONE],
      OWNER.password,
    );
    expect(created.code, created.stderr).toBe(0);
    server = await startServer({ dataDir, env: { SEED_DEMO: '0', DATABASE_URL: '' } });

    const { context, page, unexpected } = await openConsole(browser, server.url, DESKTOP);
    const screens = screensOf(page);
    await signIn(page, OWNER);
    await h1(page, FRANCHISE).waitFor();
    await settled(page);
    await firstSteps(page).getByText('0 of 4 done. Your figures appear here once trade arrives.').waitFor();
    await shot(page, 'first-hour-checklist-desktop');

    // Step 1, from the checklist: two branches of one company, with only the required fields.
    for (const [i, branch] of BRANCHES.entries()) {
      if (i === 0) await firstSteps(page).getByRole('link', { name: 'Add a restaurant' }).click();
      else await page.getByRole('link', { name: 'Add Restaurant', exact: true }).click();
      await h1(page, 'Add Restaurant').waitFor();
      await textbox(page, 'Name').fill(branch.name);
      await textbox(page, 'ABN').fill(ABN);
      await textbox(page, 'Address').fill(branch.address);
      await choose(page, 'State', branch.state);
      expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(/Sydney/);
      await page.getByRole('button', { name: 'Add Restaurant', exact: true }).click();
      await answer(page, 'Add restaurant?', 'Add restaurant', `${branch.name} will be added to your restaurants.`);
      await toast(
        page,
        i === 0
          ? `${branch.name} created successfully!`
          : `${branch.name} created successfully! Same ABN as ${BRANCHES[0].name} — fine if one company owns both.`,
      );
      await page.waitForURL((url) => url.pathname === '/restaurant');
    }

    // Step 2: a key, and the example command exactly as the Integrations page shows it.
    await navigate(page, DESKTOP, 'Dashboard');
    await firstSteps(page).getByText('1 of 4 done. Your figures appear here once trade arrives.').waitFor();
    await firstSteps(page).getByRole('link', { name: 'Integrations' }).click();
    await h1(page, 'Integrations').waitFor();
    await textbox(page, 'Name').fill('Till');
    await choose(page, 'Scope', 'All branches');
    await page.getByRole('button', { name: 'Create key' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'Your new API key "Till"' });
    const secret = (await box.locator('pre').innerText()).trim();
    await box.getByRole('button', { name: 'Done', exact: true }).click();
    const command = await page.getByLabel('Example command').innerText();
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', command], { env: { ...process.env, FC_KEY: secret } });
    expect(stdout.split('\n').filter((line) => line.startsWith('{"status":"success"'))).toHaveLength(2);
    const curlCents = 1650;

    // The first real figure: the dashboard shows the order the command sent, and the first steps are gone.
    await navigate(page, DESKTOP, 'Dashboard');
    await settled(page);
    expect(await stat(page, 'Total Revenue')).toBe(formatCurrency(curlCents / 100));
    expect(await firstSteps(page).count()).toBe(0);
    const toFirstFigure = [...screens];

    // Data Import: the orders template, made from this franchise's own branches and menu; the owner puts their own
    // order ids and yesterday's date in its example rows and imports it.
    await navigate(page, DESKTOP, 'Data Import');
    await h1(page, 'Data Import').waitFor();
    await page.getByRole('radio', { name: 'Orders' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download orders template' }).click(),
    ]);
    const template = join(files, download.suggestedFilename());
    await download.saveAs(template);
    const [header, ...rows] = readFileSync(template, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','));
    const column = (name: string) => header!.indexOf(name);
    const branchIds = new Set(rows.map((r) => r[column('restaurant_id')]));
    expect(branchIds.size).toBe(2);
    expect(new Set(rows.map((r) => r[column('sku')]))).toEqual(new Set(['BURGER-CL']));
    const yesterday = addDays(sydneyToday(), -1);
    const ours = rows.map((r) =>
      r.map((cell, i) =>
        i === column('external_id') ? `FILE-${cell}` : i === column('placed_at') ? `${yesterday}${cell.slice(10)}` : cell,
      ),
    );
    // Revenue: completed orders' lines less each order's discount (an order column, repeated on its rows).
    const completed = ours.filter((r) => r[column('status')] === 'completed');
    const discounts = new Map(completed.map((r) => [r[column('external_id')], Number(r[column('discount_cents')] || 0)]));
    const fileCents =
      completed.reduce((sum, r) => sum + Number(r[column('amount_cents')]), 0) - [...discounts.values()].reduce((a, b) => a + b, 0);
    const file = join(files, 'our-orders.csv');
    writeFileSync(file, [header!, ...ours].map((r) => r.join(',')).join('\r\n') + '\r\n');
    await page.getByLabel('Choose a CSV file').setInputFiles(file);
    await page.getByText('Every row is valid').waitFor();
    await page.getByRole('button', { name: /^Import \d+ orders?$/ }).click();
    await page.getByRole('heading', { level: 2, name: 'Import complete' }).waitFor();

    // Step 3: an invitation.
    await navigate(page, DESKTOP, 'Team');
    await page.getByRole('link', { name: 'Invite member' }).click();
    await h1(page, 'Invite Member').waitFor();
    await textbox(page, 'Email').fill(MANAGER.email);
    await textbox(page, 'Name').fill(MANAGER.name);
    await choose(page, 'Role', 'Manager');
    for (const branch of BRANCHES) await page.getByRole('checkbox', { name: branch.name }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await answer(
      page,
      'Send the invitation?',
      'Send invitation',
      `${MANAGER.email} will get an e-mail with a link to set a password and join your team.`,
    );
    await toast(page, `${MANAGER.name} invited`);
    await navigate(page, DESKTOP, 'Dashboard');
    await settled(page);
    const ownerRevenue = formatCurrency((curlCents + fileCents) / 100);
    expect(await stat(page, 'Total Revenue')).toBe(ownerRevenue);
    expect(unexpected()).toEqual([]);
    await context.close();

    // The manager, on a phone, from the mailed link: welcomed, a password, and the dashboard with the figures.
    const link = await waitForResetLink(dataDir);
    const manager = await openConsole(browser, server.url, PHONE);
    await manager.page.goto(link);
    await h1(manager.page, `${OWNER.name} invited you to ${FRANCHISE}`).waitFor();
    await manager.page.getByLabel('New Password').fill(MANAGER.password);
    await manager.page.getByLabel('Confirm Password').fill(MANAGER.password);
    await manager.page.getByRole('button', { name: 'Set Password and Sign In' }).click();
    await manager.page.waitForURL('**/dashboard');
    await settled(manager.page);
    expect(await stat(manager.page, 'Total Revenue')).toBe(ownerRevenue);
    expect(manager.unexpected()).toEqual([]);
    const seconds = (performance.now() - started) / 1000;
    await manager.context.close();

    console.log(
      `first hour: ${seconds.toFixed(1)} s of machine time from owner:create to the invited manager's dashboard; ` +
        `${toFirstFigure.length} screens from sign-in to the first real figure (${toFirstFigure.join(' → ')})`,
    );
  }, 300_000);
});
