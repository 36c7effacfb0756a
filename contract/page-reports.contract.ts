import type { PageReport } from './api/analytics-answers.js';

/**
 * The analytics pages (docs/product.md#analytics-pages) as the server builds them: cards, tables with their Total row,
 * and the main chart's recipe. The screen renders a report as it is, and the CSV and PDF exports
 * are made from the same report object, so a file cannot disagree with the screen.
 *
 * Calls: GET /franchise/analytics/pages/{page} and /franchise/restaurants/{id}/analytics/pages/{page}
 * (the analytics query: period, start_date, end_date, limit), and `…/pages/{page}/export` with the
 * same query plus `format=csv|pdf`. The report's types are inferred from its schema (contract/api/analytics-answers.ts).
 */

export const ANALYTICS_PAGES = ['order', 'roster', 'revenue', 'headcount', 'procurement', 'loss', 'costs', 'menu-engineering'] as const;
export type AnalyticsPage = (typeof ANALYTICS_PAGES)[number];

/** Page titles (docs/product.md#routes), also the title of a page's PDF. */
export const PAGE_TITLES: Record<AnalyticsPage, string> = {
  order: 'Order',
  roster: 'Roster & Productivity',
  revenue: 'Revenue',
  headcount: 'Headcount',
  procurement: 'Procurement',
  loss: 'Loss',
  costs: 'Food & Prime Cost',
  'menu-engineering': 'Menu Engineering',
};

export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export type {
  CellUnit,
  PageReport,
  ReportCard,
  ReportCell,
  ReportChart,
  ReportColumn,
  ReportRow,
  ReportTable,
} from './api/analytics-answers.js';

/** What the CSV and PDF exports render: a page's report, or another page's built of the same parts (the Targets page's). */
export type ReportDocument = Omit<PageReport, 'page'> & { page: string };
