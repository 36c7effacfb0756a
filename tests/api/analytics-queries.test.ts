import fc from 'fast-check';
import { recordShifts } from '../../server/analytics/ingest';
import { analyticsAnswer } from '../../server/analytics/answers/analytics-answer';
import { slotInstant } from '../../server/reports/schedule';
import { addDays, dayDiff } from '../../server/analytics/calendar';
import { bucketLabel, windowBuckets } from '../../server/analytics/answers/buckets';
import type {
  AnalyticsKind,
  AnalyticsWindow,
  BestSellers,
  Grouping,
  Headcounts,
  Orders,
  Procurement,
  Revenues,
  Roster,
} from '@contract/analytics.contract';
import { PURCHASE_CATEGORIES, type Db } from '../../server/db/database';
import { createAnalyticsFixture, type AnalyticsFixture } from './support/analytics-fixture';
import { createWorld, DAYS, datasetArb, write } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

describe('bucket labels', () => {
  it('name a day, a week (within a month, across months, clipped to one day) and a month', () => {
    expect(bucketLabel('daily', '2026-11-16', '2026-11-16')).toBe('Mon 16 Nov');
    expect(bucketLabel('daily', '2026-03-01', '2026-03-01')).toBe('Sun 1 Mar');
    expect(bucketLabel('weekly', '2026-11-16', '2026-11-22')).toBe('16–22 Nov');
    expect(bucketLabel('weekly', '2026-11-30', '2026-12-06')).toBe('30 Nov–6 Dec');
    expect(bucketLabel('weekly', '2026-12-28', '2027-01-03')).toBe('28 Dec–3 Jan');
    expect(bucketLabel('weekly', '2026-11-22', '2026-11-22')).toBe('22 Nov');
    expect(bucketLabel('monthly', '2026-11-01', '2026-11-30')).toBe('Nov 2026');
  });

  it('name a month clipped to the window by its days, as a clipped week is (docs/product.md#periods)', () => {
    expect(bucketLabel('monthly', '2026-10-20', '2026-10-31')).toBe('20–31 Oct');
    expect(bucketLabel('monthly', '2026-08-29', '2026-08-31')).toBe('29–31 Aug');
    expect(bucketLabel('monthly', '2026-11-01', '2026-11-22')).toBe('1–22 Nov');
    expect(bucketLabel('monthly', '2026-12-01', '2026-12-01')).toBe('1 Dec');
    expect(bucketLabel('monthly', '2028-02-01', '2028-02-29')).toBe('Feb 2028');
    expect(bucketLabel('monthly', '2027-02-01', '2027-02-28')).toBe('Feb 2027');
    expect(bucketLabel('weekly', '2026-11-25', '2026-11-29')).toBe('25–29 Nov');
    expect(bucketLabel('weekly', '2026-11-30', '2026-12-02')).toBe('30 Nov–2 Dec');
  });
});

describe('window buckets', () => {
  it('are every day of a daily window', () => {
    expect(windowBuckets({ start_date: '2026-11-16', end_date: '2026-11-18', grouping: 'daily' })).toEqual([
      { label: 'Mon 16 Nov', start_date: '2026-11-16', end_date: '2026-11-16' },
      { label: 'Tue 17 Nov', start_date: '2026-11-17', end_date: '2026-11-17' },
      { label: 'Wed 18 Nov', start_date: '2026-11-18', end_date: '2026-11-18' },
    ]);
  });

  it('are Monday-start weeks clipped to the window', () => {
    expect(windowBuckets({ start_date: '2026-11-25', end_date: '2026-12-13', grouping: 'weekly' })).toEqual([
      { label: '25–29 Nov', start_date: '2026-11-25', end_date: '2026-11-29' },
      { label: '30 Nov–6 Dec', start_date: '2026-11-30', end_date: '2026-12-06' },
      { label: '7–13 Dec', start_date: '2026-12-07', end_date: '2026-12-13' },
    ]);
    expect(windowBuckets({ start_date: '2026-11-22', end_date: '2026-11-23', grouping: 'weekly' })).toEqual([
      { label: '22 Nov', start_date: '2026-11-22', end_date: '2026-11-22' },
      { label: '23 Nov', start_date: '2026-11-23', end_date: '2026-11-23' },
    ]);
  });

  it('are calendar months clipped to the window, across a year end and a leap day', () => {
    expect(windowBuckets({ start_date: '2027-12-15', end_date: '2028-03-02', grouping: 'monthly' })).toEqual([
      { label: '15–31 Dec', start_date: '2027-12-15', end_date: '2027-12-31' },
      { label: 'Jan 2028', start_date: '2028-01-01', end_date: '2028-01-31' },
      { label: 'Feb 2028', start_date: '2028-02-01', end_date: '2028-02-29' },
      { label: '1–2 Mar', start_date: '2028-03-01', end_date: '2028-03-02' },
    ]);
  });
});

