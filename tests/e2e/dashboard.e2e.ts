import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, VIEWPORTS, launchBrowser, newContext, openPage, screenshot, seriousA11yViolations, signIn } from './support/browser';

// The dashboard on the demo franchise's back-filled trade, as the owner sees it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const GROUP = 'Harbour Eats Group';
const BRANCH = 'Harbour Eats Bondi';
const README_SCREENSHOTS = join(process.cwd(), 'docs', 'screenshots');

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

/** Every card has settled: Apply is back, and no card shows a skeleton. */
async function settled(page: Page) {
  await page.getByRole('button', { name: 'Apply', exact: true }).waitFor();
  await expect.poll(() => page.getByRole('status', { name: /^Loading / }).count(), { timeout: 30_000 }).toBe(0);
}

/** The numbers in a locator's text, e.g. "Today: 1,204" → [1204]. */
async function numbers(locator: Locator): Promise<number[]> {
  const text = await locator.innerText();
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => Number(m[0].replace(/,/g, '')));
}

/** Each card shows trade: figures above zero, no empty text, no error. */
async function expectTradeInEveryCard(page: Page) {
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
  expect(await page.getByText(/in this window\.$/).count()).toBe(0);
  const summary = card(page, 'Revenue Summary');
  for (const stat of ['Total Revenue', 'Total Orders', 'Average Revenue per Restaurant', 'Dine-In Revenue', 'Takeaway Revenue']) {
    await summary.getByText(stat, { exact: true }).waitFor();
  }
  expect(Math.max(...(await numbers(summary)))).toBeGreaterThan(0);
  for (const title of ['Number of Orders', 'Customer Headcounts']) {
    await card(page, title)
      .getByText(/^Today: [\d,]+$/)
      .waitFor();
    expect(Math.max(...(await numbers(card(page, title).getByRole('img').first())))).toBeGreaterThan(0);
  }
  const staff = card(page, 'Roster & Productivity');
  await staff.getByText('Top 5 Staffs').waitFor();
  expect(await staff.getByText(/^\d+\.\d%$/).count()).toBeGreaterThan(0);
  const table = card(page, 'Revenue Trends').getByRole('table');
  expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Menu Item', 'Units Sold', 'Revenue', 'Menu']);
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  const units = Number((await table.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).replace(/,/g, ''));
  expect(units).toBeGreaterThan(0);
  const procurement = card(page, 'Procurement Insights');
  await procurement.getByText('Top 5 Categories').waitFor();
  expect(Math.max(...(await numbers(procurement)))).toBeGreaterThan(0);
  expect(
    await card(page, 'Restaurants')
      .getByRole('link', { name: /^Show analytics of / })
      .count(),
  ).toBeGreaterThanOrEqual(3);
}

