import type { Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import type { AnalyticsKind, ParsedAnalyticsQuery } from '@contract/analytics.contract.js';
import { PAGE_REPORT_CALLS } from '@contract/api/analytics.calls.js';
import { PAGE_TITLES, type AnalyticsPage, type ExportFormat, type PageReport } from '@contract/page-reports.contract.js';
import { callRoutes } from '../http/call-routes.js';
import { successText } from '../http/envelope.js';
import { SharedJsonBody } from '../http/shared-json-body.js';
import { analyticsRequests, type AnalyticsRequest } from './analytics.routes.js';
import { AnalyticsCache, scopeKey } from './cache.js';
import { scopeLabourPlan } from './forecast/labour-plan.js';
import { withExportSlot } from './exports/export-slots.js';
import { fileAnswer, renderExport, type ExportFile } from './exports/report-export.js';
import { pageReport } from './page-reports.js';
import { reportHeading } from './answers/report-heading.js';

/**
 * A page's cache key stands in for the kind of the answer that shapes it; the revenue page's is best
 * sellers, whose key holds the limit (its Top Selling tables' length), as the roster's does (its staff
 * table's). The pages have a cache of their own.
 */
const CACHE_KIND: Record<AnalyticsPage, AnalyticsKind> = {
  order: 'orders',
  roster: 'roster',
  revenue: 'best-sellers',
  headcount: 'headcounts',
  procurement: 'procurement',
  loss: 'loss',
  costs: 'costs',
  'menu-engineering': 'menu-engineering',
};

/** A cached report, its JSON body and its files as far as they were asked for. */
type CachedReport = { report: PageReport; body: SharedJsonBody; files: Map<ExportFormat, Promise<ExportFile>> };

/**
 * A cached report's file, rendered once: the same report makes the same bytes, and a PDF costs a core
 * for tens of ms. A failed render is not kept.
 */
function fileOf(cached: CachedReport, format: ExportFormat): Promise<ExportFile> {
  let file = cached.files.get(format);
  if (!file) {
    const rendering = renderExport(cached.report, format);
    rendering.catch(() => {
      if (cached.files.get(format) === rendering) cached.files.delete(format);
    });
    cached.files.set(format, rendering);
    file = rendering;
  }
  return file;
}

/**
 * A page's report (cards, tables with totals, chart recipe) and the same report as a CSV or PDF file
 * (contract/api/analytics.calls.ts). A file is made from the cached report, so it holds the screen's figures.
 */
export function pageReportRoutes(deps: RouteDeps) {
  // The page reports' own cache (docs/caching.md); the answers they are built from are the app's.
  const cache = new AnalyticsCache(deps.analyticsCacheEntries);
  const answers = deps.analytics;
  const { reach, request } = analyticsRequests(deps);

  const report = (page: AnalyticsPage, { scope, dataVersion, query, window, at }: AnalyticsRequest<ParsedAnalyticsQuery>) =>
    cache.answer<CachedReport>(
      { ...scope, dataVersion, kind: CACHE_KIND[page], window, limit: query.limit, todays: at.todays },
      async () => {
        const built = await pageReport(deps.db, page, scope, window, query, {
          limit: query.limit,
          now: at.now,
          // Through the app's answers cache: a page reuses what its dashboard read, and the next page what this one read.
          figures: (_db, kind, answerScope, answerWindow, { limit }) =>
            answers.figures(kind, { scope: answerScope, dataVersion, window: answerWindow, limit, at }),
          // A database round trip less per report: names change only with a write, which empties the read
          // cache, and are the same for every member who reaches the branch.
          heading: () => deps.reads.read(`heading|${scope.franchiseId}|${scope.restaurantId ?? '*'}`, () => reportHeading(deps.db, scope)),
          // The forecast of every branch, the Productivity page's cost, is the same for every window: kept per data version,
          // scope and the branches' todays (the plan's days follow them).
          labourPlan: () =>
            cache.keyed(scope.franchiseId, dataVersion, `labour-plan|${scopeKey(scope)}|${at.todays}`, () =>
              scopeLabourPlan(deps.db, scope, at.now),
            ),
        });
        return {
          report: built,
          body: new SharedJsonBody(successText(built, `${PAGE_TITLES[page]} report retrieved`)),
          files: new Map(),
        };
      },
    );

  const reportOf = async ({ c, query, params }: { c: Context<AppEnv>; query: ParsedAnalyticsQuery; params: { page: AnalyticsPage } }) =>
    (await report(params.page, await request(c, query))).body.respond(c);

  const exportOf = async ({
    c,
    query,
    params,
  }: {
    c: Context<AppEnv>;
    query: ParsedAnalyticsQuery & { format: ExportFormat };
    params: { page: AnalyticsPage };
  }) => {
    const cached = await report(params.page, await request(c, query));
    const file = await withExportSlot(deps.db, c.get('auth').user.id, deps.clock(), () => fileOf(cached, query.format));
    return fileAnswer(c, file);
  };

  return callRoutes(
    deps,
    PAGE_REPORT_CALLS,
    {
      'GET /franchise/analytics/pages/{page}': reportOf,
      'GET /franchise/restaurants/{id}/analytics/pages/{page}': reportOf,
      'GET /franchise/analytics/pages/{page}/export': exportOf,
      'GET /franchise/restaurants/{id}/analytics/pages/{page}/export': exportOf,
    },
    { before: [reach] },
  );
}