let database: TestDatabase;
let db: Db;
let f: AnalyticsFixture;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  f = await createAnalyticsFixture(db);
});
afterAll(() => database.close());

const windowOf = (grouping: Grouping, start: string, end: string, previous: [string, string], today: string): AnalyticsWindow => ({
  start_date: start,
  end_date: end,
  days: (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1,
  grouping,
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: previous[0], end_date: previous[1] },
  today,
});

/** 1 pm on the window's today, the instant whose trade so far its "today" figures hold. */
const seenAt = (w: AnalyticsWindow) => slotInstant(w.time_zone, w.today, 13);

/** The fixture's main week, Monday 16 to Sunday 22 November 2026, seen on Monday 23 November. */
const week = windowOf('daily', '2026-11-16', '2026-11-22', ['2026-11-09', '2026-11-15'], '2026-11-23');
const answer = <K extends AnalyticsKind>(kind: K, restaurantId: number | null, window = week, limit = 10, franchiseId?: number) =>
  analyticsAnswer(db, kind, { franchiseId: franchiseId ?? f.harbour, restaurantId }, window, { limit, now: seenAt(window) });

const dailyBuckets = [
  ['Mon 16 Nov', '2026-11-16'],
  ['Tue 17 Nov', '2026-11-17'],
  ['Wed 18 Nov', '2026-11-18'],
  ['Thu 19 Nov', '2026-11-19'],
  ['Fri 20 Nov', '2026-11-20'],
  ['Sat 21 Nov', '2026-11-21'],
  ['Sun 22 Nov', '2026-11-22'],
].map(([label, day]) => ({ label: label!, start_date: day!, end_date: day! }));
const withBuckets = <T>(figures: T[]) => figures.map((fig, i) => ({ ...dailyBuckets[i]!, ...fig }));

describe('headcounts', () => {
  it('franchise-wide: recurrent and new guests per day, the week, the week before and today (voided orders not counted)', async () => {
    expect(await answer('headcounts', null)).toEqual({
      window: week,
      series: withBuckets([
        { recurrent: 3, new: 1, total: 4 },
        { recurrent: 0, new: 5, total: 5 },
        { recurrent: 0, new: 4, total: 4 },
        { recurrent: 0, new: 0, total: 0 },
        { recurrent: 1, new: 0, total: 1 },
        { recurrent: 0, new: 0, total: 0 },
        { recurrent: 2, new: 0, total: 2 },
      ]),
      totals: { recurrent: 6, new: 10, total: 16 },
      // Bucket by bucket in 'the comparison series' below.
      previous_series: expect.any(Array),
      previous_totals: { recurrent: 0, new: 2, total: 2 },
      today: { recurrent: 3, new: 2, total: 5 },
    });
  });

  it('one branch: only its guests', async () => {
    const parramatta = await answer('headcounts', f.parramatta);
    expect(parramatta.series.map((b) => b.total)).toEqual([4, 0, 4, 0, 1, 0, 0]);
    expect(parramatta.totals).toEqual({ recurrent: 4, new: 5, total: 9 });
    expect(parramatta.previous_totals).toEqual({ recurrent: 0, new: 2, total: 2 });
    expect(parramatta.today).toEqual({ recurrent: 0, new: 2, total: 2 });
    expect((await answer('headcounts', f.manly)).totals).toEqual({ recurrent: 0, new: 0, total: 0 });
  });
});

describe('orders', () => {
  it('franchise-wide: completed orders by channel and source per day, with totals, previous totals and today', async () => {
    expect(await answer('orders', null)).toEqual({
      window: week,
      series: withBuckets([
        { dine_in: 1, takeaway: 1, delivery: 0, pos: 1, app: 1, total: 2 },
        { dine_in: 1, takeaway: 0, delivery: 0, pos: 1, app: 0, total: 1 },
        { dine_in: 1, takeaway: 0, delivery: 0, pos: 0, app: 1, total: 1 },
        { dine_in: 0, takeaway: 0, delivery: 0, pos: 0, app: 0, total: 0 },
        { dine_in: 0, takeaway: 1, delivery: 0, pos: 1, app: 0, total: 1 },
        { dine_in: 0, takeaway: 0, delivery: 0, pos: 0, app: 0, total: 0 },
        { dine_in: 0, takeaway: 1, delivery: 0, pos: 0, app: 1, total: 1 },
      ]),
      totals: { dine_in: 3, takeaway: 3, delivery: 0, pos: 3, app: 3, total: 6 },
      // Bucket by bucket in 'the comparison series' below.
      previous_series: expect.any(Array),
      previous_totals: { dine_in: 1, takeaway: 0, delivery: 0, pos: 1, app: 0, total: 1 },
      today: { dine_in: 1, takeaway: 1, delivery: 0, pos: 1, app: 1, total: 2 },
    });
  });

  it('one branch', async () => {
    const bondi = await answer('orders', f.bondi);
    expect(bondi.totals).toEqual({ dine_in: 1, takeaway: 1, delivery: 0, pos: 1, app: 1, total: 2 });
    expect(bondi.previous_totals).toEqual({ dine_in: 0, takeaway: 0, delivery: 0, pos: 0, app: 0, total: 0 });
    expect(bondi.today).toEqual({ dine_in: 0, takeaway: 1, delivery: 0, pos: 0, app: 1, total: 1 });
  });
});

