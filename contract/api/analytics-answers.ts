import * as z from 'zod';
import { GROUPINGS } from '../analytics.contract.js';
import { COMPARISONS } from '../analytics-window.js';
import { MENUS, PURCHASE_CATEGORIES } from '../ingest.contract.js';
import { ANALYTICS_PAGES } from '../page-reports.contract.js';
import { id, instant, calendarDay, dollars, hours, percent } from './primitives.js';

// The analytics answers and the page reports as the analytics and page report calls return them; their TypeScript
// types are inferred from these schemas. Money is in dollars with two decimals, hours with two decimals,
// percentages 0–100 with one decimal; dates are calendar days in the franchise's time zone, inclusive.

/** The window an answer covers, and the window of equal length it is compared with (the change is measured against it). */
export const analyticsWindow = z.object({
  start_date: calendarDay,
  end_date: calendarDay,
  days: z.int(),
  grouping: z.enum(GROUPINGS),
  time_zone: z.string(),
  compare: z.enum(COMPARISONS).meta({ description: 'What `previous` is: the window just before, or the same weekdays 364 days earlier' }),
  previous: z
    .object({ start_date: calendarDay, end_date: calendarDay })
    .meta({ description: 'The window of equal length the change is measured against (`compare`)' }),
  comparable_restaurant_ids: z
    .array(id)
    .optional()
    .meta({ description: 'With like_for_like only: the comparable branches both windows count, by id; absent otherwise' }),
  today: calendarDay.meta({
    description:
      'The franchise’s current calendar day (the window ends before it); the `today` figures hold each branch’s trade so far on its own current trading day',
  }),
});
export type AnalyticsWindow = z.output<typeof analyticsWindow>;

/** One bucket of a series: every bucket of the window is present, zero when there was no trade. */
export const bucket = z.object({
  label: z.string().meta({ description: 'e.g. "Mon 16 Nov", "16–22 Nov", "Nov 2026"' }),
  start_date: calendarDay,
  end_date: calendarDay,
});
export type Bucket = z.output<typeof bucket>;

/** A series of buckets with `figures`, the comparison window's figures per bucket, the window's totals and the previous window's. */
const series = <F extends z.ZodRawShape>(figures: z.ZodObject<F>) => ({
  window: analyticsWindow,
  series: z.array(bucket.extend(figures.shape)),
  previous_series: z.array(figures).meta({
    description:
      'The comparison window’s figures per bucket of `series`, in its order: each bucket’s days moved back to `window.previous` (by the days from `previous.start_date` to `start_date`)',
  }),
  totals: figures,
  previous_totals: figures,
});

const headcountFigures = z.object({ recurrent: z.int(), new: z.int(), total: z.int() });
export type HeadcountFigures = z.output<typeof headcountFigures>;
export const headcounts = z.object({ ...series(headcountFigures), today: headcountFigures });
export type Headcounts = z.output<typeof headcounts>;

const revenueFigures = z.object({
  revenue: dollars,
  dine_in: dollars,
  takeaway: dollars,
  delivery: dollars,
  orders: z.int(),
  transactions: z.int(),
  aov: dollars.meta({ description: 'Average order value: revenue / orders (0 without orders)' }),
  atv: dollars.meta({ description: 'Average transaction value: revenue / payment transactions' }),
});
export type RevenueFigures = z.output<typeof revenueFigures>;
const franchiseSummary = z.object({
  total_revenue: dollars,
  total_orders: z.int(),
  average_revenue_per_restaurant: dollars,
  total_dine_in_revenue: dollars,
  total_takeaway_revenue: dollars,
  total_delivery_revenue: dollars,
  total_discounts: dollars.meta({ description: 'Completed orders’ discounts: taken off the revenue (docs/product.md#loss)' }),
  total_refunds: dollars.meta({ description: 'Refunded orders’ totals: sales given back, not revenue' }),
});
export type FranchiseSummary = z.output<typeof franchiseSummary>;
export const revenues = z.object({
  ...series(revenueFigures),
  franchise_summary: franchiseSummary,
  delivery_platforms: z
    .array(
      z.object({
        platform: z.string().nullable().meta({ description: 'null: delivery orders that named no platform' }),
        orders: z.int(),
        revenue: dollars,
      }),
    )
    .meta({ description: 'The window’s completed delivery orders by platform, most revenue first (they sum to `totals.delivery`)' }),
  restaurants: z
    .array(z.object({ id, name: z.string(), location: z.string(), units: z.int(), revenue: dollars }))
    .meta({ description: 'Branches by revenue, lowest first (the revenue page’s Low Selling Restaurants)' }),
});
export type Revenues = z.output<typeof revenues>;

