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

/**
 * Whether the mail's member may still reach the alert's branch now: still a member of the franchise,
 * and an owner or a manager given the branch. Asked just before sending, since the team may have
 * changed since the alert was raised or the mail claimed.
 */
export async function stillReaches(db: Db, mail: AlertMail): Promise<boolean> {
  const row = await db
    .selectFrom('franchise_users as u')
    .select('u.id')
    .where('u.id', '=', mail.member.id)
    .where('u.franchise_id', '=', mail.franchise.id)
    .where((eb) =>
      eb.or([
        eb('u.role', '=', 'owner'),
        eb.exists(
          eb
            .selectFrom('franchise_user_restaurants as fr')
            .select('fr.user_id')
            .whereRef('fr.user_id', '=', 'u.id')
            .where('fr.restaurant_id', '=', mail.alert.restaurant_id),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Stored on a mail not sent because its member no longer reaches the branch. */
export const OUT_OF_REACH = 'Not sent: the member no longer reaches the branch';

/** Ends this claim without a mail, for good: the member no longer reaches the branch (false when the claim no longer holds). */
export async function markAlertMailSkipped(db: Db, mail: AlertMail): Promise<boolean> {
  const result = await db
    .updateTable('alert_recipients')
    .set({ status: 'skipped', leased_until: null, last_error: OUT_OF_REACH })
    .where('id', '=', mail.id)
    .where('status', '=', 'pending')
    .where('leased_until', '=', mail.leased_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the mail sent if this claim still holds it (false when its lease ran out and another server took it). */
export const markAlertMailSent = (db: Db, claim: Claim, now: Date) => markMailSent(db, 'alert_recipients', claim, now);

/** Records this claim's failed attempt: retried after the back-off, or given up after MAX_ATTEMPTS. */
export const markAlertMailFailed = (db: Db, claim: Claim, now: Date, error: string) =>
  markMailFailed(db, 'alert_recipients', claim, now, error);
