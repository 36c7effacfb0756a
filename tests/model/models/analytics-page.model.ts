// The model of the analyticsPageMachine: the events the tests may send and how graph vertices are told apart. Shared by
// the model-based test and the QA document generator (scripts/machine-docs.ts). The fixtures are the Order page's
// report of one week, and the Revenue page's with its branch comparison.
import type { SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { PageReport } from '@contract/page-reports.contract';
import { analyticsPageMachine, type AnalyticsPageEvent } from '../../../src/machines/analytics-page.machine';
import { ApiError } from '../../../src/services/api-error';
import type { ExportFile } from '../../../src/services/page-reports.service';
import { eventKey } from '../support/event-key';
import { headerOffers, OCTOBER, OCTOBER_VS_LAST_YEAR, REVERSED } from '../support/filter-header';
import { selectPaths } from '../support/inventory';
import { WINDOW } from './dashboard.fixtures';

export type Snapshot = SnapshotFrom<typeof analyticsPageMachine>;
export type ModelEvent =
  | AnalyticsPageEvent
  | { type: 'xstate.done.actor.fetchReport'; output: PageReport }
  | { type: 'xstate.error.actor.fetchReport'; error: unknown }
  | { type: 'xstate.done.actor.exportReport'; output: ExportFile }
  | { type: 'xstate.error.actor.exportReport'; error: unknown };

export const BRANCHES = [
  { id: 7, name: 'Parramatta' },
  { id: 9, name: 'Bondi Beach' },
];

const DAYS = ['Mon 16 Nov', 'Tue 17 Nov', 'Wed 18 Nov', 'Thu 19 Nov', 'Fri 20 Nov', 'Sat 21 Nov', 'Sun 22 Nov'];
const DINE_IN = [12, 9, 14, 10, 18, 25, 21];
const TAKEAWAY = [8, 7, 6, 9, 11, 15, 13];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export const ORDER_REPORT: PageReport = {
  page: 'order',
  title: 'Order',
  franchise: { id: 1, name: 'Harbour Eats' },
  branch: null,
  window: WINDOW,
  range_label: 'Last 7 Days',
  compared_with: 'previous 7 days',
  generated_at: '2026-11-23T01:00:00.000Z',
  no_data: null,
  cards: [
    { id: 'total_orders', label: 'Total Orders', unit: 'count', value: 1234, previous: 1098 },
    { id: 'pos', label: 'Total Orders by POS', unit: 'count', value: 800, previous: 850 },
    { id: 'app', label: 'Total Orders by App', unit: 'count', value: 434, previous: 0 },
  ],
  tables: [
    {
      id: 'breakdown',
      title: 'Order Breakdown',
      columns: [
        { key: 'period', label: 'Date', unit: 'text' },
        { key: 'dine_in', label: 'Dine-In', unit: 'count' },
        { key: 'takeaway', label: 'Takeaway', unit: 'count' },
        { key: 'total', label: 'Total', unit: 'count' },
      ],
      rows: DAYS.map((day, i) => ({ cells: [day, DINE_IN[i]!, TAKEAWAY[i]!, DINE_IN[i]! + TAKEAWAY[i]!] })),
      total: { cells: ['Total', sum(DINE_IN), sum(TAKEAWAY), sum(DINE_IN) + sum(TAKEAWAY)] },
      empty_text: 'No orders in this window.',
    },
    {
      id: 'dayparts',
      title: 'Hours of the Day',
      columns: [
        { key: 'daypart', label: 'Daypart', unit: 'text' },
        { key: 'hours', label: 'Hours', unit: 'text' },
        { key: 'orders', label: 'Orders', unit: 'count' },
        { key: 'revenue', label: 'Revenue', unit: 'money' },
        { key: 'revenue_share', label: 'Share of Revenue', unit: 'percent' },
      ],
      rows: [
        { cells: ['Breakfast', '06:00–11:00', 0, 0, 0] },
        { cells: ['Lunch', '11:00–14:00', 2, 70, 100] },
        { cells: ['Afternoon', '14:00–17:00', 0, 0, 0] },
        { cells: ['Dinner', '17:00–21:00', 0, 0, 0] },
        { cells: ['Late', '21:00–06:00', 0, 0, 0] },
      ],
      total: { cells: ['Total', null, 2, 70, 100] },
      empty_text: 'No orders in this window.',
    },
  ],
  heatmap: {
    title: 'Orders and Revenue by Weekday and Hour',
    table: 'dayparts',
    // Two lunch orders on Friday: one at 12:00 ($30), one at 13:00 ($40).
    cells: Array.from({ length: 168 }, (_, i) => {
      const [weekday, hour] = [Math.floor(i / 24) + 1, i % 24];
      const order = weekday === 5 && (hour === 12 || hour === 13);
      return { weekday, hour, orders: order ? 1 : 0, revenue: order ? (hour === 12 ? 30 : 40) : 0 };
    }),
  },
  chart: {
    title: 'Orders',
    type: 'line',
    table: 'breakdown',
    category: 'period',
    series: ['dine_in', 'takeaway'],
    compared: [DINE_IN.map((n) => n - 1), TAKEAWAY.map((n) => n + 1)],
  },
};

/** The Order page of a week without trade: zero rows would still be there; here a table with none shows its empty text. */
export const EMPTY_ORDER_REPORT: PageReport = {
  ...ORDER_REPORT,
  cards: ORDER_REPORT.cards.map((c) => ({ ...c, value: 0, previous: 0 })),
  tables: ORDER_REPORT.tables.map((t) => ({ ...t, rows: [], total: null })),
};

export const REVENUE_REPORT: PageReport = {
  ...ORDER_REPORT,
  page: 'revenue',
  title: 'Revenue',
  cards: [
    { id: 'total_revenue', label: 'Total Revenue', unit: 'money', value: 21034.5, previous: 18711.25 },
    { id: 'aov', label: 'Avg Order Value (AOV)', unit: 'money', value: 17.05, previous: 17.04 },
    { id: 'atv', label: 'Avg Transaction Value (ATV)', unit: 'money', value: 16.8, previous: null },
  ],
  tables: [
    {
      id: 'breakdown',
      title: 'Revenue Breakdown',
      columns: [
        { key: 'period', label: 'Date', unit: 'text' },
        { key: 'dine_in', label: 'Dine-In', unit: 'money' },
        { key: 'takeaway', label: 'Takeaway', unit: 'money' },
        { key: 'total', label: 'Total', unit: 'money' },
      ],
      rows: [{ cells: ['Mon 16 Nov', 1200.5, 800, 2000.5] }, { cells: ['Tue 17 Nov', 900, 700.25, 1600.25] }],
      total: { cells: ['Total', 2100.5, 1500.25, 3600.75] },
      empty_text: 'No sales in this window.',
    },
    {
      id: 'branches',
      title: 'Branch Comparison (Last 7 Days)',
      columns: [
        { key: 'rank', label: 'Rank', unit: 'count' },
        { key: 'name', label: 'Restaurant', unit: 'text' },
        { key: 'revenue', label: 'Revenue', unit: 'money' },
        { key: 'orders', label: 'Orders', unit: 'count' },
        { key: 'aov', label: 'AOV', unit: 'money' },
        { key: 'labour_share', label: 'Labour % of Revenue', unit: 'percent' },
        { key: 'procurement_share', label: 'Procurement % of Revenue', unit: 'percent' },
        { key: 'change', label: 'Revenue vs Previous', unit: 'change' },
      ],
      rows: [
        { cells: [1, 'Parramatta', 2400.5, 140, 17.15, 28.4, 31.2, 12.5], restaurant_id: 7 },
        { cells: [2, 'Bondi Beach', 1200.25, 70, 17.15, 30.1, 29.9, null], restaurant_id: 9 },
      ],
      total: { cells: [null, 'Total', 3600.75, 210, 17.15, 29, 30.8, 40.2] },
      empty_text: 'No branches.',
    },
    {
      id: 'combos',
      title: 'Top Selling Combos (Last 7 Days)',
      columns: [
        { key: 'name', label: 'Menu Item', unit: 'text' },
        { key: 'menu', label: 'Menu', unit: 'text' },
        { key: 'units', label: 'Units Sold', unit: 'count' },
        { key: 'revenue', label: 'Revenue', unit: 'money' },
      ],
      rows: [],
      total: null,
      empty_text: 'No combos sold in this window.',
    },
  ],
  chart: {
    title: 'Revenue',
    type: 'line',
    table: 'breakdown',
    category: 'period',
    series: ['dine_in', 'takeaway'],
    compared: [
      [1100, 950],
      [640.5, 700],
    ],
  },
};

export const CSV_FILE: ExportFile = { blob: new Blob(['Date,Dine-In\r\n']), filename: 'order-all-branches-2026-11-16_2026-11-22.csv' };
export const PDF_FILE: ExportFile = { blob: new Blob(['%PDF-1.7']), filename: 'order-all-branches-2026-11-16_2026-11-22.pdf' };
export const REPORT_FAILURE = 'Database unavailable';
export const EXPORT_FAILURE = 'format: must be one of csv, pdf';

/** A shared link to one month of Parramatta, and one whose values the console does not know (it shows the defaults). */
export const MONTH_AT_PARRAMATTA = '?range=1month&restaurant=7';
export const UNKNOWN_VALUES = '?range=fortnight&restaurant=999';

/** An owner took Parramatta from the member, then gave it back. */
export const WITHOUT_PARRAMATTA = BRANCHES.filter((b) => b.id !== 7);

export const EVENTS: ModelEvent[] = [
  { type: 'page.range', range: '1month' },
  { type: 'page.range', range: 'custom' },
  { type: 'page.dates', dates: OCTOBER },
  { type: 'page.dates', dates: REVERSED },
  { type: 'page.branch', restaurantId: 7 },
  { type: 'page.compare', compare: 'last_year' },
  { type: 'page.likeForLike', likeForLike: true },
  { type: 'page.apply' },
  { type: 'page.apply', range: '14days' },
  { type: 'page.retry' },
  { type: 'page.export', format: 'csv' },
  { type: 'page.export', format: 'pdf' },
  { type: 'page.heatmapMeasure', measure: 'revenue' },
  { type: 'page.heatmapMeasure', measure: 'orders' },
  { type: 'page.urlChanged', search: MONTH_AT_PARRAMATTA },
  { type: 'page.urlChanged', search: '' },
  { type: 'page.urlChanged', search: UNKNOWN_VALUES },
  { type: 'page.urlChanged', search: OCTOBER_VS_LAST_YEAR },
  { type: 'xstate.done.actor.fetchReport', output: ORDER_REPORT },
  { type: 'xstate.error.actor.fetchReport', error: new ApiError(REPORT_FAILURE, 503) },
  { type: 'xstate.done.actor.exportReport', output: CSV_FILE },
  { type: 'xstate.error.actor.exportReport', error: new ApiError(EXPORT_FAILURE, 422) },
  { type: 'page.branchesChanged', branches: WITHOUT_PARRAMATTA },
  { type: 'page.branchesChanged', branches: BRANCHES },
];

const ids = (branches: readonly { id: number }[]) => branches.map((b) => b.id).join(',');

/** The file a format's export answers with: a CSV export gets the CSV file, a PDF one the PDF. */
const fileFor = (s: Snapshot, event: ModelEvent): ModelEvent =>
  event.type === 'xstate.done.actor.exportReport' && s.context.exporting === 'pdf' ? { ...event, output: PDF_FILE } : event;

function allowed(s: Snapshot, event: ModelEvent): boolean {
  const offered = headerOffers('page', s.context, event, s.matches({ loaded: 'idle' }));
  if (offered !== null) return offered;
  // A dropdown's option already shown sends nothing when chosen again.
  if (event.type === 'page.range' && s.context.draft.dates === null && s.context.draft.range === event.range) return false;
  if (event.type === 'page.branch' && s.context.draft.restaurantId === event.restaurantId) return false;
  // A branch no longer offered cannot be picked; the session reports only branches that changed.
  if (event.type === 'page.branch' && event.restaurantId !== null && !s.context.branches.some((b) => b.id === event.restaurantId)) {
    return false;
  }
  if (event.type === 'page.branchesChanged') return ids(event.branches) !== ids(s.context.branches);
  // The heatmap's choice is on the loaded report only; the measure shown sends nothing when chosen again.
  if (event.type === 'page.heatmapMeasure') return s.matches('loaded') && s.context.heatmapMeasure !== event.measure;
  // The URL may change at any time; one that shows what is applied changes nothing, so s.can() says no.
  return event.type === 'page.urlChanged' || s.can(event as AnalyticsPageEvent);
}

export const model = new TestModel(analyticsPageMachine, {
  events: (s: Snapshot) => EVENTS.filter((e) => allowed(s, e)).map((e) => fileFor(s, e)) as AnalyticsPageEvent[],
  // The draft and applied filters choose Apply's alternatives; the format tells the two exports apart; the state it
  // came from keeps a transition defined on a parent (the URL changing) on some shortest path from each of its leaves.
  serializeState: (s: Snapshot, event, previous) =>
    JSON.stringify([
      s.value,
      s.context.draft,
      s.context.applied,
      ids(s.context.branches),
      s.context.exporting,
      s.context.heatmapMeasure,
      eventKey(event),
      previous?.value,
    ]),
});

// The page starts at its bare address; the machine's input is the URL it mounted with.
export const INPUT = { page: 'order' as const, search: '', branches: BRANCHES };
export const paths = selectPaths(analyticsPageMachine, model.getShortestPaths({ input: INPUT } as never), eventKey);
