import type { AlertKind } from '@contract/alerts.contract.js';
import type { Db } from '../db/database.js';
import { claimMails, markMailFailed, markMailSent, type Claim } from '../mail/queue.js';
import { ALERT_COLUMNS } from './alerts.repository.js';
import { thresholdOf } from './conditions.js';

/**
 * alert_recipients is the queue of alert mails, shared by every server on one PostgreSQL, leased and
 * retried as every queued mail is (../mail/queue.ts).
 */

/** A claimed alert mail, with what the sender needs. `leased_until` identifies the claim, `attempts` counts it. */
export type AlertMail = Claim & {
  id: number;
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
  return claimMails(db, 'alert_recipients', now, limit, async (trx, ids, leasedUntil) => {
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
        ...ALERT_COLUMNS,
        'u.id as user_id',
        'u.email',
        'u.name',
        'f.id as franchise_id',
        'f.name as franchise_name',
        'f.time_zone',
      ])
      .where('ar.id', 'in', ids)
      .orderBy('ar.next_attempt_at')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      attempts: r.attempts,
      leased_until: leasedUntil,
      alert: {
        id: r.alert_id,
        kind: r.kind,
        threshold: thresholdOf(r.threshold_tenths),
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

/** Marks the mail sent if this claim still holds it (false when its lease ran out and another server took it). */
export const markAlertMailSent = (db: Db, claim: Claim, now: Date) => markMailSent(db, 'alert_recipients', claim, now);

/** Records this claim's failed attempt: retried after the back-off, or given up after MAX_ATTEMPTS. */
export const markAlertMailFailed = (db: Db, claim: Claim, now: Date, error: string) =>
  markMailFailed(db, 'alert_recipients', claim, now, error);
