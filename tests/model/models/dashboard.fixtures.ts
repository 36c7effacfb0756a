// Answers of the dashboard's calls for its tests: one week of trade, and the same week without any (nor targets); the
// forecast card's last 14 days and next 14.
import type { AnalyticsWindow, Bucket } from '@contract/analytics.contract';
import type { DashboardCard, DashboardData } from '../../../src/machines/dashboard.machine';

export const WINDOW: AnalyticsWindow = {
  start_date: '2026-11-16',
  end_date: '2026-11-22',
  days: 7,
  grouping: 'daily',
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: '2026-11-09', end_date: '2026-11-15' },
  today: '2026-11-23',
};

const DAYS = ['16', '17', '18', '19', '20', '21', '22'];
const bucket = (day: string): Bucket => ({ label: `2026-11-${day}`, start_date: `2026-11-${day}`, end_date: `2026-11-${day}` });

export const BRANCHES = [
  { id: 7, name: 'Parramatta' },
  { id: 9, name: 'Bondi Beach' },
];

const revenueFigures = (dineIn: number, takeaway: number, orders: number) => ({
  revenue: dineIn + takeaway,
  dine_in: dineIn,
  takeaway,
  delivery: 0,
  orders,
  transactions: orders + 2,
  aov: Math.round(((dineIn + takeaway) / orders) * 100) / 100,
  atv: Math.round(((dineIn + takeaway) / (orders + 2)) * 100) / 100,
});

/** Names an answer in generated test names and QA documents (JSON.stringify calls toJSON) instead of spelling it out. */
function described<T extends object>(answers: T, words: string): T {
  for (const answer of Object.values(answers)) Object.defineProperty(answer, 'toJSON', { value: () => words, enumerable: false });
  return answers;
}

/** The forecast card's days: the 14 closed days to 22 Nov, then the 14 from 23 Nov. */
const dayOf = (first: string, i: number) => new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
const LAST_DAYS = Array.from({ length: 14 }, (_, i) => dayOf('2026-11-09', i));
const NEXT_DAYS = Array.from({ length: 14 }, (_, i) => dayOf('2026-11-23', i));

