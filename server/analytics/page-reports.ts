import { RANGES, type AnalyticsWindow, type ParsedAnalyticsQuery, type Range } from '@contract/analytics.contract.js';
import { PAGE_TITLES, type AnalyticsPage, type PageReport } from '@contract/page-reports.contract.js';
import { formatDay } from '@contract/presentation/format.js';
import { comparedWith, RANGE_LABELS } from '@contract/presentation/labels.js';
import type { Db } from '../db/database.js';
import { analyticsFigures } from './answers/analytics-answer.js';
import { reportHeading } from './answers/report-heading.js';
import type { AnalyticsScope } from './answers/scope.js';
import { scopeLabourPlan, type LabourPlanDay } from './forecast/labour-plan.js';
import { costsPage, menuEngineeringPage } from './page-reports/cost-pages.js';
import { headcountPage, orderPage } from './page-reports/count-pages.js';
import { lossPage } from './page-reports/loss-page.js';
import { procurementPage } from './page-reports/procurement-page.js';
import type { Figures, PageContext } from './page-reports/report-parts.js';
import { revenuePage } from './page-reports/revenue-page.js';
import { rosterPage } from './page-reports/roster-page.js';

// The analytics pages (docs/product.md) as reports, built from the analytics answers' integer
// figures (cents, minutes, counts), so a page shows the figures of the dashboard's calls and its
// Totals add up to the cent.

export type ReportHeading = Awaited<ReturnType<typeof reportHeading>>;

export type PageReportOptions = {
  limit: number;
  now: Date;
  /** The answers' figures; computed uncached when not given (the routes read them through the app's answers cache). */
  figures?: typeof analyticsFigures;
  /** The franchise's and branch's names; read from the database when not given (the routes keep them in their read cache). */
  heading?: () => Promise<ReportHeading>;
  /** The scope's Labour Plan; computed when not given (the routes keep it per data version: it does not depend on the window). */
  labourPlan?: () => Promise<LabourPlanDay[]>;
};

/** "Last 7 Days" for a range without dates, else the window's dates. */
export function rangeLabel(query: Pick<ParsedAnalyticsQuery, 'period' | 'start_date'>, w: AnalyticsWindow): string {
  const range = (RANGES as readonly string[]).includes(query.period) && query.start_date === undefined ? (query.period as Range) : null;
  return range ? RANGE_LABELS[range] : `${formatDay(w.start_date)} – ${formatDay(w.end_date)}`;
}

/** What the window is compared with, read after "vs": "previous 7 days", "same 7 days last year, like for like". */
export const comparedWithLabel = (w: AnalyticsWindow) =>
  `${comparedWith(w.compare, w.days)}${w.comparable_restaurant_ids ? ', like for like' : ''}`;

const PAGES: Record<AnalyticsPage, (context: PageContext) => Promise<Figures>> = {
  order: orderPage,
  roster: rosterPage,
  revenue: revenuePage,
  headcount: headcountPage,
  procurement: procurementPage,
  loss: lossPage,
  costs: costsPage,
  'menu-engineering': menuEngineeringPage,
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
  const read = options.figures ?? analyticsFigures;
  const context: PageContext = {
    db,
    scope,
    window,
    rangeLabel: range,
    labourPlan: options.labourPlan ?? (() => scopeLabourPlan(db, scope, options.now)),
    figures: (kind) => read(db, kind, scope, window, { limit: options.limit, now: options.now }),
  };
  const [heading, figures] = await Promise.all([options.heading ? options.heading() : reportHeading(db, scope), PAGES[page](context)]);
  return {
    page,
    title: PAGE_TITLES[page],
    ...heading,
    window,
    range_label: range,
    compared_with: comparedWithLabel(window),
    generated_at: options.now.toISOString(),
    ...figures,
  };
}
