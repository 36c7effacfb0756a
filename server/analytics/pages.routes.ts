import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { analyticsQuery, type AnalyticsKind, type ParsedAnalyticsQuery } from '@contract/analytics.contract.js';
import {
  ANALYTICS_PAGES,
  EXPORT_FORMATS,
  PAGE_TITLES,
  type AnalyticsPage,
  type ExportFormat,
  type PageReport,
} from '@contract/page-reports.contract.js';
import { successText } from '../http/envelope.js';
import { HttpError } from '../http/errors.js';
import { SharedJsonBody } from '../http/shared-json-body.js';
import { analyticsRequests, type AnalyticsRequest } from './analytics.routes.js';
import { AnalyticsCache } from './cache.js';
import { withExportSlot } from './exports/export-slots.js';
import { renderExport, type ExportFile } from './exports/report-export.js';
import { pageReport } from './page-reports.js';
import { reportHeading } from './answers/report-heading.js';

/** The export's query: the analytics query and the file's format. */
const exportQuery = analyticsQuery.safeExtend({
  format: z.enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(', ')}` }),
});

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
};

const isPage = (page: string | undefined): page is AnalyticsPage => (ANALYTICS_PAGES as readonly string[]).includes(page ?? '');

/** A cached report, its JSON body and its files as far as they were asked for. */
type CachedReport = { report: PageReport; body: SharedJsonBody; files: Map<ExportFormat, Promise<ExportFile>> };

/**
 * A cached report's file, rendered once: the same report makes the same bytes, and a PDF costs a core
 * for tens of ms. A failed render is not kept.
 */
function exportOf(cached: CachedReport, format: ExportFormat): Promise<ExportFile> {
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
 * GET /analytics/pages/{page} and /restaurants/{id}/analytics/pages/{page}: a page's report (cards,
 * tables with totals, chart recipe), and `…/export?format=csv|pdf`: the same report as a file. Checked
 * in the order of the analytics calls: the token (401), the page and the restaurant (404), then the
 * query (422 naming the field). A file is made from the cached report, so it holds the screen's figures.
 */
export function pageReportRoutes(deps: RouteDeps) {
  // The page reports' own cache (docs/caching.md); the answers they are built from are the app's.
  const cache = new AnalyticsCache(deps.analyticsCacheEntries);
  const answers = deps.analytics;
  const reportRequest = analyticsRequests(deps, analyticsQuery);
  const exportRequest = analyticsRequests(deps, exportQuery);

  const report = (page: AnalyticsPage, { scope, dataVersion, query, window }: AnalyticsRequest<ParsedAnalyticsQuery>) =>
    cache.answer<CachedReport>({ ...scope, dataVersion, kind: CACHE_KIND[page], window, limit: query.limit }, async () => {
      const built = await pageReport(deps.db, page, scope, window, query, {
        limit: query.limit,
        now: new Date(deps.clock()),
        // Through the app's answers cache: a page reuses what its dashboard read, and the next page what this one read.
        figures: (_db, kind, answerScope, answerWindow, { limit }) =>
          answers.figures(kind, { scope: answerScope, dataVersion, window: answerWindow, limit }),
        // A database round trip less per report: names change only with a write, which empties the read
        // cache, and are the same for every member who reaches the branch.
        heading: () => deps.reads.read(`heading|${scope.franchiseId}|${scope.restaurantId ?? '*'}`, () => reportHeading(deps.db, scope)),
      });
      return {
        report: built,
        body: new SharedJsonBody(successText(built, `${PAGE_TITLES[page]} report retrieved`)),
        files: new Map(),
      };
    });

  const pageOf = (c: Context<AppEnv>): AnalyticsPage => {
    const page = c.req.param('page');
    if (!isPage(page)) throw new HttpError(404, 'Not found');
    return page;
  };

  const reportHandler = (perRestaurant: boolean) => async (c: Context<AppEnv>) => {
    const page = pageOf(c);
    const { body } = await report(page, await reportRequest(c, perRestaurant));
    return body.respond(c);
  };

  const exportHandler = (perRestaurant: boolean) => async (c: Context<AppEnv>) => {
    const page = pageOf(c);
    const request = await exportRequest(c, perRestaurant);
    const cached = await report(page, request);
    const file = await withExportSlot(deps.db, c.get('auth').user.id, deps.clock(), () => exportOf(cached, request.query.format));
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      'Cache-Control': 'no-store',
    });
  };

  const routes = new Hono<AppEnv>();
  routes.use('/analytics/pages/*', deps.authenticated);
  routes.use('/restaurants/:id/analytics/pages/*', deps.authenticated);
  routes.get('/analytics/pages/:page', reportHandler(false));
  routes.get('/restaurants/:id/analytics/pages/:page', reportHandler(true));
  routes.get('/analytics/pages/:page/export', exportHandler(false));
  routes.get('/restaurants/:id/analytics/pages/:page/export', exportHandler(true));
  return routes;
}
