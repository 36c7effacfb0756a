import type { ActivityEntity, ActivityMember, ActivityPage, ActivityQuery } from '@contract/activity.contract';
import { addressOf } from '@contract/api/call';
import { callApi, withDefaultMessage } from './api-error';
import { callsOf } from './call';
import { httpClient, type FileClient, type HttpClient } from './http-client';
import { EXPORT_FAILED, EXPORT_TIMEOUT_MS, filenameFromDisposition, type ExportFile } from './page-reports.service';

export const ACTIVITY_ERRORS = {
  page: 'Failed to fetch the activity log',
  members: 'Failed to fetch the members',
  export: EXPORT_FAILED,
} as const;

/** What the log is narrowed to; null: no filter. Days are YYYY-MM-DD in the franchise's time zone. */
export type ActivityFilters = { userId: number | null; entity: ActivityEntity | null; from: string | null; to: string | null };

/** The call's query: only the filters set, and the page when one is asked for. */
export function activityQueryOf({ userId, entity, from, to }: ActivityFilters, page?: number): ActivityQuery {
  return {
    ...(page === undefined ? {} : { page }),
    ...(userId === null ? {} : { user_id: userId }),
    ...(entity === null ? {} : { entity }),
    ...(from === null ? {} : { from }),
    ...(to === null ? {} : { to }),
  };
}

/** The activity log calls (owners only); each rejects with ApiError carrying the server's message or its default. */
export function createActivityService(client: HttpClient & FileClient) {
  const call = callsOf(client);
  return {
    page: (filters: ActivityFilters, page: number) =>
      callApi<ActivityPage>(ACTIVITY_ERRORS.page, () => call('GET /franchise/activity', { query: activityQueryOf(filters, page) })),
    /** The members the log names, for the member filter. */
    members: () => callApi<ActivityMember[]>(ACTIVITY_ERRORS.members, () => call('GET /franchise/activity/members')),
    /** Every entry the filters match as a CSV file, named as the server named it. */
    async exportCsv(filters: ActivityFilters): Promise<ExportFile> {
      try {
        const { path } = addressOf('GET /franchise/activity/export');
        const { blob, headers } = await client.download(path, { query: activityQueryOf(filters), timeout: EXPORT_TIMEOUT_MS });
        return { blob, filename: filenameFromDisposition(headers.get('Content-Disposition')) ?? 'activity.csv' };
      } catch (error) {
        throw withDefaultMessage(error, ACTIVITY_ERRORS.export);
      }
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;

export const activityService = createActivityService(httpClient);