const sellingItem = z.object({
  sku: z.string(),
  name: z.string(),
  menu: z.enum(MENUS),
  is_combo: z.boolean(),
  units: z.int(),
  revenue: dollars,
});
export type SellingItem = z.output<typeof sellingItem>;
export type MenuName = SellingItem['menu'];
export const bestSellers = z.object({
  window: analyticsWindow,
  items: z.array(sellingItem).meta({ description: 'By units sold, ties by revenue; `limit` long at most' }),
  combos: z.array(sellingItem),
});
export type BestSellers = z.output<typeof bestSellers>;

const orderFigures = z.object({ dine_in: z.int(), takeaway: z.int(), delivery: z.int(), pos: z.int(), app: z.int(), total: z.int() });
export type OrderFigures = z.output<typeof orderFigures>;
export const orders = z.object({ ...series(orderFigures), today: orderFigures });
export type Orders = z.output<typeof orders>;

// What each sale earns and loses (docs/product.md#loss): voids, discounts, refunds and tips against gross sales.
const share = (what: string) =>
  percent.nullable().meta({ description: `${what} / gross sales × 100, one decimal; null without gross sales` });

const lossFigures = z.object({
  gross_sales: dollars.meta({ description: 'Completed and refunded orders’ lines before discount' }),
  voided: z.int().meta({ description: 'Voided orders' }),
  voided_value: dollars.meta({ description: 'Voided orders’ totals' }),
  voided_pct: share('voided_value'),
  discounts: dollars.meta({ description: 'Completed orders’ discounts' }),
  discounts_pct: share('discounts'),
  refunded: z.int().meta({ description: 'Refunded orders' }),
  refunded_value: dollars.meta({ description: 'Refunded orders’ totals' }),
  refunded_pct: share('refunded_value'),
  tips: dollars.meta({ description: 'Completed orders’ tips (never revenue)' }),
  tips_pct: share('tips'),
  loss: dollars.meta({ description: 'voided_value + discounts + refunded_value' }),
  loss_pct: share('loss'),
});
export type LossFigures = z.output<typeof lossFigures>;

export const loss = z.object({
  window: analyticsWindow,
  totals: lossFigures,
  previous_totals: lossFigures.meta({ description: 'The comparison window’s (`window.previous`)' }),
  series: z.array(bucket.extend(lossFigures.shape)).meta({ description: 'Per period of the window (its grouping)' }),
  restaurants: z
    .array(z.object({ id, name: z.string() }).extend(lossFigures.shape))
    .meta({ description: 'Every branch of the scope, the highest loss % first (branches without gross sales last), then by name' }),
});
export type Loss = z.output<typeof loss>;

// Food, labour and prime cost and purchases against revenue (docs/product.md#costs).
const ofRevenue = (what: string) => percent.nullable().meta({ description: `${what} / revenue × 100, one decimal; null without revenue` });

const costFigures = z.object({
  revenue: dollars.meta({ description: 'As in `revenues`' }),
  food_cost: dollars.meta({ description: 'Completed orders’ units × each item’s cost that day; items without a cost add nothing' }),
  food_cost_pct: ofRevenue('food_cost'),
  labour_cost: dollars.meta({ description: 'Actual hours × hourly rate, summed over shifts' }),
  labour_cost_pct: ofRevenue('labour_cost'),
  prime_cost: dollars.meta({ description: 'food_cost + labour_cost' }),
  prime_cost_pct: ofRevenue('prime_cost'),
  purchases: dollars.meta({ description: 'Purchase lines’ amounts' }),
  purchases_pct: ofRevenue('purchases'),
});
export type CostFigures = z.output<typeof costFigures>;

const withoutCost = z.int().meta({
  description:
    'Menu items sold in the window (completed orders) that have no cost: left out of food cost, so it understates by their share',
});

export const costs = z.object({
  window: analyticsWindow,
  totals: costFigures,
  previous_totals: costFigures.meta({ description: 'The comparison window’s (`window.previous`)' }),
  series: z.array(bucket.extend(costFigures.shape)).meta({ description: 'Per period of the window (its grouping)' }),
  restaurants: z
    .array(z.object({ id, name: z.string() }).extend(costFigures.shape))
    .meta({ description: 'Every branch of the scope, the highest prime cost % first (branches without revenue last), then by name' }),
  items_without_cost: withoutCost,
});
export type Costs = z.output<typeof costs>;

export const MENU_CLASSES = ['star', 'plowhorse', 'puzzle', 'dog'] as const;
export type MenuClass = (typeof MENU_CLASSES)[number];