describe('revenues', () => {
  it('franchise-wide: revenue by channel, AOV and ATV per day and for the week, the franchise summary and every branch lowest first', async () => {
    const zero = { revenue: 0, dine_in: 0, takeaway: 0, delivery: 0, orders: 0, transactions: 0, aov: 0, atv: 0 };
    expect(await answer('revenues', null)).toEqual({
      window: week,
      series: withBuckets([
        { revenue: 78.5, dine_in: 42.5, takeaway: 36, delivery: 0, orders: 2, transactions: 3, aov: 39.25, atv: 26.17 },
        { revenue: 123, dine_in: 123, takeaway: 0, delivery: 0, orders: 1, transactions: 2, aov: 123, atv: 61.5 },
        { revenue: 40, dine_in: 40, takeaway: 0, delivery: 0, orders: 1, transactions: 3, aov: 40, atv: 13.33 },
        zero,
        { revenue: 12, dine_in: 0, takeaway: 12, delivery: 0, orders: 1, transactions: 1, aov: 12, atv: 12 },
        zero,
        { revenue: 37, dine_in: 0, takeaway: 37, delivery: 0, orders: 1, transactions: 1, aov: 37, atv: 37 },
      ]),
      totals: { revenue: 290.5, dine_in: 205.5, takeaway: 85, delivery: 0, orders: 6, transactions: 10, aov: 48.42, atv: 29.05 },
      // Bucket by bucket in 'the comparison series' below.
      previous_series: expect.any(Array),
      previous_totals: { revenue: 18, dine_in: 18, takeaway: 0, delivery: 0, orders: 1, transactions: 1, aov: 18, atv: 18 },
      delivery_platforms: [],
      franchise_summary: {
        total_revenue: 290.5,
        total_orders: 6,
        // Three branches, Manly without trade included.
        average_revenue_per_restaurant: 96.83,
        total_dine_in_revenue: 205.5,
        total_takeaway_revenue: 85,
        total_delivery_revenue: 0,
        total_discounts: 0,
        total_refunds: 0,
      },
      restaurants: [
        { id: f.manly, name: 'Harbour Manly', location: 'Manly, NSW', units: 0, revenue: 0 },
        { id: f.parramatta, name: 'Harbour Parramatta', location: 'Parramatta, NSW', units: 12, revenue: 130.5 },
        { id: f.bondi, name: 'Harbour Bondi', location: 'Bondi, NSW', units: 13, revenue: 160 },
      ],
    });
  });

  it('one branch: its own figures, the summary averaged over that one branch (AOV rounded half up to the cent)', async () => {
    const parramatta = await answer('revenues', f.parramatta);
    expect(parramatta.totals).toEqual({
      revenue: 130.5,
      dine_in: 82.5,
      takeaway: 48,
      delivery: 0,
      orders: 4,
      transactions: 7,
      aov: 32.63,
      atv: 18.64,
    });
    expect(parramatta.previous_totals.revenue).toBe(18);
    expect(parramatta.series.map((b) => b.revenue)).toEqual([78.5, 0, 40, 0, 12, 0, 0]);
    expect(parramatta.franchise_summary).toEqual({
      total_revenue: 130.5,
      total_orders: 4,
      average_revenue_per_restaurant: 130.5,
      total_dine_in_revenue: 82.5,
      total_takeaway_revenue: 48,
      total_delivery_revenue: 0,
      total_discounts: 0,
      total_refunds: 0,
    });
    expect(parramatta.restaurants).toEqual([
      { id: f.parramatta, name: 'Harbour Parramatta', location: 'Parramatta, NSW', units: 12, revenue: 130.5 },
    ]);
  });
});

