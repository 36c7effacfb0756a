import { prepareDemoFranchise, writeTrade } from '../../server/analytics/demo/write';
import { ANALYTICS_KINDS, type AnalyticsData, type AnalyticsKind, type CostFigures, type LossFigures } from '@contract/analytics.contract';
import { ANALYTICS_PAGES, EXPORT_FORMATS, type AnalyticsPage, type PageReport } from '@contract/page-reports.contract';
import type { Db } from '../../server/db/database';
import { DEMO_MANAGER } from '../../server/db/seed';
import { pdfText } from '../support/report-files';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// A manager's analytics, pages and exports cover their branches only: the demo manager reaches
// Parramatta and Bondi of the demo franchise, not Fitzroy (nor South Bank and Fremantle). The demo
// franchise trades from 1 November to now (11:00 on Sunday 22 November in Sydney), made by the demo's
// trade generator, so every branch but the inactive South Bank has orders, shifts and purchases.

let database: TestDatabase;
let db: Db;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let manager: string;
let managerId: number;
let parramatta: number;
let bondi: number;
let fitzroy: number;
let branches: number[];
let foreign: number;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  t = createTestApp(db);
  const franchiseId = (await db.selectFrom('franchises').select('id').where('name', '=', DEMO_MANAGER.franchise).executeTakeFirstOrThrow())
    .id;
  const franchise = await prepareDemoFranchise(db, franchiseId, { customers: 200 });
  await writeTrade(db, 20_261_123, franchise, { firstDay: '2026-11-01', until: new Date(t.now()) }, { daysPerBatch: 30 });
  const restaurant = async (name: string) =>
    (await db.selectFrom('restaurants').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  parramatta = await restaurant('Harbour Eats Parramatta');
  bondi = await restaurant('Harbour Eats Bondi');
  fitzroy = await restaurant('Harbour Eats Fitzroy');
  foreign = await restaurant('Southern Cross Glenelg');
  branches = franchise.restaurants.map((r) => r.id);
  managerId = (await db.selectFrom('franchise_users').select('id').where('email', '=', DEMO_MANAGER.email).executeTakeFirstOrThrow()).id;
  owner = await t.login(OWNER);
  manager = await t.login(DEMO_MANAGER);
}, 120_000);
afterAll(() => database.close());

/** Gives the manager exactly these branches, as the Team page would (straight in the table: no call bumps anything else). */
async function setBranches(ids: number[]) {
  await db.deleteFrom('franchise_user_restaurants').where('user_id', '=', managerId).execute();
  if (ids.length > 0)
    await db
      .insertInto('franchise_user_restaurants')
      .values(ids.map((restaurant_id) => ({ user_id: managerId, restaurant_id })))
      .execute();
}

const QUERY = 'period=7days&limit=50';
const get = (path: string, token: string) => t.call('GET', `/api/v1/franchise/${path}`, { token });
const prefix = (restaurantId: number | null) => (restaurantId === null ? '' : `restaurants/${restaurantId}/`);

async function answer<K extends AnalyticsKind>(
  kind: K,
  token: string,
  restaurantId: number | null = null,
  query = QUERY,
): Promise<AnalyticsData[K]> {
  const res = await get(`${prefix(restaurantId)}analytics/${kind}?${query}`, token);
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data as AnalyticsData[K];
}

async function report(page: AnalyticsPage, token: string, restaurantId: number | null = null, query = QUERY): Promise<PageReport> {
  const res = await get(`${prefix(restaurantId)}analytics/pages/${page}?${query}`, token);
  expect(res.status, res.text).toBe(200);
  return res.body.data as PageReport;
}