const engineeredItem = z.object({
  sku: z.string(),
  name: z.string(),
  units: z.int().meta({ description: 'Units sold in completed orders' }),
  revenue: dollars.meta({ description: 'Their lines’ amounts' }),
  food_cost: dollars.meta({ description: 'Units × the item’s cost each day' }),
  margin: dollars.meta({ description: 'revenue − food_cost' }),
  mix_pct: percent.meta({ description: 'units / all listed items’ units × 100, one decimal' }),
  class: z.enum(MENU_CLASSES).meta({
    description:
      'Kasavana–Smith: popular when mix_pct ≥ 70 % of 100 / number of listed items; profitable when margin per unit ≥ the units-weighted average margin per unit. star: both; plowhorse: popular only; puzzle: profitable only; dog: neither',
  }),
});
export type EngineeredItem = z.output<typeof engineeredItem>;

export const menuEngineering = z.object({
  window: analyticsWindow,
  items: z.array(engineeredItem).meta({ description: 'Items with a cost sold in the window, most units first, then by name' }),
  thresholds: z.object({
    mix_pct: percent
      .nullable()
      .meta({ description: 'The popularity line: 70 % of 100 / number of items, one decimal; null without items' }),
    margin_per_unit: dollars
      .nullable()
      .meta({ description: 'The profitability line: the units-weighted average margin per unit, to the cent' }),
  }),
  items_without_cost: withoutCost,
});
export type MenuEngineering = z.output<typeof menuEngineering>;

// When in the day the trade comes (docs/product.md#hours), on each branch's clock.
const hoursCell = z.object({
  weekday: z.int().min(1).max(7).meta({ description: 'The trading day’s weekday, Monday 1 … Sunday 7' }),
  hour: z.int().min(0).max(23).meta({ description: 'The local hour the orders were placed in, on their branch’s clock' }),
  orders: z.int().meta({ description: 'Completed orders' }),
  revenue: dollars.meta({ description: 'Their revenue' }),
});
export type HoursCell = z.output<typeof hoursCell>;
export const hoursOfDay = z.object({
  window: analyticsWindow,
  cells: z
    .array(hoursCell)
    .meta({ description: 'All 168 weekday × hour cells (zero without trade), by weekday then hour; the window only' }),
});
export type Hours = z.output<typeof hoursOfDay>;

const rosterFigures = z.object({
  assigned_hours: hours,
  actual_hours: hours,
  labour_cost: dollars,
  attendance: percent.meta({ description: 'Attended / rostered shifts, %' }),
  revenue: dollars,
  revenue_per_labour_hour: dollars.meta({ description: 'Revenue per actual labour hour' }),
});
export type RosterFigures = z.output<typeof rosterFigures>;
const staffProductivity = z.object({
  person_id: id,
  name: z.string(),
  restaurant: z.string(),
  assigned_hours: hours,
  actual_hours: hours,
  percent: percent.meta({ description: 'Actual as % of assigned' }),
});
export type StaffProductivity = z.output<typeof staffProductivity>;
export const roster = z.object({
  ...series(rosterFigures),
  staff: z
    .array(staffProductivity)
    .meta({ description: 'The `limit` people with most actual hours in the window, most first (ties by name)' }),
  staff_count: z.int().meta({ description: 'How many people had a shift in the window' }),
});
export type Roster = z.output<typeof roster>;

const procurementFigures = z.object({ spend: dollars, quantity: z.int(), suppliers: z.int(), average_per_supplier: dollars });
export type ProcurementFigures = z.output<typeof procurementFigures>;
export const procurement = z.object({
  window: analyticsWindow,
  series: z.array(bucket.extend({ spend: dollars })),
  totals: procurementFigures,
  previous_totals: procurementFigures,
  categories: z
    .array(z.object({ category: z.string(), quantity: z.int(), spend: dollars }))
    .meta({ description: `All of ${PURCHASE_CATEGORIES.join(', ')}; most spent first` }),
  suppliers: z.array(z.object({ id, name: z.string(), quantity: z.int(), spend: dollars })),
});
export type Procurement = z.output<typeof procurement>;

/**
 * How a value is shown: `count` whole numbers ("1,234"), `money` dollars ("$1,234.56"), `percent`
 * 0–100 ("96.3%"), `change` a signed percentage ("+8.4%"), `hours` ("12.50"), `money_per_hour`
 * ("$85.20/h"), `text` as is. Files carry the plain number.
 */
