import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Range } from '@contract/analytics.contract';
import { ANALYTICS_PAGES, PAGE_TITLES, type AnalyticsPage, type PageReport } from '@contract/page-reports.contract';
import { formatCell } from '@contract/presentation/report-display';
import { csvTables, pdfText, readBack } from '../support/report-files';
import { VIEWPORTS, launchBrowser, newContext, openPage, screenshot, seriousA11yViolations, signIn } from './support/browser';

// The five analytics pages on the demo franchise's back-filled trade: every page at
// every range, a branch chosen and kept over a reload, both exports downloaded and read back, at
// desktop and 375 px. What the screen shows is compared with the API's report for the same query.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PATHS: Record<AnalyticsPage, string> = {
  order: '/order',
  roster: '/roster',
  revenue: '/revenue',
  headcount: '/headcount',
  procurement: '/procurement',
  loss: '/loss',
  costs: '/costs',
  'menu-engineering': '/menu-engineering',
};
const BREAKDOWN: Record<AnalyticsPage, string> = {
  order: 'Order Breakdown',
  roster: 'Roster & Productivity Breakdown',
  revenue: 'Revenue Breakdown',
  headcount: 'Headcount Breakdown',
  procurement: 'Procurement Breakdown',
  loss: 'Loss Breakdown',
  costs: 'Cost Breakdown',
  'menu-engineering': 'Dishes by Popularity and Margin',
};
const RANGES: { range: Range; button: string; label: string }[] = [
  { range: '7days', button: '7 days', label: 'Last 7 Days' },
  { range: '14days', button: '14 days', label: 'Last 14 Days' },
  { range: '1month', button: '1 month', label: 'Last 1 Month' },
  { range: '3months', button: '3 months', label: 'Last 3 Months' },
];
const BRANCH = 'Harbour Eats Bondi';
const DAY = 86_400_000;

/** The report has settled: no skeleton, no error, Apply is back. */
async function settled(page: Page) {
  await expect.poll(() => page.getByRole('status', { name: /^Loading / }).count(), { timeout: 30_000 }).toBe(0);
  await page.getByRole('button', { name: 'Apply', exact: true }).waitFor();
  expect(await page.getByText(/could not be loaded/).count()).toBe(0);
}