/** An export as bytes (the test app's call() reads bodies as text, which a PDF is not). */
async function download(path: string, token: string) {
  const env = { incoming: { socket: { remoteAddress: '203.0.113.1' } } };
  const res = await t.app.request(`/api/v1/franchise/${path}`, { headers: { Authorization: `Bearer ${token}` } }, env);
  return { status: res.status, contentType: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function exportText(page: AnalyticsPage, format: 'csv' | 'pdf', token: string): Promise<string> {
  const file = await download(`analytics/pages/${page}/export?${QUERY}&format=${format}`, token);
  expect(file.status).toBe(200);
  return format === 'csv' ? new TextDecoder().decode(file.bytes) : pdfText(file.bytes);
}

// ---------------------------------------------------------------------------------------------
// An answer's figures that add up over branches, by name (money in integer cents)

type Figures = Record<string, number>;
const cents = (amount: number) => Math.round(amount * 100);

function figures<K extends AnalyticsKind>(kind: K, data: AnalyticsData[K]): Figures {
  const out: Figures = {};
  const put = (prefix: string, values: Record<string, number>, money: readonly string[] = []) => {
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'number') out[`${prefix}.${key}`] = money.includes(key) ? cents(value) : value;
    }
  };
  const periods = <T extends { label: string }>(
    d: { series: T[]; totals: object; previous_totals: object; today?: object },
    pick: (x: any) => Record<string, number>,
  ) => {
    put('totals', pick(d.totals));
    put('previous', pick(d.previous_totals));
    if (d.today) put('today', pick(d.today));
    d.series.forEach((b) => put(`series.${b.label}`, pick(b)));
  };
  if (kind === 'headcounts') {
    periods(data as AnalyticsData['headcounts'], (x) => ({ recurrent: x.recurrent, new: x.new, total: x.total }));
  } else if (kind === 'orders') {
    periods(data as AnalyticsData['orders'], (x) => ({
      dine_in: x.dine_in,
      takeaway: x.takeaway,
      delivery: x.delivery,
      pos: x.pos,
      app: x.app,
      total: x.total,
    }));
  } else if (kind === 'revenues') {
    const r = data as AnalyticsData['revenues'];
    periods(r, (x) => ({
      revenue: cents(x.revenue),
      dine_in: cents(x.dine_in),
      takeaway: cents(x.takeaway),
      delivery: cents(x.delivery),
      orders: x.orders,
      transactions: x.transactions,
    }));
    const s = r.franchise_summary;
    put('summary', {
      total_revenue: cents(s.total_revenue),
      total_orders: s.total_orders,
      total_dine_in_revenue: cents(s.total_dine_in_revenue),
      total_takeaway_revenue: cents(s.total_takeaway_revenue),
      total_delivery_revenue: cents(s.total_delivery_revenue),
      total_discounts: cents(s.total_discounts),
      total_refunds: cents(s.total_refunds),
    });
    for (const b of r.restaurants) put(`restaurant.${b.id}`, { units: b.units, revenue: cents(b.revenue) });
  } else if (kind === 'best-sellers') {
    const b = data as AnalyticsData['best-sellers'];
    for (const i of [...b.items, ...b.combos]) put(`sold.${i.sku}`, { units: i.units, revenue: cents(i.revenue) });
  } else if (kind === 'roster') {
    // Hours are rounded per answer and attendance is a ratio: labour cost and revenue add up to the cent.
    periods(data as AnalyticsData['roster'], (x) => ({ labour_cost: cents(x.labour_cost), revenue: cents(x.revenue) }));
  } else if (kind === 'loss') {
    // Counts and cents add up; the shares of gross sales are ratios.
    const l = data as AnalyticsData['loss'];
    const pick = (x: LossFigures) => ({
      gross_sales: cents(x.gross_sales),
      voided: x.voided,
      voided_value: cents(x.voided_value),
      discounts: cents(x.discounts),
      refunded: x.refunded,
      refunded_value: cents(x.refunded_value),
      tips: cents(x.tips),
    });
    put('totals', pick(l.totals));
    put('previous', pick(l.previous_totals));
    l.series.forEach((b) => put(`series.${b.label}`, pick(b)));
    for (const b of l.restaurants) put(`restaurant.${b.id}`, pick(b));
  } else if (kind === 'hours') {
    for (const c of (data as AnalyticsData['hours']).cells)
      put(`cell.${c.weekday}.${c.hour}`, { orders: c.orders, revenue: cents(c.revenue) });
  } else if (kind === 'costs') {
    // Dollars add up; the shares of revenue are ratios.
    const k = data as AnalyticsData['costs'];
    const pick = (x: CostFigures) => ({
      revenue: cents(x.revenue),
      food_cost: cents(x.food_cost),
      labour_cost: cents(x.labour_cost),
      purchases: cents(x.purchases),
    });
    put('totals', pick(k.totals));
    put('previous', pick(k.previous_totals));
    k.series.forEach((b) => put(`series.${b.label}`, pick(b)));
    for (const b of k.restaurants) put(`restaurant.${b.id}`, pick(b));
  } else if (kind === 'menu-engineering') {
    // Units, revenue and food cost add up; the shares and classes are the whole's.
    for (const i of (data as AnalyticsData['menu-engineering']).items)
      put(`item.${i.sku}`, { units: i.units, revenue: cents(i.revenue), food_cost: cents(i.food_cost) });
  } else {
    const p = data as AnalyticsData['procurement'];
    put('totals', { spend: cents(p.totals.spend), quantity: p.totals.quantity });
    put('previous', { spend: cents(p.previous_totals.spend), quantity: p.previous_totals.quantity });
    p.series.forEach((b) => put(`series.${b.label}`, { spend: cents(b.spend) }));
    for (const c of p.categories) put(`category.${c.category}`, { spend: cents(c.spend), quantity: c.quantity });
    for (const s of p.suppliers) put(`supplier.${s.id}`, { spend: cents(s.spend), quantity: s.quantity });
  }
  return out;
}