describe('best sellers', () => {
  it('franchise-wide: items and combos apart, by units, ties by revenue then name, at most `limit` each', async () => {
    expect(await answer('best-sellers', null, week, 4)).toEqual({
      window: week,
      items: [
        { sku: 'COF', name: 'Coffee', menu: 'All Day', is_combo: false, units: 6, revenue: 27 },
        { sku: 'PST', name: 'Pasta', menu: 'Dinner', is_combo: false, units: 5, revenue: 90 },
        { sku: 'BRG', name: 'Burger', menu: 'Lunch', is_combo: false, units: 3, revenue: 36 },
        { sku: 'SLD', name: 'Salad', menu: 'Lunch', is_combo: false, units: 3, revenue: 30 },
      ],
      combos: [
        { sku: 'CMB', name: 'Combo Meal', menu: 'All Day', is_combo: true, units: 3, revenue: 55.5 },
        { sku: 'KID', name: 'Kids Combo', menu: 'Lunch', is_combo: true, units: 2, revenue: 22 },
      ],
    });
    const top = await answer('best-sellers', null, week, 1);
    expect([...top.items, ...top.combos].map((i) => i.sku)).toEqual(['COF', 'CMB']);
  });

  it('one branch: its sales only', async () => {
    const bondi = await answer('best-sellers', f.bondi);
    expect(bondi.items.map((i) => [i.sku, i.units, i.revenue])).toEqual([
      ['PST', 3, 54],
      ['SLD', 3, 30],
      ['SOU', 3, 30],
      ['COF', 2, 9],
    ]);
    expect(bondi.combos.map((i) => [i.sku, i.units, i.revenue])).toEqual([['CMB', 2, 37]]);
    expect(await answer('best-sellers', f.manly)).toEqual({ window: week, items: [], combos: [] });
  });
});

describe('roster', () => {
  it('franchise-wide: hours, labour cost, attendance, revenue and revenue per labour hour per day; staff by actual hours', async () => {
    const idle = { assigned_hours: 0, actual_hours: 0, labour_cost: 0, attendance: 0, revenue_per_labour_hour: 0 };
    expect(await answer('roster', null)).toEqual({
      window: week,
      series: withBuckets([
        { assigned_hours: 13, actual_hours: 13.5, labour_cost: 380, attendance: 100, revenue: 78.5, revenue_per_labour_hour: 5.81 },
        // Ava was rostered and did not come: attendance 0 %, no labour hours.
        { assigned_hours: 8, actual_hours: 0, labour_cost: 0, attendance: 0, revenue: 123, revenue_per_labour_hour: 0 },
        { assigned_hours: 5, actual_hours: 4.83, labour_cost: 120.83, attendance: 100, revenue: 40, revenue_per_labour_hour: 8.28 },
        { ...idle, revenue: 0 },
        { ...idle, revenue: 12 },
        { ...idle, revenue: 0 },
        { assigned_hours: 7, actual_hours: 7.5, labour_cost: 210, attendance: 100, revenue: 37, revenue_per_labour_hour: 4.93 },
      ]),
      totals: {
        assigned_hours: 33,
        actual_hours: 25.83,
        labour_cost: 710.83,
        attendance: 80,
        revenue: 290.5,
        revenue_per_labour_hour: 11.25,
      },
      // Bucket by bucket in 'the comparison series' below.
      previous_series: expect.any(Array),
      previous_totals: {
        assigned_hours: 8,
        actual_hours: 8,
        labour_cost: 240,
        attendance: 100,
        revenue: 18,
        revenue_per_labour_hour: 2.25,
      },
      staff: [
        {
          person_id: f.people.ben,
          name: 'Ben Ortiz',
          restaurant: 'Harbour Parramatta',
          assigned_hours: 10,
          actual_hours: 9.83,
          percent: 98.3,
        },
        {
          person_id: f.people.ava,
          name: 'Ava Chen',
          restaurant: 'Harbour Parramatta',
          assigned_hours: 16,
          actual_hours: 8.5,
          percent: 53.1,
        },
        { person_id: f.people.cara, name: 'Cara Singh', restaurant: 'Harbour Bondi', assigned_hours: 7, actual_hours: 7.5, percent: 107.1 },
      ],
      staff_count: 3,
    });
  });

  it('one branch: its shifts and its revenue', async () => {
    const bondi = await answer('roster', f.bondi);
    expect(bondi.totals).toEqual({
      assigned_hours: 7,
      actual_hours: 7.5,
      labour_cost: 210,
      attendance: 100,
      revenue: 160,
      revenue_per_labour_hour: 21.33,
    });
    expect(bondi.staff.map((s) => s.name)).toEqual(['Cara Singh']);
    expect((await answer('roster', f.manly)).staff).toEqual([]);
  });
  it('lists a person who worked at two branches once, under the branch of most actual hours', async () => {
    // December is outside every other test's windows.
    const shift = (restaurantId: number, day: string, minutes: number) => ({
      restaurantId,
      personId: f.people.cara,
      day,
      assignedMinutes: minutes,
      actualMinutes: minutes,
      hourlyRateCents: 3000,
      attended: true,
    });
    await recordShifts(db, f.harbour, [shift(f.bondi, '2026-12-01', 60), shift(f.parramatta, '2026-12-02', 120)]);
    const december = windowOf('daily', '2026-12-01', '2026-12-02', ['2026-11-29', '2026-11-30'], '2026-12-03');
    expect((await answer('roster', null, december)).staff).toEqual([
      { person_id: f.people.cara, name: 'Cara Singh', restaurant: 'Harbour Parramatta', assigned_hours: 3, actual_hours: 3, percent: 100 },
    ]);
    expect((await answer('roster', f.bondi, december)).staff).toEqual([
      { person_id: f.people.cara, name: 'Cara Singh', restaurant: 'Harbour Bondi', assigned_hours: 1, actual_hours: 1, percent: 100 },
    ]);
  });
});