export const TRADE: DashboardData = described(
  {
    headcounts: {
      window: WINDOW,
      series: DAYS.map((d, i) => ({ ...bucket(d), recurrent: 40 + i, new: 20 + i, total: 60 + 2 * i })),
      previous_series: DAYS.map((_, i) => ({ recurrent: 40, new: 20, total: 60 + (i % 2) })),
      totals: { recurrent: 301, new: 161, total: 462 },
      previous_totals: { recurrent: 280, new: 140, total: 420 },
      today: { recurrent: 12, new: 9, total: 21 },
    },
    revenues: {
      window: WINDOW,
      series: DAYS.map((d, i) => ({ ...bucket(d), ...revenueFigures(1000 + 10 * i, 500 + 5 * i, 50 + i) })),
      previous_series: DAYS.map(() => revenueFigures(857, 429, 50)),
      totals: revenueFigures(7210, 3605, 371),
      previous_totals: revenueFigures(6000, 3000, 350),
      delivery_platforms: [],
      franchise_summary: {
        total_revenue: 10815,
        total_orders: 371,
        average_revenue_per_restaurant: 5407.5,
        total_dine_in_revenue: 7210,
        total_takeaway_revenue: 3605,
        total_delivery_revenue: 0,
        total_discounts: 412.5,
        total_refunds: 36,
      },
      restaurants: [
        { id: 9, name: 'Bondi Beach', location: 'Bondi, NSW', units: 400, revenue: 5000 },
        { id: 7, name: 'Parramatta', location: 'Parramatta, NSW', units: 420, revenue: 5815 },
      ],
    },
    'best-sellers': {
      window: WINDOW,
      items: [
        { sku: 'BRG-01', name: 'Wagyu Burger', menu: 'Lunch', is_combo: false, units: 312, revenue: 6552 },
        { sku: 'PST-02', name: 'Prawn Linguine', menu: 'Dinner', is_combo: false, units: 204, revenue: 5508 },
      ],
      combos: [{ sku: 'CMB-01', name: 'Burger Combo', menu: 'All Day', is_combo: true, units: 90, revenue: 2250 }],
    },
    orders: {
      window: WINDOW,
      series: DAYS.map((d, i) => ({
        ...bucket(d),
        dine_in: 30 + i,
        takeaway: 20 + i,
        delivery: 0,
        pos: 35 + i,
        app: 15 + i,
        total: 50 + 2 * i,
      })),
      previous_series: DAYS.map(() => ({ dine_in: 28, takeaway: 21, delivery: 0, pos: 34, app: 15, total: 49 })),
      totals: { dine_in: 231, takeaway: 161, delivery: 0, pos: 266, app: 126, total: 392 },
      previous_totals: { dine_in: 200, takeaway: 150, delivery: 0, pos: 240, app: 110, total: 350 },
      today: { dine_in: 18, takeaway: 11, delivery: 0, pos: 20, app: 9, total: 29 },
    },
    roster: {
      window: WINDOW,
      series: DAYS.map((d) => ({
        ...bucket(d),
        assigned_hours: 80,
        actual_hours: 76,
        labour_cost: 2128,
        attendance: 95,
        revenue: 1545,
        revenue_per_labour_hour: 20.33,
      })),
      previous_series: DAYS.map(() => ({
        assigned_hours: 80,
        actual_hours: 77,
        labour_cost: 2160,
        attendance: 96,
        revenue: 1286,
        revenue_per_labour_hour: 16.7,
      })),
      totals: {
        assigned_hours: 560,
        actual_hours: 532,
        labour_cost: 14896,
        attendance: 95,
        revenue: 10815,
        revenue_per_labour_hour: 20.33,
      },
      previous_totals: {
        assigned_hours: 560,
        actual_hours: 540,
        labour_cost: 15120,
        attendance: 96,
        revenue: 9000,
        revenue_per_labour_hour: 16.67,
      },
      staff: [
        { person_id: 1, name: 'Mia Chen', restaurant: 'Parramatta', assigned_hours: 40, actual_hours: 38.5, percent: 96.3 },
        { person_id: 2, name: 'Noah Patel', restaurant: 'Bondi Beach', assigned_hours: 40, actual_hours: 30, percent: 75 },
      ],
      staff_count: 2,
    },
    procurement: {
      window: WINDOW,
      series: DAYS.map((d, i) => ({ ...bucket(d), spend: 400 + 10 * i })),
      totals: { spend: 2990, quantity: 640, suppliers: 4, average_per_supplier: 747.5 },
      previous_totals: { spend: 2800, quantity: 600, suppliers: 4, average_per_supplier: 700 },
      categories: [
        { category: 'meat', quantity: 120, spend: 1200 },
        { category: 'vegetables', quantity: 300, spend: 800 },
        { category: 'dairy', quantity: 90, spend: 450 },
        { category: 'seafood', quantity: 40, spend: 340 },
        { category: 'bakery', quantity: 90, spend: 200 },
      ],
      suppliers: [{ id: 1, name: 'Fresh Farms', quantity: 640, spend: 2990 }],
    },
    targets: {
      window: WINDOW,
      totals: { revenue: 10815, target: 12000, variance: -1185, variance_pct: -9.9 },
      series: DAYS.map((d, i) => ({ ...bucket(d), revenue: 1500 + 15 * i, target: 1714.29 })),
      restaurants: [
        { id: 9, name: 'Bondi Beach', revenue: 5000, target: 6000, variance: -1000, variance_pct: -16.7 },
        { id: 7, name: 'Parramatta', revenue: 5815, target: 6000, variance: -185, variance_pct: -3.1 },
      ],
    },
    forecast: {
      actuals: LAST_DAYS.map((day, i) => ({ day, revenue: 1400 + 10 * i })),
      forecast: {
        method: 'Weekday average',
        days: NEXT_DAYS.map((day, i) => ({ day, revenue: 1600 + 5 * i, low: 1400, high: 1800 + 5 * i })),
        backtest: { days: 56, mape: 8.4 },
      },
    },
  },
  'a week of trade',
);