/** `whole`'s figures are the sums of `parts`' (a figure a part lacks counts 0). */
function expectSum(whole: Figures, parts: Figures[], what: string) {
  const keys = new Set([...Object.keys(whole), ...parts.flatMap((p) => Object.keys(p))]);
  const summed = Object.fromEntries([...keys].map((k) => [k, parts.reduce((s, p) => s + (p[k] ?? 0), 0)]));
  const actual = Object.fromEntries([...keys].map((k) => [k, whole[k] ?? 0]));
  expect(actual, what).toEqual(summed);
}

/** Every kind franchise-wide as the manager equals the sums of the kind's answers of `ids`, one branch at a time. */
async function expectAllBranchesOf(ids: number[]) {
  for (const kind of ANALYTICS_KINDS) {
    const whole = figures(kind, await answer(kind, manager));
    const parts = await Promise.all(ids.map(async (id) => figures(kind, await answer(kind, owner, id))));
    expectSum(whole, parts, `${kind} over ${ids.join(', ')}`);
  }
  const revenues = await answer('revenues', manager);
  expect(revenues.restaurants.map((r) => r.id).sort()).toEqual([...ids].sort());
  const roster = await answer('roster', manager);
  // QUERY's limit lists everyone: the lists are compared whole.
  expect(roster.staff).toHaveLength(roster.staff_count);
  const staff = roster.staff.map((p) => p.person_id).sort();
  const branchStaff = await Promise.all(ids.map(async (id) => (await answer('roster', owner, id)).staff.map((p) => p.person_id)));
  expect(staff).toEqual([...new Set(branchStaff.flat())].sort());
}

const comparisonIds = (r: PageReport, table: 'branches' | 'low') =>
  r.tables
    .find((x) => x.id === table)!
    .rows.map((row) => row.restaurant_id)
    .sort();

// ---------------------------------------------------------------------------------------------

describe("a branch the manager may not reach answers like another franchise's restaurant", () => {
  const paths = () => [
    ...ANALYTICS_KINDS.map((kind) => `analytics/${kind}`),
    ...ANALYTICS_PAGES.map((page) => `analytics/pages/${page}`),
    ...ANALYTICS_PAGES.flatMap((page) => EXPORT_FORMATS.map((format) => `analytics/pages/${page}/export?format=${format}`)),
  ];
  const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

  it('every analytics kind, page report and export of Fitzroy is 404 with the foreign body, before the query is read', async () => {
    for (const path of paths()) {
      for (const query of [QUERY, 'limit=0']) {
        const denied = await get(withQuery(`restaurants/${fitzroy}/${path}`, query), manager);
        const other = await get(withQuery(`restaurants/${foreign}/${path}`, query), manager);
        expect(denied.status, path).toBe(404);
        expectErrorEnvelope(denied.body, 'Restaurant not found');
        expect(denied.text, path).toBe(other.text);
        expect(denied.headers.get('content-type')).toBe(other.headers.get('content-type'));
      }
      // The owner reaches Fitzroy.
      expect((await get(withQuery(`restaurants/${fitzroy}/${path}`, QUERY), owner)).status, path).toBe(200);
    }
  });

  it('the same calls for Parramatta and Bondi answer 200, and a bad query there is still 422', async () => {
    for (const id of [parramatta, bondi]) {
      for (const path of paths()) {
        const res = path.includes('/export')
          ? await download(withQuery(`restaurants/${id}/${path}`, QUERY), manager)
          : await get(withQuery(`restaurants/${id}/${path}`, QUERY), manager);
        expect(res.status, `${id} ${path}`).toBe(200);
        expect((await get(withQuery(`restaurants/${id}/${path}`, 'limit=0'), manager)).status, path).toBe(422);
      }
    }
  });
});