describe('roster staff over whole and partial months', () => {
  it('counts only the window’s days, whether a month is read whole, by its days inside, or whole minus its days outside', async () => {
    // 2025 is outside every other test's windows.
    const shift = (personId: number, day: string, minutes: number) => ({
      restaurantId: f.parramatta,
      personId,
      day,
      assignedMinutes: minutes,
      actualMinutes: minutes,
      hourlyRateCents: 3000,
      attended: true,
    });
    await recordShifts(db, f.harbour, [
      shift(f.people.ava, '2025-01-10', 600),
      shift(f.people.ava, '2025-01-20', 60),
      shift(f.people.ava, '2025-02-15', 60),
      shift(f.people.ava, '2025-03-05', 60),
      shift(f.people.ava, '2025-04-03', 60),
      shift(f.people.ava, '2025-04-20', 600),
      // Rostered for no minutes in the window: listed, with zero hours.
      shift(f.people.cara, '2025-04-02', 0),
      // Only outside the window: not listed.
      shift(f.people.ben, '2025-01-05', 600),
      shift(f.people.ben, '2025-04-25', 600),
    ]);
    const ava = { person_id: f.people.ava, name: 'Ava Chen', restaurant: 'Harbour Parramatta' };
    const cara = { person_id: f.people.cara, name: 'Cara Singh', restaurant: 'Harbour Parramatta' };
    const expected = [
      { ...ava, assigned_hours: 4, actual_hours: 4, percent: 100 },
      { ...cara, assigned_hours: 0, actual_hours: 0, percent: 0 },
    ];
    const previous: [string, string] = ['2024-10-26', '2025-01-17'];
    // 18 Jan–8 Apr: January's days inside, February and March whole, April whole minus 9–30 April (today is the 9th, later days have no rows)…
    expect((await answer('roster', null, windowOf('monthly', '2025-01-18', '2025-04-08', previous, '2025-04-09'))).staff).toEqual(expected);
    // …or April's days inside, when today is far later.
    expect((await answer('roster', f.parramatta, windowOf('monthly', '2025-01-18', '2025-04-08', previous, '2026-01-01'))).staff).toEqual(
      expected,
    );
    // Within one month, minus days on both sides.
    expect(
      (await answer('roster', null, windowOf('daily', '2025-02-10', '2025-02-20', ['2025-01-30', '2025-02-09'], '2025-02-21'))).staff,
    ).toEqual([{ ...ava, assigned_hours: 1, actual_hours: 1, percent: 100 }]);
  });
});

describe('procurement', () => {
  it('franchise-wide: spend per day, totals with distinct suppliers, all ten categories by spend, suppliers by spend', async () => {
    expect(await answer('procurement', null)).toEqual({
      window: week,
      series: withBuckets([{ spend: 200 }, { spend: 0 }, { spend: 0 }, { spend: 220 }, { spend: 108 }, { spend: 0 }, { spend: 0 }]),
      totals: { spend: 528, quantity: 55, suppliers: 3, average_per_supplier: 176 },
      previous_totals: { spend: 90, quantity: 4, suppliers: 1, average_per_supplier: 90 },
      categories: [
        { category: 'seafood', quantity: 5, spend: 220 },
        { category: 'vegetables', quantity: 28, spend: 210 },
        { category: 'fruits', quantity: 10, spend: 50 },
        { category: 'dairy', quantity: 12, spend: 48 },
        { category: 'meat', quantity: 0, spend: 0 },
        { category: 'bakery', quantity: 0, spend: 0 },
        { category: 'beverages', quantity: 0, spend: 0 },
        { category: 'grains', quantity: 0, spend: 0 },
        { category: 'snacks', quantity: 0, spend: 0 },
        { category: 'condiments', quantity: 0, spend: 0 },
      ],
      suppliers: [
        { id: f.suppliers.fresh, name: 'Fresh Farms', quantity: 38, spend: 260 },
        { id: f.suppliers.ocean, name: 'Ocean Catch', quantity: 5, spend: 220 },
        { id: f.suppliers.dairy, name: 'Dairy Co', quantity: 12, spend: 48 },
      ],
    });
  });

  it('one branch; a branch that bought nothing still lists all ten categories', async () => {
    const bondi = await answer('procurement', f.bondi);
    expect(bondi.totals).toEqual({ spend: 108, quantity: 20, suppliers: 2, average_per_supplier: 54 });
    expect(bondi.previous_totals).toEqual({ spend: 0, quantity: 0, suppliers: 0, average_per_supplier: 0 });
    expect(bondi.categories.map((c) => [c.category, c.spend])).toEqual([
      ['vegetables', 60],
      ['dairy', 48],
      ['meat', 0],
      ['bakery', 0],
      ['seafood', 0],
      ['beverages', 0],
      ['fruits', 0],
      ['grains', 0],
      ['snacks', 0],
      ['condiments', 0],
    ]);
    expect(bondi.suppliers.map((s) => [s.name, s.quantity, s.spend])).toEqual([
      ['Fresh Farms', 8, 60],
      ['Dairy Co', 12, 48],
    ]);
    const manly = await answer('procurement', f.manly);
    expect(manly.categories.map((c) => c.category)).toEqual([...PURCHASE_CATEGORIES]);
    expect(manly.suppliers).toEqual([]);
  });
});

