import type { AlertKind } from '../contract/alerts.contract.js';
import type { Db } from '../db/database.js';
import { failedAttempt, leaseEnd } from '../reports/delivery-queue.js';

/**
 * alert_recipients is the queue of alert mails, shared by every server on one PostgreSQL, leased and
 * retried as report deliveries are (the same lease, back-off and attempts): a row is claimed with
 * SKIP LOCKED, so two servers never send the same mail at once, and a server that dies mid-send lets
 * it go when its lease ends.
 */

/** A claimed alert mail, with what the sender needs. `leased_until` identifies the claim. */
export type AlertMail = {
  id: number;
  attempts: number;
  leased_until: Date;
  alert: {
    id: number;
    kind: AlertKind;
    threshold: number;
    restaurant_id: number;
    restaurant_name: string;
    day: string;
    value: number | null;
    summary: string;
  };
  member: { id: number; email: string; name: string };
  franchise: { id: number; name: string; time_zone: string };
};

/** Leases up to `limit` pending alert mails that are due and not leased by a live claim. */
export async function claimAlertMails(db: Db, now: Date, limit: number): Promise<AlertMail[]> {
  const leasedUntil = leaseEnd(now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('alert_recipients')
      .set({ leased_until: leasedUntil })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('alert_recipients')
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
      .selectFrom('alert_recipients as ar')
      .innerJoin('alerts as a', 'a.id', 'ar.alert_id')
      .innerJoin('restaurants as r', 'r.id', 'a.restaurant_id')
      .innerJoin('franchise_users as u', 'u.id', 'ar.user_id')
      .innerJoin('franchises as f', 'f.id', 'a.franchise_id')
      .select([
        'ar.id',
        'ar.attempts',
        'a.id as alert_id',
        'a.kind',
        'a.threshold_tenths',
        'a.restaurant_id',
        'r.name as restaurant_name',
        'a.day',
        'a.value',
        'a.summary',
        'u.id as user_id',
        'u.email',
        'u.name',
        'f.id as franchise_id',
        'f.name as franchise_name',
        'f.time_zone',
      ])
      .where(
        'ar.id',
        'in',
        claimed.map((c) => c.id),
      )
      .orderBy('ar.next_attempt_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      attempts: r.attempts,
      leased_until: leasedUntil,
      alert: {
        id: r.alert_id,
        kind: r.kind,
        threshold: r.threshold_tenths / 10,
        restaurant_id: r.restaurant_id,
        restaurant_name: r.restaurant_name,
        day: r.day,
        value: r.value,
        summary: r.summary,
      },
      member: { id: r.user_id, email: r.email, name: r.name },
      franchise: { id: r.franchise_id, name: r.franchise_name, time_zone: r.time_zone },
    }));
  });
}

type Claim = Pick<AlertMail, 'id' | 'leased_until'>;

/** Marks the mail sent if this claim still holds it (false when its lease ran out and another server took it). */
export async function markAlertMailSent(db: Db, claim: Claim, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('alert_recipients')
    .set({ status: 'sent', sent_at: now, leased_until: null })
    .where('id', '=', claim.id)
    .where('status', '=', 'pending')
    .where('leased_until', '=', claim.leased_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed attempt of this claim: retried after the back-off, or given up after MAX_ATTEMPTS. */
export async function markAlertMailFailed(db: Db, claim: Claim, now: Date, error: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('alert_recipients')
      .select('attempts')
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('leased_until', '=', claim.leased_until)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('alert_recipients')
      .set(failedAttempt(row.attempts, now, error))
      .where('id', '=', claim.id)
      .execute();
    return true;
  });
}
