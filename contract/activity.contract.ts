import * as z from 'zod';
import { FIRST_DAY, isCalendarDay } from './calendar-day.js';
import { MAX_RECORD_ID } from './record-id.js';

export type { ActivityItem, ActivityMember, ActivityPage } from './api/activity.calls.js';

/**
 * The activity log (owners; to a manager these calls do not exist, 404): who changed what, when,
 * and each changed field before → after. Secrets (passwords, API key secrets) are recorded as
 * "changed" only.
 * - `GET /api/v1/franchise/activity?page=N` (+ the filters of `activityQuery`) → `ActivityPage`
 * - `GET /api/v1/franchise/activity/export` (the same filters) → a CSV file of every matching entry,
 *   newest first, at most ACTIVITY_EXPORT_MAX_ROWS (the newest ones)
 * - `GET /api/v1/franchise/activity/members` → `ActivityMember[]`: the members the log names, for
 *   the member filter
 */

/** What an entry is about. */
export const ACTIVITY_ENTITIES = [
  'person',
  'restaurant',
  'profile',
  'member',
  'api_key',
  'import',
  'ingest',
  'alert_rule',
  'targets',
  'menu',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

export const ACTIVITY_ACTIONS = [
  'created',
  'updated',
  'deleted',
  'invited',
  'invitation_resent',
  'revoked',
  'imported',
  'ingested',
  'removed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What a secret field's change reads as: never the value. */
export const SECRET_CHANGED = 'changed';

/** Entries are kept at least this long; the housekeeping purge removes older ones. */
export const ACTIVITY_RETENTION_DAYS = 400;

export type ActivityChanges = Record<string, [unknown, unknown]>;

/** Entries per page, newest first. */
export const ACTIVITY_PAGE_SIZE = 50;

/** Entries one export holds at most: the newest that match. */
export const ACTIVITY_EXPORT_MAX_ROWS = 100_000;

const day = z
  .string('must be a date, YYYY-MM-DD')
  .refine(isCalendarDay, 'must be a date, YYYY-MM-DD')
  .refine((v) => v >= FIRST_DAY, 'must be a date from 2000 on')
  .meta({ format: 'date' });
const positiveInt = (message: string) => z.coerce.number(message).int(message).min(1, message).max(MAX_RECORD_ID, message);

/**
 * The log's query: `page` (from 1), and the filters: the member who made the change, the entity
 * kind, and the first and last day (inclusive) in the franchise's time zone. Unknown names are
 * refused (422 naming the field). The export takes the same query; it ignores `page`.
 */
export const activityQuery = z
  .strictObject({
    page: positiveInt('must be a whole number from 1').default(1),
    user_id: positiveInt('must be a member id').optional(),
    entity: z.enum(ACTIVITY_ENTITIES, { error: `must be one of ${ACTIVITY_ENTITIES.join(', ')}` }).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'must not be before from' });
export type ActivityQuery = z.input<typeof activityQuery>;