/** The API's report for the page's applied filters, called with the browser's own token. */
async function apiReport(page: Page, name: AnalyticsPage, query: string): Promise<PageReport> {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken') ?? localStorage.getItem('authToken'));
  const restaurant = new URLSearchParams(query).get('restaurant');
  const range = new URLSearchParams(query).get('range') ?? '7days';
  const prefix = restaurant ? `restaurants/${restaurant}/analytics` : 'analytics';
  const res = await page.request.get(`/api/v1/franchise/${prefix}/pages/${name}?period=${range}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: PageReport }).data;
}

/** Yesterday in Sydney, the last day every range covers. */
function sydneyYesterday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) - DAY).toISOString().slice(0, 10);
}

/** How many rows a window has, worked out from its dates alone: days, Monday-start weeks, or calendar months. */
function expectedRows(start: string, end: string, range: Range): number {
  let rows = 0;
  for (let ms = Date.parse(`${start}T00:00:00Z`); ms <= Date.parse(`${end}T00:00:00Z`); ms += DAY) {
    const day = new Date(ms);
    const first = ms === Date.parse(`${start}T00:00:00Z`);
    if (range === '7days' || range === '14days' || first) rows++;
    else if (range === '1month' && day.getUTCDay() === 1) rows++;
    else if (range === '3months' && day.getUTCDate() === 1) rows++;
  }
  return rows;
}

/** A table's body and footer cells as the screen shows them. */
async function screenTable(page: Page, title: string) {
  const region = page.getByRole('region', { name: title, exact: true });
  const cells = (selector: string) =>
    region
      .locator(selector)
      .evaluateAll((rows) => rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.innerText.trim())));
  return { rows: await cells('tbody tr'), total: await cells('tfoot tr') };
}

/** The report's table as the screen must show it, formatted by its columns' units. */
function formattedTable(report: PageReport, title: string) {
  const table = report.tables.find((t) => t.title === title)!;
  const format = (cells: PageReport['tables'][number]['rows'][number]['cells']) =>
    cells.map((cell, index) => formatCell(table.columns[index]!.unit, cell));
  return { rows: table.rows.map((row) => format(row.cells)), total: table.total ? [format(table.total.cells)] : [] };
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function choose(page: Page, field: 'Time range' | 'Branch', option: string) {
  await page.getByRole('combobox', { name: field }).click();
  if (field === 'Branch') await page.getByRole('combobox', { name: field }).fill(option.slice(-5));
  await page.getByRole('option', { name: option, exact: true }).click();
}

const pressed = (page: Page, button: string) =>
  page.getByRole('group', { name: 'Range' }).getByRole('button', { name: button, exact: true }).getAttribute('aria-pressed');

describe.each(VIEWPORTS)('analytics pages at $name size', ({ name, size }) => {
  it('every page at every range: the range buttons and the header agree, the screen shows the API’s rows and totals', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    const yesterday = sydneyYesterday();
    for (const pageName of ANALYTICS_PAGES) {
      await page.goto(PATHS[pageName]);
      await page.getByRole('heading', { level: 1, name: PAGE_TITLES[pageName] }).waitFor();
      await settled(page);
      for (const { range, button, label } of RANGES) {
        if (range !== '7days') {
          await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: button, exact: true }).click();
          await page.waitForURL(new RegExp(`${PATHS[pageName]}\\?range=${range}$`));
          await settled(page);
        }
        expect(await pressed(page, button)).toBe('true');
        expect(await page.getByRole('combobox', { name: 'Time range' }).inputValue()).toBe(label);
        const report = await apiReport(page, pageName, new URL(page.url()).search);
        expect(report.window.end_date).toBe(yesterday);
        await page.getByText(new RegExp(`^${label} · All Branches · `)).waitFor();

        const screen = await screenTable(page, BREAKDOWN[pageName]);
        const expected = formattedTable(report, BREAKDOWN[pageName]);
        // A row per period of the window; Menu Engineering's are its dishes.
        const rows =
          pageName === 'menu-engineering'
            ? report.tables[0]!.rows.length
            : expectedRows(report.window.start_date, report.window.end_date, range);
        expect(screen.rows.length, `${pageName} ${range}`).toBe(rows);
        expect(screen, `${pageName} ${range}`).toEqual(expected);
        // Trade every day of the demo franchise: the total is above zero.
        expect(report.tables[0]!.total!.cells.slice(1).some((cell) => typeof cell === 'number' && cell > 0)).toBe(true);
        for (const card of report.cards) await page.getByRole('main').getByText(card.label, { exact: true }).first().waitFor();
        expect(await page.getByText(new RegExp(`(vs previous ${report.window.days} days|no previous data)$`)).count()).toBe(
          report.cards.length,
        );
        if (range === '1month' && name === 'phone') {
          // The breakdown scrolls sideways inside its card; what each row is stays in view beside the last figures.
          const scroller = page.getByRole('group', { name: new RegExp(`^${BREAKDOWN[pageName]}.*, scrollable$`) }).first();
          await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
          const [box, first, last] = await Promise.all([
            scroller.boundingBox(),
            scroller.locator('tbody tr').first().locator('th, td').first().boundingBox(),
            scroller.locator('thead th').last().boundingBox(),
          ]);
          expect(Math.abs(first!.x - box!.x), `${pageName}: the first column stays at the left edge`).toBeLessThan(2);
          expect(last!.x + last!.width, `${pageName}: the last column is in view`).toBeLessThanOrEqual(box!.x + box!.width + 1);
          await scroller.evaluate((el) => el.scrollTo({ left: 0 }));
        }
        if (range === '1month') {
          await expectNoSidewaysScroll(page);
          await page.waitForTimeout(1200); // the chart animates in; the picture shows it drawn
          await screenshot(page, `page-${pageName}-month-${name}`);
        }
      }
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a branch and a range chosen in the header: kept in the URL over a reload, the range buttons follow, branch links open its dashboard', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    await page.goto('/revenue');
    await settled(page);

    // The header's dropdown and the range buttons show one range.
    await choose(page, 'Time range', 'Last 14 Days');
    expect(await pressed(page, '14 days')).toBe('true');
    await choose(page, 'Branch', BRANCH);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.waitForURL(/\/revenue\?range=14days&restaurant=\d+$/);
    const applied = page.url();
    await settled(page);
    await page.getByText(new RegExp(`^Last 14 Days · ${BRANCH} · `)).waitFor();
    const report = await apiReport(page, 'revenue', new URL(applied).search);
    expect(report.branch?.name).toBe(BRANCH);
    expect(await screenTable(page, 'Revenue Breakdown')).toEqual(formattedTable(report, 'Revenue Breakdown'));

    await page.reload();
    await settled(page);
    expect(page.url()).toBe(applied);
    expect(await page.getByRole('combobox', { name: 'Time range' }).inputValue()).toBe('Last 14 Days');
    expect(await page.getByRole('combobox', { name: 'Branch' }).inputValue()).toBe(BRANCH);
    expect(await pressed(page, '14 days')).toBe('true');
    await page.getByText(new RegExp(`^Last 14 Days · ${BRANCH} · `)).waitFor();

    // A range button applies at once and keeps the branch; the header's dropdown follows.
    await page.getByRole('group', { name: 'Range' }).getByRole('button', { name: '1 month', exact: true }).click();
    await page.waitForURL(/\/revenue\?range=1month&restaurant=\d+$/);
    await settled(page);
    expect(await page.getByRole('combobox', { name: 'Time range' }).inputValue()).toBe('Last 1 Month');
    await page.getByText(new RegExp(`^Last 1 Month · ${BRANCH} · `)).waitFor();

    // Every branch ranked (a comparison needs the peers), each linking to its dashboard.
    const restaurants = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('franchise_restaurants') ?? sessionStorage.getItem('franchise_restaurants') ?? '[]') as unknown[],
    );
    const comparison = page.getByRole('region', { name: /^Branch Comparison/ });
    expect(await comparison.locator('tbody tr').count()).toBe(restaurants.length);
    const first = comparison.locator('tbody tr').first().getByRole('link');
    const firstName = (await first.innerText()).trim();
    await first.click();
    await page.waitForURL(/\/dashboard\?range=1month&restaurant=\d+$/);
    await page.getByText(new RegExp(`^${firstName} · `)).waitFor({ timeout: 30_000 });
    await screenshot(page, `page-revenue-branch-link-${name}`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('both exports of every page: the files hold what the screen shows, with a toast each', async () => {
    const context = await newContext(browser, size);
    const { page, problems } = await openPage(context);
    await signIn(page);
    for (const pageName of ANALYTICS_PAGES) {
      // A branch on one page, all branches on the others; 1 month, so rows are weeks.
      const restaurant = pageName === 'procurement' ? await firstBranchId(page) : null;
      await page.goto(`${PATHS[pageName]}?range=1month${restaurant ? `&restaurant=${restaurant}` : ''}`);
      await settled(page);
      const report = await apiReport(page, pageName, new URL(page.url()).search);
      const screen = await screenTable(page, BREAKDOWN[pageName]);

      const csv = await exportFile(page, 'CSV');
      expect(csv.name).toBe(
        `${pageName}_${restaurant ? slug(report.branch!.name) : 'all-branches'}_${report.window.start_date}_${report.window.end_date}.csv`,
      );
      const records: string[][] = parse(csv.bytes, { bom: true, record_delimiter: '\r\n' });
      const tables = csvTables(records);
      expect(tables.map((t) => t.title)).toEqual(report.tables.map((t) => t.title));
      report.tables.forEach((table, index) => {
        const file = tables[index]!;
        const rows = file.records.slice(0, table.rows.length).map((record) => readBack(table, record, false));
        expect(rows, `${pageName} ${table.id}`).toEqual(table.rows.map((row) => row.cells));
        expect(file.records.slice(table.rows.length).map((record) => readBack(table, record, true))).toEqual(
          table.total ? [table.total.cells] : [],
        );
      });
      // The file's breakdown, formatted like the screen, is the screen's.
      const breakdown = report.tables.find((t) => t.title === BREAKDOWN[pageName])!;
      const fileRows = tables[report.tables.indexOf(breakdown)]!.records.map((record, i, all) =>
        readBack(breakdown, record, i === all.length - 1).map((cell, c) => formatCell(breakdown.columns[c]!.unit, cell)),
      );
      expect(fileRows).toEqual([...screen.rows, ...screen.total]);

      const pdf = await exportFile(page, 'PDF');
      expect(pdf.name).toBe(csv.name.replace(/\.csv$/, '.pdf'));
      expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
      const text = await pdfText(pdf.bytes);
      expect(text).toContain(PAGE_TITLES[pageName]);
      expect(text).toContain(screen.total[0]!.join(' '));
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function firstBranchId(page: Page): Promise<number> {
  const list = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('franchise_restaurants') ?? sessionStorage.getItem('franchise_restaurants') ?? '[]') as {
        id: number;
        name: string;
      }[],
  );
  return list.find((r) => r.name === BRANCH)!.id;
}

/** Export the applied filters' file from the dropdown: the download, its name, the toast, the button back. */
async function exportFile(page: Page, format: 'CSV' | 'PDF') {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Export as ${format}` }).click()]);
  await page.getByText(`Exported as ${format}!`).waitFor();
  const path = await download.path();
  const bytes = new Uint8Array(readFileSync(path));
  await expect.poll(() => page.getByRole('button', { name: 'Export', exact: true }).isEnabled()).toBe(true);
  return { name: download.suggestedFilename(), bytes };
}
