import type { Range } from '@contract/analytics.contract.js';
import type { ReportFrequency, ReportPage } from '@contract/report-subscriptions.contract.js';
import type { Db } from '../db/database.js';
import { claimMails, markMailFailed, markMailSent, type Claim } from '../mail/queue.js';
import { latestDue, nextRun } from './schedule.js';

/**
 * The database is the queue of report mails, shared by every server on one PostgreSQL. A due
 * subscription gets one delivery row per period (unique), and its next_run_at moves past now in the
 * same transaction; rows are locked with SKIP LOCKED, so two servers never handle the same row at once.
 * Deliveries are leased and retried as every queued mail is (../mail/queue.ts).
 */

/** Subscriptions enqueued per transaction. */
const ENQUEUE_BATCH = 100;

/**
 * Enqueues the current period of every due subscription and moves its next_run_at past `now`.
 * A server that was down for several periods enqueues only the latest of them: an older report
 * is stale by then. Returns how many deliveries were enqueued.
 */
export async function enqueueDue(db: Db, now: Date): Promise<number> {
  let enqueued = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('report_subscriptions as s')
        .innerJoin('franchises as f', 'f.id', 's.franchise_id')
        .select(['s.id', 's.frequency', 's.weekday', 's.hour', 's.next_run_at', 'f.time_zone'])
        .where('s.next_run_at', '<=', now)
        .orderBy('s.next_run_at')
        .limit(ENQUEUE_BATCH)
        .forUpdate('s')
        .skipLocked()
        .execute();
      for (const sub of due) {
        const slot = latestDue(sub, sub.time_zone, sub.next_run_at, now);
        const inserted = await trx
          .insertInto('report_deliveries')
          .values({ subscription_id: sub.id, period: slot.period, scheduled_at: slot.at, next_attempt_at: slot.at })
          .onConflict((oc) => oc.columns(['subscription_id', 'period']).doNothing())
          .executeTakeFirst();
        enqueued += Number(inserted.numInsertedOrUpdatedRows ?? 0);
        await trx
          .updateTable('report_subscriptions')
          .set({ next_run_at: nextRun(sub, sub.time_zone, now).at })
          .where('id', '=', sub.id)
          .execute();
      }
      return due.length;
    });
    if (batch < ENQUEUE_BATCH) return enqueued;
  }
}

/** A claimed delivery, with what the sender needs. `leased_until` identifies the claim, `attempts` counts it. */
export type Delivery = Claim & {
  id: string;
  period: string;
  scheduled_at: Date;
  subscription: {
    id: number;
    franchise_id: number;
    page: ReportPage;
    range: Range;
    frequency: ReportFrequency;
    weekday: number | null;
    hour: number;
  };
  member: { id: number; email: string; name: string };
  time_zone: string;
};

/** Leases up to `limit` pending deliveries that are due and not leased by a live claim. */
export async function claimDeliveries(db: Db, now: Date, limit: number): Promise<Delivery[]> {
  return claimMails(db, 'report_deliveries', now, limit, async (trx, ids, leasedUntil) => {
    const rows = await trx
      .selectFrom('report_deliveries as d')
      .innerJoin('report_subscriptions as s', 's.id', 'd.subscription_id')
      .innerJoin('franchise_users as u', 'u.id', 's.user_id')
      .innerJoin('franchises as f', 'f.id', 's.franchise_id')
      .select([
        'd.id',
        'd.period',
        'd.scheduled_at',
        'd.attempts',
        's.id as subscription_id',
        's.franchise_id',
        's.page',
        's.range',
        's.frequency',
        's.weekday',
        's.hour',
        'u.id as user_id',
        'u.email',
        'u.name',
        'f.time_zone',
      ])
      .where('d.id', 'in', ids)
      .orderBy('d.next_attempt_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      period: r.period,
      scheduled_at: r.scheduled_at,
      attempts: r.attempts,
      leased_until: leasedUntil,
      subscription: {
        id: r.subscription_id,
        franchise_id: r.franchise_id,
        page: r.page,
        range: r.range,
        frequency: r.frequency,
        weekday: r.weekday,
        hour: r.hour,
      },
      member: { id: r.user_id, email: r.email, name: r.name },
      time_zone: r.time_zone,
    }));
  });
}

/** Marks the delivery sent if this claim still holds it (false when its lease ran out and another server took it). */
export const markSent = (db: Db, claim: Claim, now: Date) => markMailSent(db, 'report_deliveries', claim, now);

/** Records this claim's failed attempt: retried after the back-off, or given up after MAX_ATTEMPTS. */
export const markFailed = (db: Db, claim: Claim, now: Date, error: string) => markMailFailed(db, 'report_deliveries', claim, now, error);

/** Sent and given-up deliveries are kept this long (what went out, and why one failed), then purged. */
export const DELIVERY_RETENTION_DAYS = 90;

/** Deletes finished deliveries older than the retention; pending ones stay whatever their age. Run by the housekeeping timer. */
export async function purgeDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 24 * 3_600_000);
  const result = await db
    .deleteFrom('report_deliveries')
    .where('status', 'in', ['sent', 'failed'])
    .where('scheduled_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