describe('All Branches for a manager are their branches', () => {
  it('every kind is the sum of Parramatta and Bondi, and differs from the owner’s franchise', async () => {
    await expectAllBranchesOf([parramatta, bondi]);
    for (const kind of ANALYTICS_KINDS) {
      expect(figures(kind, await answer(kind, owner)), kind).not.toEqual(figures(kind, await answer(kind, manager)));
    }
    const revenues = await answer('revenues', manager);
    const parts = await Promise.all([parramatta, bondi].map((id) => answer('revenues', owner, id)));
    expect(revenues.franchise_summary.average_revenue_per_restaurant).toBe(
      Math.round((cents(parts[0]!.totals.revenue) + cents(parts[1]!.totals.revenue)) / 2) / 100,
    );
    expect(revenues.totals.revenue).toBeLessThan((await answer('revenues', owner)).totals.revenue);
  });

  it('the owner’s franchise is still every branch', async () => {
    for (const kind of ANALYTICS_KINDS) {
      const whole = figures(kind, await answer(kind, owner));
      const parts = await Promise.all(branches.map(async (id) => figures(kind, await answer(kind, owner, id))));
      expectSum(whole, parts, kind);
    }
  });

  it('every page report sums their branches: the cards that add up and the breakdown’s Total row', async () => {
    const additive: Record<AnalyticsPage, string[]> = {
      order: ['total_orders', 'pos', 'app'],
      headcount: ['total', 'recurrent', 'new'],
      roster: ['labour_cost'],
      revenue: ['total_revenue'],
      procurement: ['spend'],
      loss: ['gross_sales', 'voided_value', 'discounts', 'refunded_value', 'tips'],
      costs: ['food_cost', 'labour_cost', 'prime_cost'],
      // Class counts and shares are the whole menu's; units, revenue and food cost add up in the table's Total.
      'menu-engineering': [],
    };
    for (const page of ANALYTICS_PAGES) {
      const whole = await report(page, manager);
      const parts = await Promise.all([parramatta, bondi].map((id) => report(page, owner, id)));
      const pageFigures = (r: PageReport): Figures => {
        const out: Figures = {};
        for (const c of r.cards) if (additive[page].includes(c.id)) out[`card.${c.id}`] = cents(c.value);
        const breakdown = r.tables.find((x) => x.id === 'breakdown') ?? r.tables[0]!;
        breakdown.columns.forEach((column, i) => {
          // A per-unit figure is a ratio, not a sum.
          if ((column.unit === 'money' || column.unit === 'count') && column.key !== 'margin_per_unit') {
            out[`total.${column.key}`] = cents(Number(breakdown.total!.cells[i]));
          }
        });
        return out;
      };
      expectSum(pageFigures(whole), parts.map(pageFigures), page);
      expect(pageFigures(whole), page).not.toEqual(pageFigures(await report(page, owner)));
      expect(whole.branch).toBeNull();
    }
  });

  it('the revenue page’s comparison and low-selling tables list their branches only, on their All Branches and on a branch’s page', async () => {
    const mine = [parramatta, bondi].sort();
    for (const restaurantId of [null, parramatta, bondi]) {
      const r = await report('revenue', manager, restaurantId);
      expect(comparisonIds(r, 'branches'), String(restaurantId)).toEqual(mine);
      const ownerView = await report('revenue', owner, restaurantId);
      expect(comparisonIds(ownerView, 'branches')).toEqual([...branches].sort());
    }
    expect(comparisonIds(await report('revenue', manager), 'low')).toEqual(mine);
    // The comparison's Total row is theirs too.
    const total = (r: PageReport) => r.tables.find((x) => x.id === 'branches')!.total!.cells[2];
    expect(total(await report('revenue', manager))).toBe((await answer('revenues', manager)).totals.revenue);
    const roster = await report('roster', manager);
    const staffBranches = new Set(roster.tables.find((x) => x.id === 'staff')!.rows.map((row) => row.cells[1]));
    expect([...staffBranches].sort()).toEqual(['Harbour Eats Bondi', 'Harbour Eats Parramatta']);
  });

  it('every export (CSV and PDF) holds their branches only, even when the owner’s file was made first', async () => {
    for (const format of EXPORT_FORMATS) {
      for (const page of ANALYTICS_PAGES) {
        const ownerFile = await exportText(page, format, owner);
        const file = await exportText(page, format, manager);
        expect(file, `${page} ${format}`).not.toContain('Fitzroy');
        expect(file).not.toContain('Fremantle');
        if (page === 'revenue') {
          expect(ownerFile).toContain('Harbour Eats Fitzroy');
          expect(file).toContain('Harbour Eats Parramatta');
          expect(file).toContain('Harbour Eats Bondi');
        }
      }
    }
    // The CSV's figures are the manager's report's.
    const r = await report('revenue', manager);
    const csv = await exportText('revenue', 'csv', manager);
    const revenue = r.cards.find((c) => c.id === 'total_revenue')!.value;
    expect(csv).toContain(revenue.toFixed(2));
    expect(csv).not.toContain((await report('revenue', owner)).cards.find((c) => c.id === 'total_revenue')!.value.toFixed(2));
  });
});