const zeroRevenue = revenueFigures(0, 0, 1);

/** The same window without any trade: every bucket present and zero. */
export const NO_TRADE: DashboardData = described(
  {
    headcounts: {
      ...TRADE.headcounts,
      series: TRADE.headcounts.series.map((b) => ({ ...b, recurrent: 0, new: 0, total: 0 })),
      totals: { recurrent: 0, new: 0, total: 0 },
      today: { recurrent: 0, new: 0, total: 0 },
    },
    revenues: {
      ...TRADE.revenues,
      series: TRADE.revenues.series.map((b) => ({ ...b, ...zeroRevenue, orders: 0, transactions: 0, aov: 0, atv: 0 })),
      totals: { ...zeroRevenue, orders: 0, transactions: 0, aov: 0, atv: 0 },
      delivery_platforms: [],
      franchise_summary: {
        total_revenue: 0,
        total_orders: 0,
        average_revenue_per_restaurant: 0,
        total_dine_in_revenue: 0,
        total_takeaway_revenue: 0,
        total_delivery_revenue: 0,
        total_discounts: 0,
        total_refunds: 0,
      },
    },
    'best-sellers': { window: WINDOW, items: [], combos: [] },
    orders: {
      ...TRADE.orders,
      series: TRADE.orders.series.map((b) => ({ ...b, dine_in: 0, takeaway: 0, delivery: 0, pos: 0, app: 0, total: 0 })),
      totals: { dine_in: 0, takeaway: 0, delivery: 0, pos: 0, app: 0, total: 0 },
      today: { dine_in: 0, takeaway: 0, delivery: 0, pos: 0, app: 0, total: 0 },
    },
    roster: { ...TRADE.roster, staff: [], staff_count: 0 },
    procurement: {
      ...TRADE.procurement,
      series: TRADE.procurement.series.map((b) => ({ ...b, spend: 0 })),
      totals: { spend: 0, quantity: 0, suppliers: 0, average_per_supplier: 0 },
      categories: TRADE.procurement.categories.map((c) => ({ ...c, quantity: 0, spend: 0 })),
      suppliers: [],
    },
    targets: {
      ...TRADE.targets,
      totals: { revenue: 0, target: 0, variance: 0, variance_pct: null },
      series: TRADE.targets.series.map((b) => ({ ...b, revenue: 0, target: 0 })),
      restaurants: TRADE.targets.restaurants.map((r) => ({ ...r, revenue: 0, target: 0, variance: 0, variance_pct: null })),
    },
    forecast: {
      actuals: TRADE.forecast.actuals.map((d) => ({ ...d, revenue: 0 })),
      forecast: {
        ...TRADE.forecast.forecast,
        days: TRADE.forecast.forecast.days.map((d) => ({ ...d, revenue: 0, low: 0, high: 0 })),
        backtest: { days: 56, mape: null },
      },
    },
  },
  'a week without trade',
);

/** The message each card shows when its call fails (the defaults of docs/product.md#errors). */
export const FAILURE: Record<DashboardCard, string> = {
  headcounts: 'Failed to fetch headcount data',
  revenues: 'Failed to fetch revenue data',
  'best-sellers': 'Failed to fetch best sellers data',
  orders: 'Failed to fetch orders data',
  roster: 'Failed to fetch roster data',
  procurement: 'Failed to fetch procurement data',
  targets: 'Failed to fetch target data',
  forecast: 'Failed to fetch forecast',
};
