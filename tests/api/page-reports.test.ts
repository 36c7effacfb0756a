import { recordOrders, recordPurchases, recordShifts } from '../../server/analytics/ingest';
import { analyticsFigures } from '../../server/analytics/answers/analytics-answer';
import { createApp } from '../../server/app';
import type { PageReport, ReportTable } from '@contract/page-reports.contract';
import type { Db } from '../../server/db/database';
import { addFixtureOwners, createAnalyticsFixture, FIXTURE_OWNERS, type AnalyticsFixture } from './support/analytics-fixture';
import { expectSecurityHeaders } from './support/security-headers';
import { silentLogger } from '../../server/logger';
import { memoryMailer } from '../../server/mail/mailer';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, testConfig } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The analytics fixture's trade (tests/api/support/analytics-fixture.ts) seen on Monday 23 November
// 2026 in Sydney: "7 days" is 16–22 November, its previous window 9–15 November. Every expected
// figure below is worked out by hand from the fixture's rows (cents, minutes and counts noted where
// a figure is rounded).

const DAY = 86_400_000;

let database: TestDatabase;
let db: Db;
let f: AnalyticsFixture;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let rival: string;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  f = await createAnalyticsFixture(db);
  await addFixtureOwners(db, f);
  t = createTestApp(db);
  // 11:00 on Monday 23 November in Sydney (the test app starts at 11:00 on the 22nd).
  t.advance(DAY);
  owner = await t.login(FIXTURE_OWNERS.harbour);
  rival = await t.login(FIXTURE_OWNERS.rival);
});
afterAll(() => database.close());

const get = (path: string, token?: string) => t.call('GET', `/api/v1/franchise/${path}`, token ? { token } : {});

async function report(path: string, token = owner): Promise<PageReport> {
  const res = await get(path, token);
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data as PageReport;
}

const tableOf = (r: PageReport, id: string): ReportTable => r.tables.find((table) => table.id === id)!;
/** A table's rows and total as plain cells. */
const cells = (r: PageReport, id: string) => {
  const table = tableOf(r, id);
  return { rows: table.rows.map((row) => row.cells), total: table.total?.cells ?? null };
};
const cards = (r: PageReport) => Object.fromEntries(r.cards.map((c) => [c.id, [c.value, c.previous]]));

const WEEK_DAYS = ['Mon 16 Nov', 'Tue 17 Nov', 'Wed 18 Nov', 'Thu 19 Nov', 'Fri 20 Nov', 'Sat 21 Nov', 'Sun 22 Nov'];
const withDays = (rows: (string | number | null)[][]) => rows.map((cells, i) => [WEEK_DAYS[i], ...cells]);

/** Money columns in cents and count columns summed over the rows: each equals the Total row's cell. */
function expectTotalsAreSums(table: ReportTable) {
  table.columns.forEach((column, i) => {
    if (column.unit !== 'money' && column.unit !== 'count') return;
    const summed = table.rows.reduce((s, row) => s + Math.round(Number(row.cells[i] ?? 0) * 100), 0);
    expect(Number.isFinite(summed), `${table.id}.${column.key} holds numbers`).toBe(true);
    expect(Math.round(Number(table.total!.cells[i]) * 100), `${table.id}.${column.key}`).toBe(summed);
  });
}

/** The rank has no total, and an average order value is a ratio of sums: left out of expectTotalsAreSums. */
const withoutRatios = (table: ReportTable): ReportTable => ({
  ...table,
  columns: table.columns.map((c) => (['rank', 'aov'].includes(c.key) ? { ...c, unit: 'text' } : c)),
});

