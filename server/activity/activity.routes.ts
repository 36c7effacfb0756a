import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { withExportSlot } from '../analytics/exports/export-slots.js';
import { dayIn } from '../analytics/calendar.js';
import { ownersOnly } from '../auth/access.js';
import { ACTIVITY_EXPORT_MAX_ROWS, activityQuery } from '@contract/activity.contract.js';
import { success } from '../http/envelope.js';
import { readQuery } from '../http/query.js';
import { ACTIVITY_CSV_COLUMNS, activityCsvRecords } from './activity-csv.js';
import { activityChunks, activityMembers, activityPage, type ActivityFilter } from './activity.repository.js';

/**
 * `/franchise/activity` (owners; a manager gets 404): the log's pages, its CSV export and the
 * members it names. Checked in this order: the token (401), the role (404), the query (422).
 */
export function activityRoutes(deps: RouteDeps) {
  const { db, clock, authenticated } = deps;

  const request = (c: Context<AppEnv>) => {
    const { user } = c.get('auth');
    const { page, user_id, entity, from, to } = readQuery(c, activityQuery);
    const filter: ActivityFilter = {
      franchiseId: user.franchise.id,
      timeZone: user.franchise.time_zone,
      userId: user_id,
      entity,
      from,
      to,
    };
    return { page, filter };
  };

  return new Hono<AppEnv>()
    .get('/', authenticated, ownersOnly, async (c) => {
      const { page, filter } = request(c);
      return success(c, await activityPage(db, filter, page), 'Activity retrieved');
    })
    .get('/members', authenticated, ownersOnly, async (c) =>
      success(c, await activityMembers(db, c.get('auth').user.franchise.id), 'Members in the activity log retrieved'),
    )
    .get('/export', authenticated, ownersOnly, async (c) => {
      const { filter } = request(c);
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
    });
}
