import type { AnalyticsWindow } from './analytics.contract';

/**
 * The five analytics pages (docs/product.md#analytics-pages) as the server builds them: cards, tables with their Total row,
 * and the main chart's recipe. The screen renders a report as it is, and the CSV and PDF exports
 * are made from the same report object, so a file cannot disagree with the screen.
 *
 * Calls: GET /franchise/analytics/pages/{page} and /franchise/restaurants/{id}/analytics/pages/{page}
 * (the analytics query: period, start_date, end_date, limit), and `…/pages/{page}/export` with the
 * same query plus `format=csv|pdf`.
 */

export const ANALYTICS_PAGES = ['order', 'roster', 'revenue', 'headcount', 'procurement'] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

/** Page titles (docs/product.md#routes), also the title of a page's PDF. */
export const PAGE_TITLES: Record<AnalyticsPage, string> = {
  order: 'Order',
  roster: 'Roster & Productivity',
  revenue: 'Revenue',
  headcount: 'Headcount',
  procurement: 'Procurement',
};

export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * How a value is shown: `count` whole numbers ("1,234"), `money` dollars ("$1,234.56"), `percent`
 * 0–100 ("96.3%"), `change` a signed percentage ("+8.4%"), `hours` ("12.50"), `money_per_hour`
 * ("$85.20/h"), `text` as is. Files carry the plain number.
 */
export type CellUnit = 'text' | 'count' | 'money' | 'percent' | 'change' | 'hours' | 'money_per_hour';

export type ReportColumn = { key: string; label: string; unit: CellUnit };

/** null: not defined for this row (e.g. a share of zero revenue), shown as "–" and left empty in a CSV. */
export type ReportCell = string | number | null;

/** Cells in the order of the table's columns. `restaurant_id`: the row is about that branch (a link to its dashboard). */
export type ReportRow = { cells: ReportCell[]; restaurant_id?: number };

export type ReportTable = {
  id: string;
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** Computed by the server from the same figures as the rows; its first cell is its label ("Total", "Average / Total"). */
  total: ReportRow | null;
  /** Shown instead of the rows when there are none. */
  empty_text: string;
};

/**
 * A stat card: this window's figure and the previous window's (null when a previous figure makes no
 * sense). `lower_is_better`: a rise is shown as bad (red), e.g. labour cost as % of revenue.
 */
export type ReportCard = { id: string; label: string; unit: CellUnit; value: number; previous: number | null; lower_is_better?: boolean };

/** The page's main chart: categories from one column of a table, one series per listed column. */
export type ReportChart = { title: string; type: 'line' | 'bar'; table: string; category: string; series: string[] };

export type PageReport = {
  page: AnalyticsPage;
  title: string;
  franchise: { id: number; name: string };
  /** null: all branches. */
  branch: { id: number; name: string; location: string } | null;
  window: AnalyticsWindow;
  /** "Last 7 Days" for a range, else the window's dates; side tables are titled with it. */
  range_label: string;
  /** What the previous window is, read after "vs": "previous 7 days". */
  compared_with: string;
  /** ISO 8601 instant the figures were read. */
  generated_at: string;
  cards: ReportCard[];
  tables: ReportTable[];
  chart: ReportChart;
};