describe('the order page', () => {
  it('franchise-wide, 7 days: cards against 9–15 Nov, a row per day with dine-in, takeaway and total, and the Total row', async () => {
    const r = await report('analytics/pages/order?period=7days');
    expect(r).toMatchObject({
      page: 'order',
      title: 'Order',
      franchise: { id: f.harbour, name: 'Fixture Harbour' },
      branch: null,
      range_label: 'Last 7 Days',
      compared_with: 'previous 7 days',
      window: {
        start_date: '2026-11-16',
        end_date: '2026-11-22',
        grouping: 'daily',
        previous: { start_date: '2026-11-09', end_date: '2026-11-15' },
      },
      chart: { title: 'Orders', type: 'line', table: 'breakdown', category: 'period', series: ['dine_in', 'takeaway', 'delivery'] },
    });
    // 16th: Alice dine-in (POS), takeaway (app); 17th: Bondi dine-in (POS); 18th: Bob dine-in (app), the voided order left out;
    // 20th: takeaway (POS); 22nd 00:30: Bondi takeaway (app). 9–15 Nov: one dine-in by POS.
    expect(cards(r)).toEqual({ total_orders: [6, 1], pos: [3, 1], app: [3, 0] });
    const table = tableOf(r, 'breakdown');
    expect(table.title).toBe('Order Breakdown');
    expect(table.columns.map((c) => [c.key, c.label, c.unit])).toEqual([
      ['period', 'Date', 'text'],
      ['dine_in', 'Dine-In', 'count'],
      ['takeaway', 'Takeaway', 'count'],
      ['delivery', 'Delivery', 'count'],
      ['total', 'Total', 'count'],
    ]);
    expect(cells(r, 'breakdown')).toEqual({
      rows: withDays([
        [1, 1, 0, 2],
        [1, 0, 0, 1],
        [1, 0, 0, 1],
        [0, 0, 0, 0],
        [0, 1, 0, 1],
        [0, 0, 0, 0],
        [0, 1, 0, 1],
      ]),
      total: ['Total', 3, 3, 0, 6],
    });
    expectTotalsAreSums(table);
  });

  it('one branch, weekly (1 month = 23 Oct–22 Nov): clipped first week, the previous 31 days hold the DST-week orders', async () => {
    const r = await report(`restaurants/${f.parramatta}/analytics/pages/order?period=1month`);
    expect(r.branch).toEqual({ id: f.parramatta, name: 'Harbour Parramatta', location: 'Parramatta, NSW' });
    expect(r.range_label).toBe('Last 1 Month');
    expect(r.compared_with).toBe('previous 31 days');
    expect(tableOf(r, 'breakdown').columns[0]!.label).toBe('Week');
    // Parramatta: 10 Nov dine-in; 16th dine-in + takeaway, 18th dine-in, 20th takeaway. Previous (22 Sep–22 Oct): 27 Sep, 28 Sep, 4 Oct twice, 5 Oct.
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['23–25 Oct', 0, 0, 0, 0],
        ['26 Oct–1 Nov', 0, 0, 0, 0],
        ['2–8 Nov', 0, 0, 0, 0],
        ['9–15 Nov', 1, 0, 0, 1],
        ['16–22 Nov', 2, 2, 0, 4],
      ],
      total: ['Total', 3, 2, 0, 5],
    });
    expect(cards(r)).toEqual({ total_orders: [5, 5], pos: [3, 5], app: [2, 0] });
  });

  it('monthly (3 months = 23 Aug–22 Nov), franchise-wide: calendar months clipped to the window', async () => {
    const r = await report('analytics/pages/order?period=3months');
    expect(r.range_label).toBe('Last 3 Months');
    expect(tableOf(r, 'breakdown').columns[0]!.label).toBe('Month');
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['23–31 Aug', 0, 0, 0, 0],
        ['Sep 2026', 2, 0, 0, 2],
        ['Oct 2026', 3, 0, 0, 3],
        ['1–22 Nov', 4, 3, 0, 7],
      ],
      total: ['Total', 9, 3, 0, 12],
    });
  });
});

describe('the headcount page', () => {
  it('franchise-wide, 7 days: recurrent and new patrons per day', async () => {
    const r = await report('analytics/pages/headcount');
    // Alice (first seen 10 Nov) brings 3 on the 16th and 2 on the 22nd; Bob is new on the 18th (4), back on the 20th (1).
    expect(cards(r)).toEqual({ total: [16, 2], recurrent: [6, 0], new: [10, 2] });
    expect(cells(r, 'breakdown')).toEqual({
      rows: withDays([
        [3, 1, 4],
        [0, 5, 5],
        [0, 4, 4],
        [0, 0, 0],
        [1, 0, 1],
        [0, 0, 0],
        [2, 0, 2],
      ]),
      total: ['Total', 6, 10, 16],
    });
    expectTotalsAreSums(tableOf(r, 'breakdown'));
    expect(r.chart.series).toEqual(['recurrent', 'new']);
    // The week before, day by day on the days they are compared with: Alice's first visit, 10 Nov, beside 17 Nov.
    expect(r.chart.compared).toEqual([
      [0, 0, 0, 0, 0, 0, 0],
      [0, 2, 0, 0, 0, 0, 0],
    ]);
  });

  it('monthly across the end of daylight saving (5 April 2026): both 02:30s fall on 5 April, 23:30 on 31 March in March', async () => {
    const r = await report(`restaurants/${f.bondi}/analytics/pages/headcount?period=monthly&start_date=2026-03-30&end_date=2026-05-03`);
    expect(r.range_label).toBe('30 Mar 2026 – 3 May 2026');
    expect(r.compared_with).toBe('previous 35 days');
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['30–31 Mar', 0, 1, 1],
        ['Apr 2026', 0, 4, 4],
        ['1–3 May', 0, 1, 1],
      ],
      total: ['Total', 0, 6, 6],
    });
  });
});

