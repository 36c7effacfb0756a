import type { Context } from 'hono';
import type { ParsedAnalyticsQuery } from '@contract/analytics.contract.js';
import { TARGET_CALLS } from '@contract/api/targets.calls.js';
import type { ExportFormat } from '@contract/page-reports.contract.js';
import { memberActor } from '../activity/activity.repository.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { analyticsRequests, type AnalyticsRequest } from '../analytics/analytics.routes.js';
import { reportHeading } from '../analytics/answers/report-heading.js';
import { AnalyticsCache } from '../analytics/cache.js';
import { withExportSlot } from '../analytics/exports/export-slots.js';
import { fileAnswer, renderExport } from '../analytics/exports/report-export.js';
import { comparedWithLabel, rangeLabel } from '../analytics/page-reports.js';
import { ingestBody } from '../http/body-limit.js';
import { callRoutes } from '../http/call-routes.js';
import { ingestKeyGates, ingestScopeOf } from '../ingest/ingest.routes.js';
import { targetsAnswer, targetsFigures, targetsReport } from './targets-answer.js';
import { targetsGrid, writeTargets } from './targets.service.js';

const {
  'PUT /ingest/targets': ingestCall,
  'PUT /franchise/targets': saveCall,
  'GET /franchise/targets': gridCall,
  ...analyticsCalls
} = TARGET_CALLS;

/**
 * Targets (contract/api/targets.calls.ts): the ingest key's write behind the ingest calls' gates, the
 * Targets page's grid and save, and revenue against target as an answer and as CSV or PDF files,
 * checked and windowed as the other analytics calls.
 */
export function targetsRoutes(deps: RouteDeps) {
  const ingest = callRoutes(
    deps,
    { 'PUT /ingest/targets': ingestCall },
    {
      'PUT /ingest/targets': async ({ c, body }) => {
        const scope = ingestScopeOf(c);
        const { created, updated, unchanged } = await writeTargets(deps.db, { ...scope, branches: null }, body.targets, deps.clock());
        return { data: { created, updated, unchanged }, message: 'Targets recorded' };
      },
    },
    { before: ingestKeyGates(deps) },
  );

  // A month of every branch of a large franchise is larger than a console body: read as the import's are.
  const save = callRoutes(
    deps,
    { 'PUT /franchise/targets': saveCall },
    {
      'PUT /franchise/targets': async ({ c, body }) => {
        const { user } = c.get('auth');
        const scope = {
          franchiseId: user.franchise.id,
          restaurantId: null,
          branches: user.restaurant_ids,
          actor: memberActor(user),
          via: 'console' as const,
          sender: null,
        };
        return { data: await writeTargets(deps.db, scope, body.targets, deps.clock(), body.version), message: 'Targets saved' };
      },
    },
    {
      before: [ingestBody<AppEnv>((c) => ({ caller: `user:${c.get('auth').user.id}`, franchise: `${c.get('auth').user.franchise.id}` }))],
    },
  );
  const grid = callRoutes(
    deps,
    { 'GET /franchise/targets': gridCall },
    {
      'GET /franchise/targets': async ({ c, query }) => {
        const { user } = c.get('auth');
        return {
          data: await targetsGrid(deps.db, user.franchise.id, user.restaurant_ids, query.month, new Date(deps.clock())),
          message: 'Targets retrieved',
        };
      },
    },
  );

  // Cached per data version, which every targets write bumps, as the other analytics answers are.
  const cache = new AnalyticsCache(deps.analyticsCacheEntries);
  const { reach, request } = analyticsRequests(deps);
  const figures = ({ scope, dataVersion, window, query, at }: AnalyticsRequest<ParsedAnalyticsQuery>) =>
    cache.answer({ ...scope, dataVersion, kind: 'targets', window, limit: query.limit, todays: at.todays }, () =>
      targetsFigures(deps.db, scope, window),
    );
  const answer = async ({ c, query }: { c: Context<AppEnv>; query: ParsedAnalyticsQuery }) => ({
    data: targetsAnswer(await figures(await request(c, query))),
    message: 'Targets retrieved',
  });
  const exportOf = async ({ c, query }: { c: Context<AppEnv>; query: ParsedAnalyticsQuery & { format: ExportFormat } }) => {
    const asked = await request(c, query);
    const [f, heading] = await Promise.all([figures(asked), reportHeading(deps.db, asked.scope)]);
    const report = targetsReport(
      f,
      heading,
      { range: rangeLabel(query, asked.window), comparedWith: comparedWithLabel(asked.window) },
      asked.at.now,
    );
    const file = await withExportSlot(deps.db, c.get('auth').user.id, deps.clock(), () => renderExport(report, query.format));
    return fileAnswer(c, file);
  };
  const analytics = callRoutes(
    deps,
    analyticsCalls,
    {
      'GET /franchise/analytics/targets': answer,
      'GET /franchise/restaurants/{id}/analytics/targets': answer,
      'GET /franchise/analytics/targets/export': exportOf,
      'GET /franchise/restaurants/{id}/analytics/targets/export': exportOf,
    },
    { before: [reach] },
  );
  return ingest.route('/', save).route('/', grid).route('/', analytics);
}