describe('weekly and monthly grouping', () => {
  it('weekly: Monday-start weeks clipped to the window, an empty first week present', async () => {
    const window = windowOf('weekly', '2026-11-04', '2026-11-22', ['2026-10-16', '2026-11-03'], '2026-11-23');
    const revenues = await answer('revenues', null, window);
    expect(revenues.series.map((b) => [b.label, b.start_date, b.end_date, b.revenue, b.orders])).toEqual([
      ['4–8 Nov', '2026-11-04', '2026-11-08', 0, 0],
      ['9–15 Nov', '2026-11-09', '2026-11-15', 18, 1],
      ['16–22 Nov', '2026-11-16', '2026-11-22', 290.5, 6],
    ]);
    expect(revenues.totals).toEqual({
      revenue: 308.5,
      dine_in: 223.5,
      takeaway: 85,
      delivery: 0,
      orders: 7,
      transactions: 11,
      aov: 44.07,
      atv: 28.05,
    });
    expect(revenues.previous_totals.revenue).toBe(0);
    const headcounts = await answer('headcounts', null, window);
    expect(headcounts.series.map((b) => [b.recurrent, b.new])).toEqual([
      [0, 0],
      [0, 2],
      [6, 10],
    ]);
    const roster = await answer('roster', null, window);
    expect(roster.series.map((b) => [b.label, b.assigned_hours, b.labour_cost, b.attendance])).toEqual([
      ['4–8 Nov', 0, 0, 0],
      ['9–15 Nov', 8, 240, 100],
      ['16–22 Nov', 33, 710.83, 80],
    ]);
    const procurement = await answer('procurement', null, window);
    expect(procurement.series.map((b) => b.spend)).toEqual([0, 90, 528]);
    expect(procurement.totals).toEqual({ spend: 618, quantity: 59, suppliers: 3, average_per_supplier: 206 });
  });

  it('monthly: calendar months clipped to the window; the previous window holds September', async () => {
    const window = windowOf('monthly', '2026-10-01', '2026-11-22', ['2026-08-09', '2026-09-30'], '2026-11-23');
    const orders = await answer('orders', null, window);
    expect(orders.series.map((b) => [b.label, b.start_date, b.end_date, b.total])).toEqual([
      ['Oct 2026', '2026-10-01', '2026-10-31', 3],
      ['1–22 Nov', '2026-11-01', '2026-11-22', 7],
    ]);
    expect(orders.previous_totals.total).toBe(2);
    const revenues = await answer('revenues', null, window);
    expect(revenues.series.map((b) => b.revenue)).toEqual([280, 308.5]);
    expect(revenues.totals.revenue).toBe(588.5);
    expect(revenues.previous_totals.revenue).toBe(30);
  });
});

describe('the comparison series', () => {
  /** The comparison window's days, read as a daily answer of their own, moved forward and summed into the window's buckets. */
  async function modelled<K extends 'orders' | 'headcounts'>(kind: K, window: AnalyticsWindow, keys: string[]) {
    const shift = dayDiff(window.previous.start_date, window.start_date);
    const days = windowOf('daily', window.previous.start_date, window.previous.end_date, ['2026-01-01', '2026-01-01'], window.today);
    const daily = (await answer(kind, null, days)).series as unknown as Record<string, number | string>[];
    const buckets = (await answer(kind, null, window)).series;
    const sums = buckets.map(() => Object.fromEntries(keys.map((k) => [k, 0])));
    for (const day of daily) {
      const moved = addDays(day.start_date as string, shift);
      const i = buckets.findIndex((b) => b.start_date <= moved && moved <= b.end_date);
      for (const k of keys) sums[i]![k]! += day[k] as number;
    }
    return sums;
  }

  it.each([
    ['daily, the week before', windowOf('daily', '2026-11-16', '2026-11-22', ['2026-11-09', '2026-11-15'], '2026-11-23')],
    [
      'weekly, 10 days back (weeks do not line up)',
      windowOf('weekly', '2026-11-13', '2026-11-22', ['2026-11-03', '2026-11-12'], '2026-11-23'),
    ],
    ['monthly, 53 days back', windowOf('monthly', '2026-10-01', '2026-11-22', ['2026-08-09', '2026-09-30'], '2026-11-23')],
  ])('%s: each bucket holds its days moved back, and the buckets sum to the previous totals', async (_, window) => {
    const orders = await answer('orders', null, window);
    const headcounts = await answer('headcounts', null, window);
    expect(orders.previous_series).toEqual(await modelled('orders', window, ['dine_in', 'takeaway', 'delivery', 'pos', 'app', 'total']));
    expect(headcounts.previous_series).toEqual(await modelled('headcounts', window, ['recurrent', 'new', 'total']));
    expect(orders.previous_series.reduce((n, b) => n + b.total, 0)).toBe(orders.previous_totals.total);
    expect(orders.previous_totals.total).toBeGreaterThan(0);
    const revenues = await answer('revenues', null, window);
    expect(revenues.previous_series).toHaveLength(revenues.series.length);
    expect(revenues.previous_series.reduce((n, b) => n + b.revenue, 0)).toBeCloseTo(revenues.previous_totals.revenue, 2);
  });
});