describe('the revenue page', () => {
  it('franchise-wide, 7 days: cards, the breakdown in dollars, top sellers, low sellers and the branch comparison', async () => {
    const r = await report('analytics/pages/revenue?period=7days&limit=10');
    // 290.50 over 6 orders = 48.4166… and 10 transactions = 29.05; 9–15 Nov: 18.00, one order, one transaction.
    expect(cards(r)).toEqual({ total_revenue: [290.5, 18], aov: [48.42, 18], atv: [29.05, 18] });
    expect(cells(r, 'breakdown')).toEqual({
      rows: withDays([
        [42.5, 36, 0, 78.5],
        [123, 0, 0, 123],
        [40, 0, 0, 40],
        [0, 0, 0, 0],
        [0, 12, 0, 12],
        [0, 0, 0, 0],
        [0, 37, 0, 37],
      ]),
      total: ['Total', 205.5, 85, 0, 290.5],
    });
    expectTotalsAreSums(tableOf(r, 'breakdown'));
    expect(tableOf(r, 'items').title).toBe('Top Selling Menu Items (Last 7 Days)');
    expect(cells(r, 'items')).toEqual({
      rows: [
        ['Coffee', 'All Day', 6, 27],
        ['Pasta', 'Dinner', 5, 90],
        ['Burger', 'Lunch', 3, 36],
        ['Salad', 'Lunch', 3, 30],
        ['Soup', 'Dinner', 3, 30],
      ],
      total: null,
    });
    expect(tableOf(r, 'combos').title).toBe('Top Selling Combos (Last 7 Days)');
    expect(cells(r, 'combos').rows).toEqual([
      ['Combo Meal', 'All Day', 3, 55.5],
      ['Kids Combo', 'Lunch', 2, 22],
    ]);
    const low = tableOf(r, 'low');
    expect(low.title).toBe('Low Selling Restaurants (Last 7 Days)');
    expect(low.rows).toEqual([
      { cells: ['Harbour Manly', 'Manly, NSW', 0, 0], restaurant_id: f.manly },
      { cells: ['Harbour Parramatta', 'Parramatta, NSW', 12, 130.5], restaurant_id: f.parramatta },
      { cells: ['Harbour Bondi', 'Bondi, NSW', 13, 160], restaurant_id: f.bondi },
    ]);
    expect(low.total).toBeNull();
  });

  it('the branch comparison: every branch ranked by revenue, AOV, labour and procurement shares, change vs 9–15 Nov; totals from sums', async () => {
    const expected = [
      // Bondi: 16000 ¢, 2 orders; labour 450 min × 28 $/h = 21000 ¢ (131.25 %); bought 10800 ¢ (67.5 %); nothing the week before: new.
      { cells: [1, 'Harbour Bondi', 160, 2, 80, 131.3, 67.5, null], restaurant_id: f.bondi, status: 'new' },
      // Parramatta: 13050 ¢, 4 orders (32.625); labour 25500 + 12500 + 12083 = 50083 ¢ (383.78 %); bought 42000 ¢ (321.84 %); 1800 ¢ before (+625 %).
      { cells: [2, 'Harbour Parramatta', 130.5, 4, 32.63, 383.8, 321.8, 625], restaurant_id: f.parramatta },
      { cells: [3, 'Harbour Manly', 0, 0, null, null, null, null], restaurant_id: f.manly },
    ];
    // 29050 ¢ over 6 orders; labour 71083 ¢ (244.69 %); bought 52800 ¢ (181.76 %); 29050 vs 1800 ¢ = +1513.89 %.
    const total = [null, 'Total', 290.5, 6, 48.42, 244.7, 181.8, 1513.9];
    const franchise = tableOf(await report('analytics/pages/revenue'), 'branches');
    expect(franchise.title).toBe('Branch Comparison (Last 7 Days)');
    expect(franchise.columns.map((c) => c.key)).toEqual([
      'rank',
      'name',
      'revenue',
      'orders',
      'aov',
      'labour_share',
      'procurement_share',
      'change',
    ]);
    expect(franchise.rows).toEqual(expected);
    expect(franchise.total).toEqual({ cells: total });
    expectTotalsAreSums(withoutRatios(franchise));
    // A branch's page compares it with its peers: the same table.
    const branch = await report(`restaurants/${f.manly}/analytics/pages/revenue`);
    expect(tableOf(branch, 'branches').rows).toEqual(expected);
    expect(tableOf(branch, 'branches').total).toEqual({ cells: total });
    expect(cards(branch)).toEqual({ total_revenue: [0, 0], aov: [0, null], atv: [0, null] });
  });

  it('one branch, weekly across the start of daylight saving (4 October 2026): each order on its Sydney day', async () => {
    const r = await report(`restaurants/${f.parramatta}/analytics/pages/revenue?period=weekly&start_date=2026-09-23&end_date=2026-10-07`);
    expect(r.range_label).toBe('23 Sep 2026 – 7 Oct 2026');
    // 23:45 AEST on 27 Sep (10.00) is Sunday's; 00:15 on the 28th (20.00), 03:30 AEDT (160.00) and 23:30 (40.00) on 4 Oct; 00:30 on 5 Oct (80.00).
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['23–27 Sep', 10, 0, 0, 10],
        ['28 Sep–4 Oct', 220, 0, 0, 220],
        ['5–7 Oct', 80, 0, 0, 80],
      ],
      total: ['Total', 310, 0, 0, 310],
    });
    expect(tableOf(r, 'items').title).toBe('Top Selling Menu Items (23 Sep 2026 – 7 Oct 2026)');
    expect(cells(r, 'items').rows).toEqual([['Coffee', 'All Day', 5, 310]]);
    expect(tableOf(r, 'low').rows.map((row) => row.restaurant_id)).toEqual([f.parramatta]);
  });

  it('monthly (3 months): August to November', async () => {
    const r = await report('analytics/pages/revenue?period=3months');
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['23–31 Aug', 0, 0, 0, 0],
        ['Sep 2026', 30, 0, 0, 30],
        ['Oct 2026', 280, 0, 0, 280],
        ['1–22 Nov', 223.5, 85, 0, 308.5],
      ],
      total: ['Total', 533.5, 85, 0, 618.5],
    });
  });
});

