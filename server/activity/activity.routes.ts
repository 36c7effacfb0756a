import type { Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { withExportSlot } from '../analytics/exports/export-slots.js';
import { dayIn } from '../analytics/calendar.js';
import { ACTIVITY_EXPORT_MAX_ROWS, type activityQuery } from '@contract/activity.contract.js';
import { ACTIVITY_CALLS } from '@contract/api/activity.calls.js';
import type * as z from 'zod';
import { callRoutes } from '../http/call-routes.js';
import { ACTIVITY_CSV_COLUMNS, activityCsvRecords } from './activity-csv.js';
import { activityChunks, activityMembers, activityPage, type ActivityFilter } from './activity.repository.js';

/**
 * The activity log's calls (owners; to a manager they do not exist, 404): its pages, its CSV export
 * and the members it names. Checked in this order: the token (401), the role (404), the query (422).
 */
export function activityRoutes(deps: RouteDeps) {
  const { db, clock } = deps;

  const filterOf = (c: Context<AppEnv>, { user_id, entity, from, to }: z.output<typeof activityQuery>): ActivityFilter => {
    const { user } = c.get('auth');
    return { franchiseId: user.franchise.id, timeZone: user.franchise.time_zone, userId: user_id, entity, from, to };
  };

  return callRoutes(deps, ACTIVITY_CALLS, {
    'GET /franchise/activity': async ({ c, query }) => ({
      data: await activityPage(db, filterOf(c, query), query.page),
      message: 'Activity retrieved',
    }),
    'GET /franchise/activity/members': async ({ c }) => ({
      data: await activityMembers(db, c.get('auth').user.franchise.id),
      message: 'Members in the activity log retrieved',
    }),
    'GET /franchise/activity/export': async ({ c, query }) => {
      const filter = filterOf(c, query);
      const { user } = c.get('auth');
      const text = await withExportSlot(db, user.id, clock(), async () => {
        const { stringify } = await import('csv-stringify/sync');
        // BOM: Excel reads the file as UTF-8 only with it; CRLF and quoting as RFC 4180 has them.
        const options = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;
        const parts = [stringify([[...ACTIVITY_CSV_COLUMNS]], { ...options, bom: true })];
        // Each chunk is written while no statement runs, so other requests get the database between chunks.
        for await (const items of activityChunks(db, filter, ACTIVITY_EXPORT_MAX_ROWS)) {
          parts.push(stringify(activityCsvRecords(items, filter.timeZone), options));
        }
        return parts.join('');
      });
      const filename = `activity_${filter.from ?? 'all'}_${filter.to ?? dayIn(filter.timeZone, new Date(clock()))}.csv`;
      return c.body(text, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'no-store',
      });
    },
  });
}