async function choose(page: Page, field: 'Time range' | 'Branch', option: string) {
  await page.getByRole('combobox', { name: field }).click();
  if (field === 'Branch') await page.getByRole('combobox', { name: field }).fill(option.slice(-5));
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Nothing sticks out sideways: the page scrolls only vertically. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('dashboard code', () => {
  it('stays off the sign-in page: ECharts and the dashboard load only once the dashboard opens', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(scripts.filter((s) => /echart|dashboard/.test(s))).toEqual([]);
    await signIn(page);
    await settled(page);
    await expect.poll(() => scripts.filter((s) => /echart-renderer/.test(s)).length).toBe(1);
    expect(scripts.filter((s) => /dashboard\.page/.test(s))).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('dashboard charts', () => {
  it("follow their card's width when the window resizes", async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await settled(page);
    const chart = card(page, 'Revenue Trends').getByRole('img', { name: 'Dine-in, takeaway and delivery revenue per period' });
    const widths = async () =>
      chart.evaluate((el) => [
        Math.round(el.getBoundingClientRect().width),
        Math.round(el.querySelector('svg')!.getBoundingClientRect().width),
      ]);
    await expect.poll(async () => (await widths())[1]).toBeGreaterThan(0);
    const [wide] = await widths();
    expect((await widths())[1]).toBe(wide);
    await page.setViewportSize({ width: 900, height: 800 });
    await expect.poll(async () => (await widths())[0]).not.toBe(wide);
    await expect.poll(async () => new Set(await widths()).size).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a window with part-months at its ends', () => {
  it('labels the clipped first and last months with their days and "(partial)", and draws their segments dotted', async () => {
    const context = await newContext(browser);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await settled(page);
    // From the 20th four months back to the 10th of last month: over 61 days, so monthly buckets, clipped at both ends.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    const monthStart = (back: number) => {
      const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() - back);
      return d;
    };
    const [from, to] = [monthStart(4), monthStart(1)];
    const iso = (d: Date, day: number) => `${d.toISOString().slice(0, 8)}${day}`;
    const month = (d: Date) => d.toLocaleString('en-AU', { month: 'short', timeZone: 'UTC' });
    await page.goto(`/dashboard?from=${iso(from, 20)}&to=${iso(to, 10)}`);
    await settled(page);
    const chart = card(page, 'Revenue Trends').getByRole('img', { name: 'Dine-in, takeaway and delivery revenue per period' });
    const words = await chart.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    const lastDay = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 0)).getUTCDate();
    expect(words).toContain(`20–${lastDay} ${month(from)} (partial):`);
    expect(words).toContain(`1–10 ${month(to)} (partial):`);
    expect(words.match(/\(partial\)/g)).toHaveLength(2);
    // The dotted segments to and from the clipped months.
    await expect.poll(() => chart.locator('path[stroke-dasharray]').count()).toBeGreaterThan(0);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(1200); // the charts animate in; the picture shows them drawn
    await screenshot(page, 'dashboard-partial-months-desktop');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each(VIEWPORTS)('dashboard at $name size', ({ name, size }) => {
  it('shows trade in every card, switches tabs, applies Last 1 Month and a branch, keeps them on reload, and Back restores', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: GROUP }).waitFor();
    await page.getByRole('heading', { name: 'Data Analytics of Past 7 Days' }).waitFor();
    await settled(page);
    await page.getByText(/\(Australia\/Sydney time\)/).waitFor();
    await expectTradeInEveryCard(page);
    await expectNoSidewaysScroll(page);

    // Tabs: Dine-In and Recurrent first; each switches its card's line chart.
    const orders = card(page, 'Number of Orders');
    expect(await orders.getByRole('tab', { name: 'Dine-In' }).getAttribute('aria-selected')).toBe('true');
    await orders.getByRole('tab', { name: 'Takeaway' }).click();
    await orders.getByRole('img', { name: 'Orders per period: Takeaway' }).waitFor();
    const headcounts = card(page, 'Customer Headcounts');
    expect(await headcounts.getByRole('tab', { name: 'Recurrent' }).getAttribute('aria-selected')).toBe('true');
    await headcounts.getByRole('tab', { name: 'New' }).click();
    await headcounts.getByRole('img', { name: 'Guests per period: New' }).waitFor();
    await page.waitForTimeout(1200); // the switched charts animate in; the picture shows them drawn
    await screenshot(page, `dashboard-${name}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await choose(page, 'Time range', 'Last 1 Month');
    await choose(page, 'Branch', BRANCH);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/\/dashboard\?range=1month&restaurant=\d+$/);
    const applied = page.url();
    await page.getByRole('heading', { name: 'Data Analytics of Past 1 Month' }).waitFor();
    await settled(page);
    await page.getByText(new RegExp(`^${BRANCH} · `)).waitFor();
    await expectTradeInEveryCard(page);
    await screenshot(page, `dashboard-month-branch-${name}`);

    await page.reload();
    await page.getByRole('heading', { name: 'Data Analytics of Past 1 Month' }).waitFor();
    expect(page.url()).toBe(applied);
    expect(await page.getByRole('combobox', { name: 'Time range' }).inputValue()).toBe('Last 1 Month');
    expect(await page.getByRole('combobox', { name: 'Branch' }).inputValue()).toBe(BRANCH);
    await settled(page);
    await page.getByText(new RegExp(`^${BRANCH} · `)).waitFor();

    await page.goBack();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Data Analytics of Past 7 Days' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Branch' }).inputValue()).toBe('All Branches');
    await settled(page);
    await page.getByText(/^All Branches · /).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('follows the dark scheme chosen in the shell, and stays readable', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await settled(page);
    await expectTradeInEveryCard(page);
    if (name === 'desktop') await saveReadmeScreenshot(page, 'dashboard-light');

    await page.getByRole('button', { name: /^Colour scheme: / }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    await settled(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, `dashboard-dark-${name}`);
    if (name === 'desktop') await saveReadmeScreenshot(page, 'dashboard-dark');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Remembered: a new page of the same browser opens dark.
    await page.reload();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** The README's screenshots of the dashboard (docs/screenshots), regenerated by every e2e run. */
async function saveReadmeScreenshot(page: Page, file: string) {
  // The picture shows the page, not a passing toast ("Logged In!" closes itself); charts animate in, so it shows them drawn.
  await page.getByRole('button', { name: 'Close notification' }).first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.waitForTimeout(1200);
  await screenshot(page, file);
  mkdirSync(README_SCREENSHOTS, { recursive: true });
  copyFileSync(join(SCREENSHOTS, `${file}.png`), join(README_SCREENSHOTS, `${file}.png`));
}