describe('the roster page', () => {
  it('franchise-wide, 7 days: labour, attendance, revenue, productivity and labour share per day; Total; staff', async () => {
    const r = await report('analytics/pages/roster');
    expect(r.title).toBe('Roster & Productivity');
    // Labour 71083 ¢ (240.00 the week before); 4 of 5 shifts attended (1 of 1); 29050 ¢ per 1550 min = 11.245 $/h (1800 ¢ per 480 min);
    // 71083 / 29050 = 244.69 % (24000 / 1800 = 1333.33 %).
    expect(cards(r)).toEqual({
      labour_cost: [710.83, 240],
      attendance: [80, 100],
      revenue_per_hour: [11.25, 2.25],
      labour_share: [244.7, 1333.3],
    });
    expect(cells(r, 'breakdown')).toEqual({
      rows: withDays([
        // Ava 480/510 min at 30 $/h, Ben 300/300 at 25 $/h: 38000 ¢; 7850 ¢ per 810 min = 5.81 $/h; 484.08 %.
        [380, 100, 78.5, 5.81, 484.1, 13, 13.5],
        // Ava rostered, absent: attendance 0 %, no labour hours (productivity undefined), labour 0 % of 123.00.
        [0, 0, 123, null, 0, 8, 0],
        // Ben 300/290 min: 12083 ¢; 4000 ¢ per 290 min = 8.276 $/h; 302.08 %.
        [120.83, 100, 40, 8.28, 302.1, 5, 4.83],
        [0, null, 0, null, null, 0, 0],
        [0, null, 12, null, 0, 0, 0],
        [0, null, 0, null, null, 0, 0],
        // Cara 420/450 min at 28 $/h: 21000 ¢; 3700 ¢ per 450 min = 4.933 $/h; 567.57 %.
        [210, 100, 37, 4.93, 567.6, 7, 7.5],
      ]),
      // Attendance: 4 of the window's 5 rostered shifts, as the card says (not the mean of the days' 100, 0, 100 and 100);
      // 1980 and 1550 minutes.
      total: ['Total', 710.83, 80, 290.5, 11.25, 244.7, 33, 25.83],
    });
    expectTotalsAreSums(tableOf(r, 'breakdown'));
    const staff = tableOf(r, 'staff');
    expect(staff.title).toBe('Staff Productivity (Last 7 Days)');
    expect(cells(r, 'staff')).toEqual({
      rows: [
        // 600/590 min, 960/510 min, 420/450 min.
        ['Ben Ortiz', 'Harbour Parramatta', 10, 9.83, 98.3],
        ['Ava Chen', 'Harbour Parramatta', 16, 8.5, 53.1],
        ['Cara Singh', 'Harbour Bondi', 7, 7.5, 107.1],
      ],
      // Everyone rostered: 1550 / 1980 min = 78.28 %.
      total: ['All staff (3)', null, 33, 25.83, 78.3],
    });
  });

  it('one branch, weekly: its shifts only; a branch with no one rostered has no attendance', async () => {
    const r = await report(`restaurants/${f.bondi}/analytics/pages/roster?period=weekly&start_date=2026-11-09&end_date=2026-11-22`);
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['9–15 Nov', 0, null, 0, null, null, 0, 0],
        ['16–22 Nov', 210, 100, 160, 21.33, 131.3, 7, 7.5],
      ],
      total: ['Total', 210, 100, 160, 21.33, 131.3, 7, 7.5],
    });
    const manly = await report(`restaurants/${f.manly}/analytics/pages/roster`);
    expect(cells(manly, 'breakdown').total).toEqual(['Total', 0, null, 0, null, null, 0, 0]);
    expect(cells(manly, 'staff')).toEqual({ rows: [], total: ['All staff (0)', null, 0, 0, null] });
    expect(cards(manly)).toEqual({ labour_cost: [0, 0], attendance: [0, null], revenue_per_hour: [0, null], labour_share: [0, null] });
    // Costs say a rise is bad news (red), the other figures do not.
    expect(r.cards.map((c) => [c.id, c.lower_is_better ?? false])).toEqual([
      ['labour_cost', true],
      ['attendance', false],
      ['revenue_per_hour', false],
      ['labour_share', true],
    ]);
  });
});