describe('daylight-saving changes in Sydney', () => {
  it('a week across the start of daylight saving (4 October 2026) counts each order on its Sydney day', async () => {
    const window = windowOf('weekly', '2026-09-23', '2026-10-07', ['2026-09-08', '2026-09-22'], '2026-10-08');
    const revenues = await answer('revenues', f.parramatta, window);
    expect(revenues.series.map((b) => [b.label, b.revenue, b.orders])).toEqual([
      ['23–27 Sep', 10, 1],
      ['28 Sep–4 Oct', 220, 3],
      ['5–7 Oct', 80, 1],
    ]);
    expect((await answer('revenues', null, window)).totals.revenue).toBe(310);
  });

  it('a month across the end of daylight saving (5 April 2026, 02:00–03:00 twice) counts both 02:30s on 5 April', async () => {
    const window = windowOf('monthly', '2026-03-30', '2026-05-03', ['2026-02-23', '2026-03-29'], '2026-05-04');
    const revenues = await answer('revenues', null, window);
    expect(revenues.series.map((b) => [b.label, b.start_date, b.end_date, b.revenue, b.orders])).toEqual([
      ['30–31 Mar', '2026-03-30', '2026-03-31', 10, 1],
      ['Apr 2026', '2026-04-01', '2026-04-30', 300, 4],
      ['1–3 May', '2026-05-01', '2026-05-03', 320, 1],
    ]);
    const daily = await answer(
      'orders',
      f.bondi,
      windowOf('daily', '2026-04-04', '2026-04-06', ['2026-04-01', '2026-04-03'], '2026-04-07'),
    );
    expect(daily.series.map((b) => [b.label, b.total])).toEqual([
      ['Sat 4 Apr', 0],
      ['Sun 5 Apr', 2],
      ['Mon 6 Apr', 0],
    ]);
    // 1–3 April: only the order at 00:30 on 1 April (23:30 on 31 March is March).
    expect(daily.previous_totals.total).toBe(1);
  });
});

describe('franchise isolation', () => {
  it("the rival's trade is never counted in Harbour's answers, nor Harbour's in the rival's", async () => {
    const rival = await answer('revenues', null, week, 10, f.rival);
    expect(rival.totals.revenue).toBe(999.99);
    expect(rival.previous_totals.revenue).toBe(900);
    expect(rival.restaurants.map((r) => r.name)).toEqual(['Rival Glenelg']);
    expect((await answer('orders', null, week, 10, f.rival)).today.total).toBe(1);
    const sellers = await answer('best-sellers', null, week, 10, f.rival);
    expect([...sellers.items, ...sellers.combos].map((i) => i.sku)).toEqual(['RVL']);
    expect((await answer('roster', null, week, 10, f.rival)).staff.map((s) => s.name)).toEqual(['Rex Rival']);
    expect((await answer('procurement', null, week, 10, f.rival)).suppliers.map((s) => s.name)).toEqual(['Rival Wholesale']);
  });

  it('a branch of another franchise gives nothing, even if asked for by id', async () => {
    const foreign = await answer('revenues', f.rivalBranch);
    expect(foreign.totals.revenue).toBe(0);
    expect(foreign.restaurants).toEqual([]);
    expect(foreign.franchise_summary.average_revenue_per_restaurant).toBe(0);
    expect((await answer('orders', f.rivalBranch)).today.total).toBe(0);
    expect(await answer('best-sellers', f.rivalBranch)).toEqual({ window: week, items: [], combos: [] });
    expect((await answer('roster', f.rivalBranch)).staff).toEqual([]);
    expect((await answer('procurement', f.rivalBranch)).totals.spend).toBe(0);
    expect((await answer('headcounts', f.parramatta, week, 10, f.rival)).totals.total).toBe(0);
  });
});

