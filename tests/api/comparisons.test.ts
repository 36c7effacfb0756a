import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { recordOrders, type OrderInput } from '../../server/analytics/ingest';
import type { Revenues } from '@contract/analytics.contract';
import type { PageReport } from '@contract/page-reports.contract';
import type { Db } from '../../server/db/database';
import { addFixtureOwners, createAnalyticsFixture, FIXTURE_OWNERS, type AnalyticsFixture } from './support/analytics-fixture';
import { pdfText } from '../support/report-files';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Comparisons (docs/product.md#comparisons) on the analytics fixture's trade seen on Monday 23 November
// 2026 in Sydney, plus last year's orders written here: "7 days" is 16–22 Nov 2026; its previous window
// 9–15 Nov 2026; last year's 17–23 Nov 2025 (364 days before, also Monday to Sunday). Parramatta first
// traded on 10 Nov 2025 and trades in both windows; Bondi opened inside last year's window (19 Nov 2025);
// Manly traded only last year (21 Nov 2025), not in the current window, and before that on 1 and 20 March 2024.

const DAY = 86_400_000;

let database: TestDatabase;
let db: Db;
let f: AnalyticsFixture;
let t: ReturnType<typeof createTestApp>;
let owner: string;

let coffee: number;
const lastYearOrder = (restaurantId: number, at: string, cents: number): OrderInput => ({
  restaurantId,
  placedAt: new Date(at),
  channel: 'dine_in',
  source: 'pos',
  guests: 1,
  customerId: null,
  status: 'completed',
  lines: [{ menuItemId: coffee, quantity: 1, amountCents: cents }],
  payments: [{ method: 'card', amountCents: cents }],
});

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  f = await createAnalyticsFixture(db);
  await addFixtureOwners(db, f);
  coffee = (
    await db.selectFrom('menu_items').select('id').where('franchise_id', '=', f.harbour).where('sku', '=', 'COF').executeTakeFirstOrThrow()
  ).id;
  await recordOrders(db, f.harbour, [
    lastYearOrder(f.parramatta, '2025-11-10T12:00:00+11:00', 1_000),
    lastYearOrder(f.parramatta, '2025-11-20T12:00:00+11:00', 2_500),
    lastYearOrder(f.bondi, '2025-11-19T12:00:00+11:00', 4_000),
    lastYearOrder(f.manly, '2025-11-21T12:00:00+11:00', 8_000),
    // Outside last year's window (the day after it): counted nowhere below.
    lastYearOrder(f.parramatta, '2025-11-24T12:00:00+11:00', 16_000),
    lastYearOrder(f.manly, '2024-03-01T12:00:00+11:00', 500),
    lastYearOrder(f.manly, '2024-03-20T12:00:00+11:00', 500),
  ]);
  t = createTestApp(db);
  t.advance(DAY);
  owner = await t.login(FIXTURE_OWNERS.harbour);
});
afterAll(() => database.close());

const get = (path: string) => t.call('GET', `/api/v1/franchise/${path}`, { token: owner });

async function data<T>(path: string): Promise<T> {
  const res = await get(path);
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data as T;
}