describe('the procurement page', () => {
  it('franchise-wide, 7 days: spend against revenue per day, the ten categories and the suppliers with shares and totals', async () => {
    const r = await report('analytics/pages/procurement');
    // 52800 ¢ from 3 suppliers; 9–15 Nov: 9000 ¢ from one; 52800 / 29050 = 181.76 % (9000 / 1800 = 500 %).
    expect(cards(r)).toEqual({ spend: [528, 90], average_per_supplier: [176, 90], spend_share: [181.8, 500] });
    // Spend is a cost: every card's rise is bad news (red).
    expect(r.cards.map((c) => c.lower_is_better)).toEqual([true, true, true]);
    expect(cells(r, 'breakdown')).toEqual({
      rows: withDays([
        // 20000 / 7850 = 254.78 %.
        [200, 78.5, 254.8],
        [0, 123, 0],
        [0, 40, 0],
        // Bought on a day without revenue: no share.
        [220, 0, null],
        // 10800 / 1200.
        [108, 12, 900],
        [0, 0, null],
        [0, 37, 0],
      ]),
      total: ['Total', 528, 290.5, 181.8],
    });
    expectTotalsAreSums(tableOf(r, 'breakdown'));
    expect(cells(r, 'categories')).toEqual({
      rows: [
        // Shares of 52800 ¢: 41.67, 39.77, 9.47, 9.09 %.
        ['Seafood', 5, 220, 41.7],
        ['Vegetables', 28, 210, 39.8],
        ['Fruits', 10, 50, 9.5],
        ['Dairy', 12, 48, 9.1],
        ['Meat', 0, 0, 0],
        ['Bakery', 0, 0, 0],
        ['Beverages', 0, 0, 0],
        ['Grains', 0, 0, 0],
        ['Snacks', 0, 0, 0],
        ['Condiments', 0, 0, 0],
      ],
      total: ['Total', 55, 528, 100],
    });
    expectTotalsAreSums(tableOf(r, 'categories'));
    expect(cells(r, 'suppliers')).toEqual({
      rows: [
        ['Fresh Farms', 38, 260, 49.2],
        ['Ocean Catch', 5, 220, 41.7],
        ['Dairy Co', 12, 48, 9.1],
      ],
      total: ['Total', 55, 528, 100],
    });
    expectTotalsAreSums(tableOf(r, 'suppliers'));
    expect(r.chart).toEqual({
      title: 'Spend by Category',
      type: 'bar',
      table: 'categories',
      category: 'category',
      series: ['spend'],
      compared: [],
    });
  });

  it('one branch, weekly: its purchases; a branch that bought nothing has no shares', async () => {
    const r = await report(
      `restaurants/${f.parramatta}/analytics/pages/procurement?period=weekly&start_date=2026-11-09&end_date=2026-11-22`,
    );
    // 11 Nov meat 9000 ¢ against 1800 ¢ of revenue; 16–22: 42000 ¢ against 13050 ¢.
    expect(cells(r, 'breakdown')).toEqual({
      rows: [
        ['9–15 Nov', 90, 18, 500],
        ['16–22 Nov', 420, 130.5, 321.8],
      ],
      total: ['Total', 510, 148.5, 343.4],
    });
    expect(cells(r, 'suppliers').rows).toEqual([
      ['Fresh Farms', 34, 290, 56.9],
      ['Ocean Catch', 5, 220, 43.1],
    ]);
    const manly = await report(`restaurants/${f.manly}/analytics/pages/procurement`);
    expect(cells(manly, 'suppliers')).toEqual({ rows: [], total: ['Total', 0, 0, null] });
    expect(cells(manly, 'categories').total).toEqual(['Total', 0, 0, null]);
    expect(cards(manly)).toEqual({ spend: [0, 0], average_per_supplier: [0, null], spend_share: [0, null] });
  });
});

