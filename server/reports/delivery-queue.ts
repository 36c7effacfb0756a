import type { Range } from '../contract/analytics.contract.js';
import type { ReportFrequency, ReportPage } from '../contract/report-subscriptions.contract.js';
import type { Db } from '../db/database.js';
import { latestDue, nextRun } from './schedule.js';

/**
 * The database is the queue of report mails, shared by every server on one PostgreSQL. A due
 * subscription gets one delivery row per period (unique), and its next_run_at moves past now in the
 * same transaction; rows are locked with SKIP LOCKED, so two servers never handle the same row at once.
 * A server sending a delivery holds a lease; if it dies the lease runs out and another server sends it.
 */

/** How long a claimed delivery is held: long enough to build and send one mail. */
export const LEASE_MS = 2 * 60_000;
/** Waits before the retries after the 1st, 2nd, 3rd… failure (the last repeats). */
export const BACKOFF_MS = [1, 5, 15, 60, 60].map((minutes) => minutes * 60_000);
/** After this many failed attempts a delivery is given up ('failed'). */
export const MAX_ATTEMPTS = 6;
/** Subscriptions enqueued per transaction. */
const ENQUEUE_BATCH = 100;
const ERROR_MAX_LENGTH = 500;

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

/** A claimed delivery, with what the sender needs. `leased_until` identifies the claim. */
export type Delivery = {
  id: string;
  period: string;
  scheduled_at: Date;
  attempts: number;
  leased_until: Date;
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
  const leasedUntil = leaseEnd(now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('report_deliveries')
      .set({ leased_until: leasedUntil })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('report_deliveries')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('leased_until', 'is', null), w('leased_until', '<', now)]))
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returning('id')
      .execute();
    if (claimed.length === 0) return [];
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
      .where(
        'd.id',
        'in',
        claimed.map((c) => c.id),
      )
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

type Claim = Pick<Delivery, 'id' | 'leased_until'>;

/**
 * Marks the delivery sent, if this claim still holds it: a claim whose lease ran out and was taken by
 * another server changes nothing (false). A send slower than the lease may then go out twice; the
 * lease is far longer than a mail takes.
 */
export async function markSent(db: Db, claim: Claim, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('report_deliveries')
    .set({ status: 'sent', sent_at: now, leased_until: null })
    .where('id', '=', claim.id)
    .where('status', '=', 'pending')
    .where('leased_until', '=', claim.leased_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records a failed attempt of this claim: retried after a back-off, or given up after MAX_ATTEMPTS.
 * `error` is stored as given, so callers pass a message without secrets.
 */
export async function markFailed(db: Db, claim: Claim, now: Date, error: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('report_deliveries')
      .select('attempts')
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('leased_until', '=', claim.leased_until)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('report_deliveries')
      .set(failedAttempt(row.attempts, now, error))
      .where('id', '=', claim.id)
      .execute();
    return true;
  });
}

/**
 * What a failed attempt sets on a queued mail (report deliveries, alert mails): retried after the
 * back-off, or given up after MAX_ATTEMPTS; the lease is let go.
 */
export function failedAttempt(attemptsBefore: number, now: Date, error: string) {
  const attempts = attemptsBefore + 1;
  return {
    attempts,
    status: attempts >= MAX_ATTEMPTS ? ('failed' as const) : ('pending' as const),
    next_attempt_at: new Date(now.getTime() + BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]!),
    leased_until: null,
    last_error: error.slice(0, ERROR_MAX_LENGTH),
  };
}

/** The end of a lease taken at `now`. */
export const leaseEnd = (now: Date) => new Date(now.getTime() + LEASE_MS);

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