const cellUnit = z.enum(['text', 'count', 'money', 'percent', 'change', 'hours', 'money_per_hour']);
export type CellUnit = z.output<typeof cellUnit>;
const reportColumn = z.object({ key: z.string(), label: z.string(), unit: cellUnit });
export type ReportColumn = z.output<typeof reportColumn>;
/** Why a branch's change is not measured (docs/product.md#comparisons). */
export const BRANCH_STATUSES = ['new', 'closed'] as const;
/** null: not defined for this row (e.g. a share of zero revenue), shown as "–" and left empty in a CSV. */
const reportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.output<typeof reportCell>;
const reportRow = z.object({
  cells: z.array(reportCell).meta({ description: 'In column order; null where a figure is undefined' }),
  restaurant_id: id.optional().meta({ description: 'The row is about that branch (a link to its dashboard)' }),
  status: z.enum(BRANCH_STATUSES).optional().meta({
    description:
      'A branch comparison row whose change is not comparable, the change left null: `new`, no trade in the window it is compared with; `closed`, none in this window',
  }),
});
export type ReportRow = z.output<typeof reportRow>;
const reportTable = z.object({
  id: z.string(),
  title: z.string(),
  columns: z.array(reportColumn),
  rows: z.array(reportRow),
  total: reportRow
    .nullable()
    .meta({ description: 'Computed from the same figures as the rows; its first cell is its label ("Total", "All staff (3)")' }),
  empty_text: z.string().meta({ description: 'Shown instead of the rows when there are none' }),
});
export type ReportTable = z.output<typeof reportTable>;
/** A stat card: this window's figure and the previous window's (null when a previous figure makes no sense). */
const reportCard = z.object({
  id: z.string(),
  label: z.string(),
  unit: cellUnit,
  value: z.number(),
  previous: z.number().nullable(),
  lower_is_better: z.boolean().optional().meta({
    description:
      'Present (true) on every cost (labour cost, labour or spend % of revenue, spend, spend per supplier): a rise is shown as bad (red), a fall as good (green)',
  }),
});
export type ReportCard = z.output<typeof reportCard>;
/**
 * The page's main chart: categories from one column of a table, one series per listed column, and their comparison
 * lines; a scatter: one point per row, named by the category column, at its two listed columns.
 */
const reportChart = z.object({
  title: z.string(),
  type: z.enum(['line', 'bar', 'scatter']),
  table: z.string(),
  category: z.string(),
  series: z.array(z.string()).meta({ description: 'The columns drawn; a scatter’s: its x then its y' }),
  compared: z.array(z.array(z.number())).meta({
    description:
      'A line chart’s comparison lines: per listed column, the comparison window’s values per row (the answers’ `previous_series`); empty for bars and scatters',
  }),
  group: z.string().optional().meta({ description: 'A scatter’s column whose value colours each point (the Menu Engineering class)' }),
  thresholds: z
    .tuple([z.number(), z.number()])
    .optional()
    .meta({ description: 'A scatter’s x and y lines dividing it into quadrants (popularity and margin per unit)' }),
});
export type ReportChart = z.output<typeof reportChart>;
/** A weekday × hour heatmap (the Order page's): the hours answer's cells, drawn above the table `table` (its dayparts). */
const reportHeatmap = z.object({ title: z.string(), table: z.string(), cells: z.array(hoursCell) });
export type ReportHeatmap = z.output<typeof reportHeatmap>;
export const pageReport = z.object({
  page: z.enum(ANALYTICS_PAGES),
  title: z.string(),
  franchise: z.object({ id, name: z.string() }),
  branch: z.object({ id, name: z.string(), location: z.string() }).nullable().meta({ description: 'null: all branches' }),
  window: analyticsWindow,
  range_label: z.string().meta({ description: '“Last 7 Days” for a range, else the window’s dates; side tables are titled with it' }),
  compared_with: z.string().meta({ description: 'What the previous window is, read after “vs”: “previous 7 days”' }),
  generated_at: instant.meta({ description: 'When the figures were read' }),
  no_data: z.string().nullable().meta({
    description:
      'null when the window has what the page is about; else what the page and its files say in place of the cards, chart and tables (“No orders in this window.”): no orders (Order, Revenue), no guests (Headcount), no shifts (Roster), no purchases (Procurement)',
  }),
  note: z.string().nullable().optional().meta({
    description: 'A caveat the page and its files show above the figures: the dishes sold without a cost, which food cost leaves out',
  }),
  cards: z.array(reportCard),
  tables: z.array(reportTable),
  chart: reportChart,
  heatmap: reportHeatmap.optional().meta({ description: 'The Order page’s orders and revenue by weekday and hour' }),
});
export type PageReport = z.output<typeof pageReport>;