describe('a window with no data', () => {
  it("says the dashboard's text for the page's subject on each page of a branch that never traded", async () => {
    const texts: Record<string, string | null> = {};
    for (const page of ['order', 'headcount', 'revenue', 'roster', 'procurement']) {
      texts[page] = (await report(`restaurants/${f.manly}/analytics/pages/${page}`)).no_data;
    }
    expect(texts).toEqual({
      order: 'No orders in this window.',
      headcount: 'No guests in this window.',
      revenue: 'No sales in this window.',
      roster: 'No shifts rostered in this window.',
      procurement: 'No purchases in this window.',
    });
  });

  it('keeps the figures of a window whose zero weeks sit beside trade', async () => {
    const r = await report(`restaurants/${f.bondi}/analytics/pages/roster?period=weekly&start_date=2026-11-09&end_date=2026-11-22`);
    expect(r.no_data).toBeNull();
    expect(cells(r, 'breakdown').rows[0]).toEqual(['9–15 Nov', 0, null, 0, null, null, 0, 0]);
    for (const page of ['order', 'headcount', 'revenue', 'roster', 'procurement']) {
      expect((await report(`analytics/pages/${page}`)).no_data, page).toBeNull();
    }
  });
});

describe('every Total row', () => {
  it('is the sum of its rows in cents and counts, on every page, range and scope', async () => {
    for (const scope of ['analytics', `restaurants/${f.parramatta}/analytics`, `restaurants/${f.manly}/analytics`]) {
      for (const page of ['order', 'roster', 'revenue', 'headcount', 'procurement']) {
        for (const period of ['7days', '14days', '1month', '3months']) {
          const r = await report(`${scope}/pages/${page}?period=${period}`);
          for (const table of r.tables.filter((t) => t.total !== null)) {
            // The rank has no total, and an average order value is a ratio of sums.
            expectTotalsAreSums({
              ...table,
              columns: table.columns.map((c) => (['rank', 'aov'].includes(c.key) ? { ...c, unit: 'text' } : c)),
            });
          }
        }
      }
    }
  });
});

describe('franchise isolation', () => {
  it("the rival's figures never appear in Harbour's reports, nor Harbour's in the rival's", async () => {
    for (const page of ['order', 'roster', 'revenue', 'headcount', 'procurement']) {
      for (const period of ['7days', '1month', '3months']) {
        const res = await get(`analytics/pages/${page}?period=${period}`, owner);
        expect(res.status).toBe(200);
        expect(res.text).not.toMatch(/Rival|Rex|Glenelg|999\.99|99999|55\.55/);
      }
    }
    const r = await report('analytics/pages/revenue', rival);
    expect(r.franchise.name).toBe('Fixture Rival');
    expect(tableOf(r, 'branches').rows).toEqual([
      { cells: [1, 'Rival Glenelg', 999.99, 1, 999.99, 50, 100, 11.1], restaurant_id: f.rivalBranch },
    ]);
  });

  it("the rival's restaurant is 404 for Harbour, and Harbour's for the rival", async () => {
    for (const [token, id] of [
      [owner, f.rivalBranch],
      [rival, f.parramatta],
    ] as const) {
      for (const suffix of ['', '/export?format=csv']) {
        const res = await get(`restaurants/${id}/analytics/pages/revenue${suffix}`, token);
        expect(res.status).toBe(404);
        expectErrorEnvelope(res.body, 'Restaurant not found');
      }
    }
  });
});

describe('the order of checks', () => {
  it.each([
    'analytics/pages/order',
    'analytics/pages/unknown',
    'analytics/pages/order?period=yearly',
    'analytics/pages/order/export',
    'restaurants/999999/analytics/pages/unknown?limit=0',
  ])('without a token %s is 401', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(401);
    expectErrorEnvelope(res.body, 'Unauthenticated');
  });

  it('an unknown page or a foreign or malformed restaurant is 404 before the query is read; then the query is 422 naming the field', async () => {
    for (const path of [
      'analytics/pages/unknown?period=yearly',
      'analytics/pages/Order',
      'analytics/pages/unknown/export?format=xls',
      `restaurants/${f.parramatta}/analytics/pages/unknown?limit=0`,
      `restaurants/${f.rivalBranch}/analytics/pages/order?limit=0`,
      'restaurants/abc/analytics/pages/order?limit=0',
      `restaurants/${f.rivalBranch}/analytics/pages/order/export`,
    ]) {
      expect((await get(path, owner)).status, path).toBe(404);
    }
    const limit = await get(`restaurants/${f.parramatta}/analytics/pages/revenue?limit=0`, owner);
    expect(limit.status).toBe(422);
    expectErrorEnvelope(limit.body, 'limit: must be at least 1');
    const dates = await get('analytics/pages/order?start_date=2026-11-16', owner);
    expect(dates.status).toBe(422);
    expect(dates.body.message).toBe('end_date: start_date and end_date go together');
    const unknown = await get('analytics/pages/order?format=csv', owner);
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['format']);
  });
});

