import { RANGES, type AnalyticsWindow, type Grouping, type ParsedAnalyticsQuery, type Range } from '@contract/analytics.contract.js';
import {
  PAGE_TITLES,
  type AnalyticsPage,
  type CellUnit,
  type PageReport,
  type ReportCard,
  type ReportCell,
  type ReportChart,
  type ReportColumn,
  type ReportRow,
  type ReportTable,
} from '@contract/page-reports.contract.js';
import { MONTHS, RANGE_LABELS } from '@contract/presentation/labels.js';
import type { Db } from '../db/database.js';
import { dayStartMs } from './calendar.js';
import { analyticsAnswer } from './answers/analytics-answer.js';
import { branchComparison } from './answers/branch-comparison.js';
import { reportHeading } from './answers/report-heading.js';
import { rosterTally } from './answers/roster.js';
import { byText, dollars, hours, percent, perDollars, perHour } from './answers/rounding.js';
import type { AnalyticsScope } from './answers/scope.js';

// The five analytics pages (issue 7) as reports: built from the analytics answers (and, for the
// roster, from its counters before rounding), so a page shows the figures of the dashboard's calls.
// Every Total is summed from integer cents, minutes and counts, so money rows add up to it to the cent.

export type ReportHeading = Awaited<ReturnType<typeof reportHeading>>;

export type PageReportOptions = {
  limit: number;
  now: Date;
  answer?: typeof analyticsAnswer;
  /** The franchise's and branch's names; read from the database when not given (the routes keep them in their read cache). */
  heading?: () => Promise<ReportHeading>;
};

type Figures = Omit<PageReport, 'page' | 'title' | 'franchise' | 'branch' | 'window' | 'range_label' | 'compared_with' | 'generated_at'>;
type Context = {
  db: Db;
  scope: AnalyticsScope;
  window: AnalyticsWindow;
  limit: number;
  rangeLabel: string;
  answer: typeof analyticsAnswer;
};

/** Dollars of an answer (cents / 100) back to their integer cents. */
const cents = (amount: number) => Math.round(amount * 100);
/** part / whole in %, one decimal; null when whole is 0 (a share of nothing is undefined). */
const share = (part: number, whole: number) => (whole === 0 ? null : percent(part, whole));
const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((s, item) => s + pick(item), 0);

const column = (key: string, label: string, unit: CellUnit): ReportColumn => ({ key, label, unit });
const card = (id: string, label: string, unit: CellUnit, value: number, previous: number | null, lowerIsBetter = false): ReportCard =>
  lowerIsBetter ? { id, label, unit, value, previous, lower_is_better: true } : { id, label, unit, value, previous };
const row = (cells: ReportCell[], restaurantId?: number): ReportRow =>
  restaurantId === undefined ? { cells } : { cells, restaurant_id: restaurantId };
const table = (
  id: string,
  title: string,
  columns: ReportColumn[],
  rows: ReportRow[],
  total: ReportRow | null,
  emptyText: string,
): ReportTable => ({
  id,
  title,
  columns,
  rows,
  total,
  empty_text: emptyText,
});
const lineChart = (title: string, tableId: string, series: string[]): ReportChart => ({
  title,
  type: 'line',
  table: tableId,
  category: 'period',
  series,
});

const PERIOD_LABELS: Record<Grouping, string> = { daily: 'Date', weekly: 'Week', monthly: 'Month' };
const periodColumn = (w: AnalyticsWindow) => column('period', PERIOD_LABELS[w.grouping], 'text');
const NO_TRADE = 'No trade in this window.';