/** Completed orders' revenue in dollars of `restaurants` over the days, summed straight from the orders. */
async function directRevenue(restaurants: number[], start: string, end: string): Promise<number> {
  const { rows } = await sql<{ cents: string | null }>`select sum(total_cents) as cents from orders
    where status = 'completed' and restaurant_id in (${sql.join(restaurants)}) and day between ${start}::date and ${end}::date`.execute(db);
  return Number(rows[0]!.cents ?? 0) / 100;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('compare=last_year', () => {
  it('compares with the window of equal length ending 364 days earlier, on the same weekdays', async () => {
    const r = await data<Revenues>('analytics/revenues?period=7days&compare=last_year');
    expect(r.window).toMatchObject({
      start_date: '2026-11-16',
      end_date: '2026-11-22',
      compare: 'last_year',
      previous: { start_date: '2025-11-17', end_date: '2025-11-23' },
    });
    expect(r.window.comparable_restaurant_ids).toBeUndefined();
    expect(weekday(r.window.previous.start_date)).toBe(weekday(r.window.start_date));
    expect(weekday(r.window.previous.end_date)).toBe(weekday(r.window.end_date));
    const all = [f.parramatta, f.bondi, f.manly];
    expect(r.previous_totals.revenue).toBe(await directRevenue(all, '2025-11-17', '2025-11-23'));
    expect(r.previous_totals.revenue).toBe(145);
    expect(r.totals.revenue).toBe(await directRevenue(all, '2026-11-16', '2026-11-22'));
  });

  it('keeps a 1-month window as long, ending 364 days before; the default is the window just before', async () => {
    const month = await data<Revenues>('analytics/revenues?period=daily&start_date=2026-10-01&end_date=2026-10-31&compare=last_year');
    expect(month.window.previous).toEqual({ start_date: '2025-10-02', end_date: '2025-11-01' });
    const previous = await data<Revenues>('analytics/revenues?period=7days');
    expect(previous.window).toMatchObject({ compare: 'previous', previous: { start_date: '2026-11-09', end_date: '2026-11-15' } });
  });

  it('is its own cache entry: the same window with the other comparison gets the other previous totals', async () => {
    const path = 'analytics/headcounts?period=7days';
    const before = await data<Revenues>(`analytics/revenues?period=7days`);
    const lastYear = await data<Revenues>(`analytics/revenues?period=7days&compare=last_year`);
    expect(lastYear.window.previous).not.toEqual(before.window.previous);
    expect(lastYear.previous_totals.revenue).not.toBe(before.previous_totals.revenue);
    expect((await data<{ window: { compare: string } }>(`${path}&compare=last_year`)).window.compare).toBe('last_year');
  });
});

describe('like_for_like=true', () => {
  it('counts only branches trading on or before the comparison window’s first day and in the window, and lists them', async () => {
    const r = await data<Revenues>('analytics/revenues?period=7days&compare=last_year&like_for_like=true');
    // Bondi opened inside last year's window; Manly has no trade in this one.
    expect(r.window.comparable_restaurant_ids).toEqual([f.parramatta]);
    expect(r.restaurants.map((b) => b.id)).toEqual([f.parramatta]);
    expect(r.totals.revenue).toBe(await directRevenue([f.parramatta], '2026-11-16', '2026-11-22'));
    expect(r.previous_totals.revenue).toBe(await directRevenue([f.parramatta], '2025-11-17', '2025-11-23'));
    expect(r.previous_totals.revenue).toBe(25);
    const branch = await data<Revenues>(`restaurants/${f.parramatta}/analytics/revenues?period=7days&compare=last_year`);
    expect(r.totals).toEqual(branch.totals);
    expect(r.series).toEqual(branch.series);
  });

  it('against the previous window, Bondi (first traded November 2025) is comparable, Manly still is not', async () => {
    const r = await data<Revenues>('analytics/revenues?period=7days&like_for_like=true');
    expect(r.window.comparable_restaurant_ids).toEqual([f.parramatta, f.bondi].sort((a, b) => a - b));
    expect(r.previous_totals.revenue).toBe(await directRevenue([f.parramatta, f.bondi], '2026-11-09', '2026-11-15'));
  });

  it('narrows every analytics call and page report alike', async () => {
    for (const kind of ['headcounts', 'orders', 'best-sellers', 'roster', 'procurement']) {
      const r = await data<{ window: { comparable_restaurant_ids?: number[] } }>(
        `analytics/${kind}?period=7days&compare=last_year&like_for_like=true`,
      );
      expect(r.window.comparable_restaurant_ids, kind).toEqual([f.parramatta]);
    }
    const page = await data<PageReport>('analytics/pages/order?period=7days&compare=last_year&like_for_like=true');
    expect(page.window.comparable_restaurant_ids).toEqual([f.parramatta]);
    expect(page.compared_with).toBe('same 7 days last year, like for like');
  });
});

describe('comparable branches', () => {
  it('need a first trade on or before the comparison window’s first day and a trade in the window, at either end of them', async () => {
    const comparable = async (start: string, end: string) =>
      (await data<Revenues>(`analytics/revenues?period=daily&start_date=${start}&end_date=${end}&like_for_like=true`)).window
        .comparable_restaurant_ids;
    // 11–20 March against 1–10 March: Manly's first trade is the comparison window's first day, its only trade in the window its last day.
    expect(await comparable('2024-03-11', '2024-03-20')).toEqual([f.manly]);
    // 2–20 March against 13 February – 1 March: Manly opened inside the comparison window, after its first day.
    expect(await comparable('2024-03-02', '2024-03-20')).toEqual([]);
    // 11–19 March against 2–10 March: Manly traded before and after the window, not in it.
    expect(await comparable('2024-03-11', '2024-03-19')).toEqual([]);
  });
});

describe('the revenue page’s branch comparison', () => {
  it('marks a branch without trade in the comparison window new and one without trade in this window closed, with no change', async () => {
    const byId = (r: PageReport) => new Map(r.tables.find((table) => table.id === 'branches')!.rows.map((row) => [row.restaurant_id, row]));
    const previous = byId(await data<PageReport>('analytics/pages/revenue?period=7days'));
    // Bondi did not trade 9–15 Nov 2026; Manly traded in neither window, so has nothing to mark.
    expect(previous.get(f.bondi)).toMatchObject({ status: 'new' });
    expect(previous.get(f.bondi)!.cells.at(-1)).toBeNull();
    expect(previous.get(f.parramatta)!.status).toBeUndefined();
    expect(previous.get(f.manly)!.status).toBeUndefined();

    const report = await data<PageReport>('analytics/pages/revenue?period=7days&compare=last_year');
    expect(report.compared_with).toBe('same 7 days last year');
    const table = report.tables.find((t) => t.id === 'branches')!;
    expect(table.columns.at(-1)!.label).toBe('Revenue vs Last Year');
    const lastYear = byId(report);
    expect(lastYear.get(f.manly)).toMatchObject({ status: 'closed' });
    expect(lastYear.get(f.manly)!.cells.at(-1)).toBeNull();
    // Parramatta: 16–22 Nov 2026 against $25.00 last year.
    const parramatta = await directRevenue([f.parramatta], '2026-11-16', '2026-11-22');
    expect(lastYear.get(f.parramatta)!.status).toBeUndefined();
    expect(lastYear.get(f.parramatta)!.cells.at(-1)).toBeCloseTo(((parramatta - 25) / 25) * 100, 1);
  });
});

describe('exports', () => {
  const download = async (path: string) => {
    const env = { incoming: { socket: { remoteAddress: '203.0.113.1' } } };
    const res = await t.app.request(`/api/v1/franchise/${path}`, { headers: { Authorization: `Bearer ${owner}` } }, env);
    expect(res.status).toBe(200);
    return new Uint8Array(await res.arrayBuffer());
  };

  it('carry the comparison they were made with: the CSV’s and the PDF’s header', async () => {
    const query = 'period=7days&compare=last_year&like_for_like=true';
    const records: string[][] = parse(await download(`analytics/pages/revenue/export?${query}&format=csv`), {
      bom: true,
      record_delimiter: '\r\n',
    });
    const facts = Object.fromEntries(records.slice(0, 9).map(([key, value]) => [key, value]));
    expect(facts['Compared with']).toBe('same 7 days last year, like for like (2025-11-17 to 2025-11-23)');
    const text = await pdfText(await download(`analytics/pages/revenue/export?${query}&format=pdf`));
    expect(text).toContain('same 7 days last year, like for like');
  });
});

describe('refusals', () => {
  it.each([
    ['analytics/revenues?compare=bogus', 'compare', 'must be one of previous, last_year'],
    ['analytics/pages/revenue?compare=', 'compare', 'must be one of previous, last_year'],
    ['analytics/revenues?like_for_like=maybe', 'like_for_like', 'must be true or false'],
    ['restaurants/{id}/analytics/revenues?like_for_like=true', 'like_for_like', /not one branch/],
    ['restaurants/{id}/analytics/pages/revenue?like_for_like=true', 'like_for_like', /not one branch/],
    ['restaurants/{id}/analytics/pages/revenue/export?format=csv&like_for_like=true', 'like_for_like', /not one branch/],
  ])('%s: 422 on %s', async (path, field, message) => {
    const res = await get(path.replace('{id}', String(f.parramatta)));
    expect(res.status, res.text).toBe(422);
    expectErrorEnvelope(res.body, new RegExp(`^${field}: `));
    expect(res.body.errors[field][0]).toMatch(message);
  });

  it('like_for_like=false on a branch is its ordinary answer', async () => {
    const res = await get(`restaurants/${f.parramatta}/analytics/revenues?like_for_like=false&compare=last_year`);
    expect(res.status, res.text).toBe(200);
  });
});

// Last: it writes. Manly trading again in this window makes it comparable from the next call on.
describe('after a write', () => {
  it('the next like-for-like call decides from the new trade', async () => {
    const path = 'analytics/revenues?period=7days&compare=last_year&like_for_like=true';
    expect((await data<Revenues>(path)).window.comparable_restaurant_ids).toEqual([f.parramatta]);
    await recordOrders(db, f.harbour, [lastYearOrder(f.manly, '2026-11-18T12:00:00+11:00', 3_000)]);
    const r = await data<Revenues>(path);
    expect(r.window.comparable_restaurant_ids).toEqual([f.parramatta, f.manly].sort((a, b) => a - b));
    expect(r.totals.revenue).toBe(await directRevenue([f.parramatta, f.manly], '2026-11-16', '2026-11-22'));
  });
});