describe('the export call', () => {
  it('a missing or unknown format is 422 "format: must be one of csv, pdf", after the restaurant check', async () => {
    for (const query of ['', '?format=xls', '?format=CSV', '?format=', '?period=7days']) {
      const res = await get(`analytics/pages/order/export${query}`, owner);
      expect(res.status, query).toBe(422);
      expectErrorEnvelope(res.body, 'format: must be one of csv, pdf');
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    expect((await get('analytics/pages/order/export?format=csv&limit=0', owner)).body.message).toBe('limit: must be at least 1');
    expect((await get('analytics/pages/order/export?format=csv&format=pdf', owner)).status).toBe(422);
  });

  it('answers the file with its type, an attachment name, no-store and the security headers; the CSV holds the report’s rows', async () => {
    const res = await get(`restaurants/${f.parramatta}/analytics/pages/order/export?format=csv&period=7days`, owner);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const name = 'order_harbour-parramatta_2026-11-16_2026-11-22.csv';
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(res.headers);
    expect(res.text).toContain('Order Breakdown');
    expect(res.text).toContain('Mon 16 Nov,1,1,0,2\r\n');
    expect(res.text).toContain('Total,2,2,0,4\r\n');

    const pdf = await t.app.request(
      '/api/v1/franchise/analytics/pages/revenue/export?format=pdf',
      { headers: { Authorization: `Bearer ${owner}` } },
      { incoming: { socket: { remoteAddress: '203.0.113.1' } } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain('filename="revenue_all-branches_2026-11-16_2026-11-22.pdf"');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

describe('caching', () => {
  it('a report is computed once per data version, window and limit, and computed again after a write', async () => {
    const first = await report('analytics/pages/headcount?period=14days');
    const again = await report('analytics/pages/headcount?period=14days');
    expect(again.generated_at).toBe(first.generated_at);
    t.advance(1000);
    const other = await report('analytics/pages/revenue?period=14days&limit=1');
    // 9–22 Nov: Pasta 6 units (108.00) before Coffee 6 units (27.00).
    expect(cells(other, 'items').rows).toEqual([['Pasta', 'Dinner', 6, 108]]);
    expect(cells(await report('analytics/pages/revenue?period=14days&limit=2'), 'items').rows).toHaveLength(2);
    await db
      .updateTable('franchises')
      .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
      .where('id', '=', f.harbour)
      .execute();
    expect((await report('analytics/pages/headcount?period=14days')).generated_at).not.toBe(first.generated_at);
  });
});

describe('reuse of the answers', () => {
  it('a page reads the answers its dashboard read from the cache, and the next page those of the previous one', async () => {
    const computed: string[] = [];
    const app = createApp({
      db,
      config: testConfig(),
      clock: () => t.now(),
      mailer: memoryMailer(),
      logger: silentLogger,
      analyticsFigures: (answerDb, kind, scope, window, options) => {
        computed.push(kind);
        return analyticsFigures(answerDb, kind, scope, window, options);
      },
    });
    const get = async (path: string) =>
      (await app.request(`/api/v1/franchise/${path}`, { headers: { Authorization: `Bearer ${owner}` } })).json() as Promise<any>;
    const dashboard = await get('analytics/revenues?period=14days');
    expect(computed).toEqual(['revenues']);
    const revenue = (await get('analytics/pages/revenue?period=14days')).data as PageReport;
    expect(computed).toEqual(['revenues', 'best-sellers']);
    expect(revenue.cards[0]!.value).toBe(dashboard.data.totals.revenue);
    await get('analytics/pages/procurement?period=14days');
    expect(computed).toEqual(['revenues', 'best-sellers', 'procurement']);
    await get('analytics/procurement?period=14days');
    expect(computed).toEqual(['revenues', 'best-sellers', 'procurement']);
  });
});

describe('the report heading', () => {
  it('names the branch as it is now: a rename is seen by the next report computed', async () => {
    const path = `restaurants/${f.manly}/analytics/pages/order?period=daily&start_date=2026-11-01&end_date=2026-11-02`;
    expect((await report(path)).branch).toEqual({ id: f.manly, name: 'Harbour Manly', location: 'Manly, NSW' });
    await db.updateTable('restaurants').set({ name: 'Harbour Manly Wharf' }).where('id', '=', f.manly).execute();
    const renamed = await report(path.replace('2026-11-02', '2026-11-03'));
    expect(renamed.branch).toEqual({ id: f.manly, name: 'Harbour Manly Wharf', location: 'Manly, NSW' });
    await db.updateTable('restaurants').set({ name: 'Harbour Manly' }).where('id', '=', f.manly).execute();
  });
});

describe('the branch comparison over whole and partial months', () => {
  it('counts labour, spend and orders of whole months and edge days alike, and the previous window’s revenue from its days only', async () => {
    // June to August 2026 is outside the other tests' windows (written last: the 3-month tests' previous window would see it).
    const coffee = (
      await db
        .selectFrom('menu_items')
        .select('id')
        .where('sku', '=', 'COF')
        .where('franchise_id', '=', f.harbour)
        .executeTakeFirstOrThrow()
    ).id;
    const order = (at: string, cents: number) => ({
      restaurantId: f.parramatta,
      placedAt: new Date(at),
      channel: 'dine_in' as const,
      source: 'pos' as const,
      guests: 1,
      customerId: null,
      status: 'completed' as const,
      lines: [{ menuItemId: coffee, quantity: 1, amountCents: cents }],
      payments: [{ method: 'card' as const, amountCents: cents }],
    });
    await recordOrders(db, f.harbour, [
      // Before the previous window (28 May–29 Jun), in it (its last day), in the window (30 Jun–1 Aug).
      order('2026-05-27T12:00:00+10:00', 7000),
      order('2026-06-29T12:00:00+10:00', 5000),
      order('2026-07-10T12:00:00+10:00', 10000),
      // After the window: neither its orders nor its revenue.
      order('2026-08-02T12:00:00+10:00', 4000),
    ]);
    const purchase = (day: string, amountCents: number) => ({
      restaurantId: f.parramatta,
      supplierId: f.suppliers.fresh,
      day,
      category: 'vegetables' as const,
      quantity: 1,
      amountCents,
    });
    // Inside: 2000 + 3000 ¢ on the window's first and last days; outside: the days next to them.
    await recordPurchases(db, f.harbour, [
      purchase('2026-06-29', 8000),
      purchase('2026-06-30', 2000),
      purchase('2026-08-01', 3000),
      purchase('2026-08-02', 8000),
    ]);
    const shift = (day: string, minutes: number, rate: number) => ({
      restaurantId: f.parramatta,
      personId: f.people.ben,
      day,
      assignedMinutes: minutes,
      actualMinutes: minutes,
      hourlyRateCents: rate,
      attended: true,
    });
    // Inside: 3000 + 6000 + 1000 ¢ on 30 June, in July (a whole month) and on 1 August; outside: 29 June and 2 August.
    await recordShifts(db, f.harbour, [
      shift('2026-06-29', 60, 6000),
      shift('2026-06-30', 60, 3000),
      shift('2026-07-15', 120, 3000),
      shift('2026-08-01', 60, 1000),
      shift('2026-08-02', 60, 6000),
    ]);
    const r = await report('analytics/pages/revenue?period=monthly&start_date=2026-06-30&end_date=2026-08-01');
    // 10000 ¢ of labour and 5000 ¢ of spend on 10000 ¢ of revenue from one order; 10000 vs 5000 ¢ the previous 33 days: +100 %.
    expect(tableOf(r, 'branches').rows[0]).toEqual({
      cells: [1, 'Harbour Parramatta', 100, 1, 100, 100, 50, 100],
      restaurant_id: f.parramatta,
    });
    // 2 Jul–30 Aug: July and August are read whole minus their one day outside (1 July, 31 August), each with a shift that must not count.
    await recordShifts(db, f.harbour, [shift('2026-07-01', 60, 9000), shift('2026-08-31', 60, 9000)]);
    const r2 = await report('analytics/pages/revenue?period=monthly&start_date=2026-07-02&end_date=2026-08-30');
    // Two orders, 14000 ¢ (AOV $70); labour 6000 + 1000 + 6000 ¢ (92.9 %); spend 3000 + 8000 ¢ (78.6 %); the previous 60 days
    // (3 May–1 Jul): 7000 + 5000 ¢, so +16.67 %.
    expect(tableOf(r2, 'branches').rows[0]).toEqual({
      cells: [1, 'Harbour Parramatta', 140, 2, 70, 92.9, 78.6, 16.7],
      restaurant_id: f.parramatta,
    });
  });
});