describe('the caches keep each member’s branches apart', () => {
  it('the owner’s All Branches answers and pages, cached first, are not the manager’s', async () => {
    // A window no other test asks for, so the owner's entries are the only ones.
    const query = 'start_date=2026-11-08&end_date=2026-11-20&limit=50';
    for (const kind of ANALYTICS_KINDS) await answer(kind, owner, null, query);
    for (const page of ANALYTICS_PAGES) await report(page, owner, null, query);
    for (const kind of ANALYTICS_KINDS) {
      const parts = await Promise.all([parramatta, bondi].map(async (id) => figures(kind, await answer(kind, owner, id, query))));
      expectSum(figures(kind, await answer(kind, manager, null, query)), parts, kind);
    }
    for (const page of ANALYTICS_PAGES) {
      const mine = await report(page, manager, null, query);
      expect(mine.cards, page).not.toEqual((await report(page, owner, null, query)).cards);
    }
    expect(comparisonIds(await report('revenue', manager, null, query), 'branches')).toEqual([parramatta, bondi].sort());
  });
});

describe('a change of branches applies at the next request', () => {
  afterEach(() => setBranches([parramatta, bondi]));

  it('narrowed, widened and emptied: answers, pages and per-branch access follow, after the owner’s and the manager’s answers were cached', async () => {
    // Cached first: the owner's and the manager's answers and pages, franchise-wide and per branch.
    for (const token of [owner, manager]) {
      for (const kind of ANALYTICS_KINDS) await answer(kind, token);
      for (const page of ANALYTICS_PAGES) await report(page, token);
      await answer('revenues', token, bondi);
    }

    await setBranches([parramatta]);
    await expectAllBranchesOf([parramatta]);
    expect(comparisonIds(await report('revenue', manager), 'branches')).toEqual([parramatta]);
    expect(comparisonIds(await report('revenue', manager, parramatta), 'branches')).toEqual([parramatta]);
    expect((await get(`restaurants/${bondi}/analytics/revenues?${QUERY}`, manager)).status).toBe(404);
    expect((await download(`analytics/pages/revenue/export?${QUERY}&format=csv`, manager)).status).toBe(200);
    expect(await exportText('revenue', 'csv', manager)).not.toContain('Harbour Eats Bondi');

    await setBranches([parramatta, bondi, fitzroy]);
    await expectAllBranchesOf([parramatta, bondi, fitzroy]);
    expect(comparisonIds(await report('revenue', manager, fitzroy), 'branches')).toEqual([parramatta, bondi, fitzroy].sort());
    expect(await exportText('revenue', 'csv', manager)).toContain('Harbour Eats Fitzroy');

    await setBranches([]);
    for (const kind of ANALYTICS_KINDS) {
      const empty = figures(kind, await answer(kind, manager));
      expect(
        Object.values(empty).every((v) => v === 0),
        kind,
      ).toBe(true);
    }
    const revenues = await answer('revenues', manager);
    expect(revenues.restaurants).toEqual([]);
    expect(revenues.franchise_summary.average_revenue_per_restaurant).toBe(0);
    const sellers = await answer('best-sellers', manager);
    expect([...sellers.items, ...sellers.combos]).toEqual([]);
    expect((await answer('roster', manager)).staff).toEqual([]);
    expect((await answer('procurement', manager)).suppliers).toEqual([]);
    const page = await report('revenue', manager);
    expect(comparisonIds(page, 'branches')).toEqual([]);
    expect(comparisonIds(page, 'low')).toEqual([]);
    expect(page.cards.find((c) => c.id === 'total_revenue')!.value).toBe(0);
    expect((await get(`restaurants/${parramatta}/analytics/orders?${QUERY}`, manager)).status).toBe(404);

    await setBranches([parramatta, bondi]);
    await expectAllBranchesOf([parramatta, bondi]);
    // The owner's answers were never narrowed.
    expectSum(
      figures('orders', await answer('orders', owner)),
      await Promise.all(branches.map(async (id) => figures('orders', await answer('orders', owner, id)))),
      'owner orders',
    );
  });
});
