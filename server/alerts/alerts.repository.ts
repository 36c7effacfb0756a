import type { AuthUser } from '../auth/franchise-users.repository.js';
import { DAY_MS } from '@contract/calendar-day.js';
import { ALERT_KIND_PAGES, ALERTS_PAGE_SIZE } from '@contract/alerts.contract.js';
import type { Alert, AlertsPage } from '@contract/api/alerts.calls.js';
import type { Db } from '../db/database.js';
import { columnsOf, withinBranches } from '../db/typed-sql.js';
import { rangeFor, thresholdOf } from './conditions.js';

/** What an alert says, of `alerts as a` joined to its `restaurants as r`: the member's list and the alert mail read these. */
export const ALERT_COLUMNS = [
  'a.kind',
  'a.threshold_tenths',
  'a.restaurant_id',
  'r.name as restaurant_name',
  'a.day',
  'a.value',
  'a.summary',
] as const;

/** Who reads: a member sees the alerts addressed to them, of the branches they may reach now. */
export type Reader = Pick<AuthUser, 'id' | 'restaurant_ids'> & { franchise: { time_zone: string } };

function addressedTo(db: Db, reader: Reader) {
  return db
    .selectFrom('alert_recipients as ar')
    .innerJoin('alerts as a', 'a.id', 'ar.alert_id')
    .where('ar.user_id', '=', reader.id)
    .$if(reader.restaurant_ids !== null, (q) => q.where(withinBranches(columnsOf('alerts', 'a')('restaurant_id'), reader.restaurant_ids)));
}

/** How many of the member's alerts are unread: what the bell polls, one indexed count. */
export async function unreadCount(db: Db, reader: Reader): Promise<number> {
  // An owner reaches every branch: the partial index alone answers, without reading the alerts.
  const query =
    reader.restaurant_ids === null ? db.selectFrom('alert_recipients as ar').where('ar.user_id', '=', reader.id) : addressedTo(db, reader);
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ar.acknowledged_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the member's alerts (all or unread only), newest day first, then newest alert first. */
export async function alertsPage(db: Db, reader: Reader, status: 'unread' | 'all', page: number, now: Date): Promise<AlertsPage> {
  const counts = await addressedTo(db, reader)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('ar.acknowledged_at', 'is', null).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  let query = addressedTo(db, reader).innerJoin('restaurants as r', 'r.id', 'a.restaurant_id');
  if (status === 'unread') query = query.where('ar.acknowledged_at', 'is', null);
  const rows = await query
    .select(['a.id', 'a.rule_id', ...ALERT_COLUMNS, 'a.baseline', 'a.created_at', 'ar.acknowledged_at'])
    .orderBy('a.day', 'desc')
    .orderBy('a.id', 'desc')
    .limit(ALERTS_PAGE_SIZE)
    .offset((page - 1) * ALERTS_PAGE_SIZE)
    .execute();
  const timeZone = reader.franchise.time_zone;
  const items = rows.map(({ threshold_tenths, created_at, acknowledged_at, value, ...row }): Alert => ({
    ...row,
    threshold: thresholdOf(threshold_tenths),
    value: value ?? null,
    page: ALERT_KIND_PAGES[row.kind],
    range: rangeFor(row.day, timeZone, now),
    created_at: created_at.toISOString(),
    acknowledged_at: acknowledged_at?.toISOString() ?? null,
  }));
  const total = Number(counts.total);
  return {
    items,
    total: status === 'unread' ? Number(counts.unread) : total,
    unread: Number(counts.unread),
    page,
    page_size: ALERTS_PAGE_SIZE,
  };
}

/** Marks the member's alert read (the first time only); false when it is not addressed to them. */
export async function acknowledge(db: Db, reader: Reader, alertId: number, now: Date): Promise<boolean> {
  const target = await addressedTo(db, reader).select('ar.id').where('a.id', '=', alertId).executeTakeFirst();
  if (!target) return false;
  await db
    .updateTable('alert_recipients')
    .set({ acknowledged_at: now })
    .where('id', '=', target.id)
    .where('acknowledged_at', 'is', null)
    .execute();
  return true;
}

/** Marks every unread alert of the member's read; how many were. */
export async function acknowledgeAll(db: Db, reader: Reader, now: Date): Promise<number> {
  const result = await db
    .updateTable('alert_recipients')
    .set({ acknowledged_at: now })
    .where('id', 'in', addressedTo(db, reader).select('ar.id').where('ar.acknowledged_at', 'is', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Alerts are kept this long (with their recipients and evaluations), then purged. */
export const ALERT_RETENTION_DAYS = 400;

/** Deletes alerts and evaluation claims of days older than the retention. Run by the housekeeping timer. */
export async function purgeAlerts(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - ALERT_RETENTION_DAYS * DAY_MS).toISOString().slice(0, 10);
  await db.deleteFrom('alert_evaluations').where('day', '<', before).execute();
  const result = await db.deleteFrom('alerts').where('day', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