/** "16 Nov 2026". */
function dateLabel(day: string): string {
  const d = new Date(dayStartMs(day));
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "Last 7 Days" for a range without dates, else the window's dates. */
export function rangeLabel(query: Pick<ParsedAnalyticsQuery, 'period' | 'start_date'>, w: AnalyticsWindow): string {
  const range = (RANGES as readonly string[]).includes(query.period) && query.start_date === undefined ? (query.period as Range) : null;
  return range ? RANGE_LABELS[range] : `${dateLabel(w.start_date)} – ${dateLabel(w.end_date)}`;
}

async function orderPage({ db, scope, window, limit, answer }: Context): Promise<Figures> {
  const o = await answer(db, 'orders', scope, window, { limit });
  return {
    cards: [
      card('total_orders', 'Total Orders', 'count', o.totals.total, o.previous_totals.total),
      card('pos', 'Total Orders by POS', 'count', o.totals.pos, o.previous_totals.pos),
      card('app', 'Total Orders by App', 'count', o.totals.app, o.previous_totals.app),
    ],
    tables: [
      table(
        'breakdown',
        'Order Breakdown',
        [
          periodColumn(window),
          column('dine_in', 'Dine-In', 'count'),
          column('takeaway', 'Takeaway', 'count'),
          column('total', 'Total', 'count'),
        ],
        o.series.map((b) => row([b.label, b.dine_in, b.takeaway, b.total])),
        row(['Total', sum(o.series, (b) => b.dine_in), sum(o.series, (b) => b.takeaway), sum(o.series, (b) => b.total)]),
        NO_TRADE,
      ),
    ],
    chart: lineChart('Orders', 'breakdown', ['dine_in', 'takeaway']),
  };
}

async function headcountPage({ db, scope, window, limit, answer }: Context): Promise<Figures> {
  const h = await answer(db, 'headcounts', scope, window, { limit });
  return {
    cards: [
      card('total', 'Total Headcount', 'count', h.totals.total, h.previous_totals.total),
      card('recurrent', 'Recurrent Patrons', 'count', h.totals.recurrent, h.previous_totals.recurrent),
      card('new', 'New Patrons', 'count', h.totals.new, h.previous_totals.new),
    ],
    tables: [
      table(
        'breakdown',
        'Headcount Breakdown',
        [
          periodColumn(window),
          column('recurrent', 'Recurrent', 'count'),
          column('new', 'New Patron', 'count'),
          column('total', 'Total', 'count'),
        ],
        h.series.map((b) => row([b.label, b.recurrent, b.new, b.total])),
        row(['Total', sum(h.series, (b) => b.recurrent), sum(h.series, (b) => b.new), sum(h.series, (b) => b.total)]),
        NO_TRADE,
      ),
    ],
    chart: lineChart('Headcount', 'breakdown', ['recurrent', 'new']),
  };
}

async function rosterPage({ db, scope, window, rangeLabel: range }: Context): Promise<Figures> {
  const t = await rosterTally(db, scope, window);
  const revenue = (c: (typeof t.series)[number]) => c.revenue_dine_in_cents + c.revenue_takeaway_cents;
  const attendance = (c: (typeof t.series)[number]) => (c.shifts === 0 ? null : percent(c.shifts_attended, c.shifts));
  const figures = (label: string, c: (typeof t.series)[number], attended: number | null) =>
    row([
      label,
      dollars(c.labour_cost_cents),
      attended,
      dollars(revenue(c)),
      c.actual_minutes === 0 ? null : perHour(revenue(c), c.actual_minutes),
      share(c.labour_cost_cents, revenue(c)),
      hours(c.assigned_minutes),
      hours(c.actual_minutes),
    ]);
  const summed = Object.fromEntries(Object.keys(t.totals).map((k) => [k, sum(t.series, (c) => c[k as keyof typeof c])])) as typeof t.totals;
  // The rows' attendance averaged over the rows with rostered shifts, in tenths of a per cent as shown.
  const rostered = t.series.map(attendance).filter((a): a is number => a !== null);
  const meanAttendance = rostered.length === 0 ? null : Math.round(sum(rostered, (a) => Math.round(a * 10)) / rostered.length) / 10;
  const assigned = sum(t.staff, (p) => p.assigned_minutes);
  const actual = sum(t.staff, (p) => p.actual_minutes);
  const previousRevenue = revenue(t.previous);
  return {
    cards: [
      card('labour_cost', 'Labour Cost', 'money', dollars(t.totals.labour_cost_cents), dollars(t.previous.labour_cost_cents)),
      card('attendance', 'Attendance (all shifts)', 'percent', attendance(t.totals) ?? 0, attendance(t.previous)),
      card(
        'revenue_per_hour',
        'Productivity',
        'money_per_hour',
        perHour(revenue(t.totals), t.totals.actual_minutes),
        t.previous.actual_minutes === 0 ? null : perHour(previousRevenue, t.previous.actual_minutes),
      ),
      card(
        'labour_share',
        'Labour Cost % of Revenue',
        'percent',
        share(t.totals.labour_cost_cents, revenue(t.totals)) ?? 0,
        share(t.previous.labour_cost_cents, previousRevenue),
        true,
      ),
    ],
    tables: [
      table(
        'breakdown',
        'Roster & Productivity Breakdown',
        [
          periodColumn(window),
          column('labour_cost', 'Labour Cost', 'money'),
          column('attendance', 'Attendance (%)', 'percent'),
          column('revenue', 'Revenue', 'money'),
          column('productivity', 'Productivity ($/h)', 'money_per_hour'),
          column('labour_share', 'Labour % of Revenue', 'percent'),
          column('assigned_hours', 'Assigned Hours', 'hours'),
          column('actual_hours', 'Actual Hours', 'hours'),
        ],
        t.buckets.map((b, i) => figures(b.label, t.series[i]!, attendance(t.series[i]!))),
        figures('Average / Total', summed, meanAttendance),
        NO_TRADE,
      ),
      table(
        'staff',
        `Staff Productivity (${range})`,
        [
          column('name', 'Staff', 'text'),
          column('restaurant', 'Restaurant', 'text'),
          column('assigned_hours', 'Assigned Hours', 'hours'),
          column('actual_hours', 'Actual Hours', 'hours'),
          column('percent', 'Actual / Assigned (%)', 'percent'),
        ],
        t.staff.map((p) =>
          row([p.name, p.restaurant, hours(p.assigned_minutes), hours(p.actual_minutes), share(p.actual_minutes, p.assigned_minutes)]),
        ),
        row(['Total', null, hours(assigned), hours(actual), share(actual, assigned)]),
        'No one was rostered in this window.',
      ),
    ],
    chart: lineChart('Labour Cost and Revenue', 'breakdown', ['labour_cost', 'revenue']),
  };
}

async function revenuePage({ db, scope, window, limit, rangeLabel: range, answer }: Context): Promise<Figures> {
  const [r, sellers, branches] = await Promise.all([
    answer(db, 'revenues', scope, window, { limit }),
    answer(db, 'best-sellers', scope, window, { limit }),
    // Every branch the member reaches, also on a branch's page: a comparison needs the peers.
    branchComparison(db, scope, window),
  ]);
  const dineIn = sum(r.series, (b) => cents(b.dine_in));
  const takeaway = sum(r.series, (b) => cents(b.takeaway));
  const sellingColumns = [
    column('name', 'Menu Item', 'text'),
    column('menu', 'Menu', 'text'),
    column('units', 'Units Sold', 'count'),
    column('revenue', 'Revenue', 'money'),
  ];
  const selling = (items: typeof sellers.items) => items.map((i) => row([i.name, i.menu, i.units, i.revenue]));
  const ranked = [...branches].sort((a, b) => b.revenue_cents - a.revenue_cents || byText(a.name, b.name) || a.id - b.id);
  const comparison = (
    rank: number | null,
    name: string,
    b: Pick<(typeof branches)[number], 'revenue_cents' | 'orders' | 'labour_cost_cents' | 'spend_cents' | 'previous_revenue_cents'>,
    restaurantId?: number,
  ) =>
    row(
      [
        rank,
        name,
        dollars(b.revenue_cents),
        b.orders,
        b.orders === 0 ? null : perDollars(b.revenue_cents, b.orders),
        share(b.labour_cost_cents, b.revenue_cents),
        share(b.spend_cents, b.revenue_cents),
        share(b.revenue_cents - b.previous_revenue_cents, b.previous_revenue_cents),
      ],
      restaurantId,
    );
  const franchise = {
    revenue_cents: sum(branches, (b) => b.revenue_cents),
    orders: sum(branches, (b) => b.orders),
    labour_cost_cents: sum(branches, (b) => b.labour_cost_cents),
    spend_cents: sum(branches, (b) => b.spend_cents),
    previous_revenue_cents: sum(branches, (b) => b.previous_revenue_cents),
  };
  return {
    cards: [
      card('total_revenue', 'Total Revenue', 'money', r.totals.revenue, r.previous_totals.revenue),
      card('aov', 'Avg Order Value (AOV)', 'money', r.totals.aov, r.previous_totals.orders === 0 ? null : r.previous_totals.aov),
      card(
        'atv',
        'Avg Transaction Value (ATV)',
        'money',
        r.totals.atv,
        r.previous_totals.transactions === 0 ? null : r.previous_totals.atv,
      ),
    ],
    tables: [
      table(
        'breakdown',
        'Revenue Breakdown',
        [
          periodColumn(window),
          column('dine_in', 'Dine-In', 'money'),
          column('takeaway', 'Takeaway', 'money'),
          column('total', 'Total', 'money'),
        ],
        r.series.map((b) => row([b.label, b.dine_in, b.takeaway, b.revenue])),
        row(['Total', dollars(dineIn), dollars(takeaway), dollars(dineIn + takeaway)]),
        NO_TRADE,
      ),
      table(
        'items',
        `Top Selling Menu Items (${range})`,
        sellingColumns,
        selling(sellers.items),
        null,
        'No menu items sold in this window.',
      ),
      table('combos', `Top Selling Combos (${range})`, sellingColumns, selling(sellers.combos), null, 'No combos sold in this window.'),
      table(
        'low',
        `Low Selling Restaurants (${range})`,
        [
          column('name', 'Restaurant', 'text'),
          column('location', 'Location', 'text'),
          column('units', 'Units Sold', 'count'),
          column('revenue', 'Revenue', 'money'),
        ],
        r.restaurants.map((b) => row([b.name, b.location, b.units, b.revenue], b.id)),
        null,
        'No restaurants.',
      ),
      table(
        'branches',
        `Branch Comparison (${range})`,
        [
          column('rank', 'Rank', 'count'),
          column('name', 'Restaurant', 'text'),
          column('revenue', 'Revenue', 'money'),
          column('orders', 'Orders', 'count'),
          column('aov', 'AOV', 'money'),
          column('labour_share', 'Labour % of Revenue', 'percent'),
          column('procurement_share', 'Procurement % of Revenue', 'percent'),
          column('change', 'Revenue vs Previous', 'change'),
        ],
        ranked.map((b, i) => comparison(i + 1, b.name, b, b.id)),
        // The rank column has no figure for the franchise; the label goes in the name column.
        comparison(null, 'Total', franchise),
        'No restaurants.',
      ),
    ],
    chart: lineChart('Revenue', 'breakdown', ['dine_in', 'takeaway']),
  };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

async function procurementPage({ db, scope, window, limit, answer }: Context): Promise<Figures> {
  const [p, r] = await Promise.all([answer(db, 'procurement', scope, window, { limit }), answer(db, 'revenues', scope, window, { limit })]);
  const spend = sum(p.series, (b) => cents(b.spend));
  const revenue = sum(r.series, (b) => cents(b.revenue));
  const spendColumns = [
    column('quantity', 'Quantity', 'count'),
    column('spend', 'Spend', 'money'),
    column('share', 'Share of Spend (%)', 'percent'),
  ];
  const spendRows = (items: { name: string; quantity: number; spend: number }[]) => {
    const total = sum(items, (i) => cents(i.spend));
    return {
      rows: items.map((i) => row([i.name, i.quantity, i.spend, share(cents(i.spend), total)])),
      total: row(['Total', sum(items, (i) => i.quantity), dollars(total), share(total, total)]),
    };
  };
  const categories = spendRows(p.categories.map((c) => ({ ...c, name: capitalised(c.category) })));
  const suppliers = spendRows(p.suppliers);
  const previousSpend = cents(p.previous_totals.spend);
  const previousRevenue = cents(r.previous_totals.revenue);
  return {
    cards: [
      card('spend', 'Total Spend', 'money', p.totals.spend, p.previous_totals.spend),
      card(
        'average_per_supplier',
        'Average Spend per Supplier',
        'money',
        p.totals.average_per_supplier,
        p.previous_totals.suppliers === 0 ? null : p.previous_totals.average_per_supplier,
      ),
      card('spend_share', 'Spend % of Revenue', 'percent', share(spend, revenue) ?? 0, share(previousSpend, previousRevenue), true),
    ],
    tables: [
      table(
        'breakdown',
        'Procurement Breakdown',
        [
          periodColumn(window),
          column('spend', 'Spend', 'money'),
          column('revenue', 'Revenue', 'money'),
          column('spend_share', 'Spend % of Revenue', 'percent'),
        ],
        // The revenues answer has the same buckets as the procurement answer.
        p.series.map((b, i) => {
          const revenueCents = cents(r.series[i]!.revenue);
          return row([b.label, b.spend, dollars(revenueCents), share(cents(b.spend), revenueCents)]);
        }),
        row(['Total', dollars(spend), dollars(revenue), share(spend, revenue)]),
        NO_TRADE,
      ),
      table(
        'categories',
        'Spend by Category',
        [column('category', 'Category', 'text'), ...spendColumns],
        categories.rows,
        categories.total,
        'Nothing bought in this window.',
      ),
      table(
        'suppliers',
        'Spend by Supplier',
        [column('name', 'Supplier', 'text'), ...spendColumns],
        suppliers.rows,
        suppliers.total,
        'Nothing bought in this window.',
      ),
    ],
    chart: { title: 'Spend by Category', type: 'bar', table: 'categories', category: 'category', series: ['spend'] },
  };
}

const PAGES: Record<AnalyticsPage, (context: Context) => Promise<Figures>> = {
  order: orderPage,
  roster: rosterPage,
  revenue: revenuePage,
  headcount: headcountPage,
  procurement: procurementPage,
};

/**
 * One analytics page's report for a scope (one branch, or every branch the member reaches) over a
 * resolved window: cards, tables with their Total rows and the chart's recipe, read from the rollups only.
 */
export async function pageReport(
  db: Db,
  page: AnalyticsPage,
  scope: AnalyticsScope,
  window: AnalyticsWindow,
  query: Pick<ParsedAnalyticsQuery, 'period' | 'start_date'>,
  options: PageReportOptions,
): Promise<PageReport> {
  const range = rangeLabel(query, window);
  const context: Context = { db, scope, window, limit: options.limit, rangeLabel: range, answer: options.answer ?? analyticsAnswer };
  const [heading, figures] = await Promise.all([options.heading ? options.heading() : reportHeading(db, scope), PAGES[page](context)]);
  return {
    page,
    title: PAGE_TITLES[page],
    ...heading,
    window,
    range_label: range,
    compared_with: `previous ${window.days} ${window.days === 1 ? 'day' : 'days'}`,
    generated_at: options.now.toISOString(),
    ...figures,
  };
}