describe('franchise-wide answers on random trade', () => {
  it('equal the sums of the per-branch answers (seeded random trade across a DST change, every grouping)', async () => {
    const cents = (dollars: number) => Math.round(dollars * 100);
    const sumBy = <T>(answers: T[], pick: (a: T) => number) => answers.reduce((s, a) => s + pick(a), 0);
    let traded = 0;
    await fc.assert(
      fc.asyncProperty(datasetArb, fc.constantFrom<Grouping>('daily', 'weekly', 'monthly'), async (dataset, grouping) => {
        const world = await createWorld(db);
        await write(db, world, dataset);
        for (const franchise of world.franchises) {
          // The random trade's fourteen UTC days reach 12 April in Sydney and Adelaide.
          const window = {
            ...windowOf(grouping, DAYS[0]!, '2026-04-12', ['2026-03-14', '2026-03-28'], '2026-04-12'),
            time_zone: franchise.timeZone,
          };
          const all = (kind: AnalyticsKind) =>
            Promise.all(
              [null, ...franchise.restaurants].map((restaurantId) =>
                analyticsAnswer(db, kind, { franchiseId: franchise.id, restaurantId }, window, { limit: 50, now: seenAt(window) }),
              ),
            );
          const [[orders, ...branchOrders], [guests, ...branchGuests]] = [
            (await all('orders')) as Orders[],
            (await all('headcounts')) as Headcounts[],
          ];
          for (const key of ['dine_in', 'takeaway', 'delivery', 'pos', 'app', 'total'] as const) {
            expect(orders!.totals[key]).toBe(sumBy(branchOrders, (a) => a.totals[key]));
            expect(orders!.today[key]).toBe(sumBy(branchOrders, (a) => a.today[key]));
            orders!.series.forEach((bucket, i) => expect(bucket[key]).toBe(sumBy(branchOrders, (a) => a.series[i]![key])));
          }
          for (const key of ['recurrent', 'new', 'total'] as const) {
            expect(guests!.totals[key]).toBe(sumBy(branchGuests, (a) => a.totals[key]));
            guests!.series.forEach((bucket, i) => expect(bucket[key]).toBe(sumBy(branchGuests, (a) => a.series[i]![key])));
          }

          const [revenues, ...branchRevenues] = (await all('revenues')) as Revenues[];
          for (const key of ['revenue', 'dine_in', 'takeaway', 'delivery'] as const) {
            expect(cents(revenues!.totals[key])).toBe(sumBy(branchRevenues, (a) => cents(a.totals[key])));
            revenues!.series.forEach((bucket, i) =>
              expect(cents(bucket[key])).toBe(sumBy(branchRevenues, (a) => cents(a.series[i]![key]))),
            );
          }
          expect(revenues!.totals.transactions).toBe(sumBy(branchRevenues, (a) => a.totals.transactions));
          expect([...revenues!.restaurants].sort((a, b) => a.id - b.id)).toEqual(branchRevenues.flatMap((a) => a.restaurants));

          const [sellers, ...branchSellers] = (await all('best-sellers')) as BestSellers[];
          const unitsBySku = (answers: BestSellers[]) => {
            const units = new Map<string, number>();
            for (const i of answers.flatMap((a) => [...a.items, ...a.combos])) units.set(i.sku, (units.get(i.sku) ?? 0) + i.units);
            return [...units].sort();
          };
          expect(unitsBySku([sellers!])).toEqual(unitsBySku(branchSellers));

          const [roster, ...branchRosters] = (await all('roster')) as Roster[];
          expect(cents(roster!.totals.labour_cost)).toBe(sumBy(branchRosters, (a) => cents(a.totals.labour_cost)));
          // Hours are rounded to the hundredth in each answer.
          expect(Math.abs(roster!.totals.actual_hours - sumBy(branchRosters, (a) => a.totals.actual_hours))).toBeLessThanOrEqual(0.011);
          expect(new Set(roster!.staff.map((s) => s.person_id))).toEqual(
            new Set(branchRosters.flatMap((a) => a.staff.map((s) => s.person_id))),
          );
          expect(roster!.staff_count).toBe(roster!.staff.length);

          const [procurement, ...branchProcurement] = (await all('procurement')) as Procurement[];
          expect(cents(procurement!.totals.spend)).toBe(sumBy(branchProcurement, (a) => cents(a.totals.spend)));
          expect(procurement!.totals.quantity).toBe(sumBy(branchProcurement, (a) => a.totals.quantity));
          for (const c of procurement!.categories) {
            expect(c.quantity).toBe(sumBy(branchProcurement, (a) => a.categories.find((b) => b.category === c.category)!.quantity));
          }
          if (orders!.totals.total > 0 && procurement!.totals.spend > 0) traded++;
        }
      }),
      { seed: 20261123, numRuns: 8 },
    );
    // The seeded runs had trade to compare (16 franchise runs in all).
    expect(traded).toBeGreaterThanOrEqual(4);
  });
});
