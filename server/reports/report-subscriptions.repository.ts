import { randomBytes } from 'node:crypto';
import type { ReportSubscription, UnsubscribeTarget } from '@contract/api/report-subscriptions.calls.js';
import type { Db } from '../db/database.js';

const COLUMNS = ['id', 'page', 'range', 'frequency', 'weekday', 'hour', 'next_run_at', 'created_at'] as const;

type Row = Omit<ReportSubscription, 'next_run_at' | 'created_at'> & { next_run_at: Date; created_at: Date };

const shape = (row: Row): ReportSubscription => ({
  ...row,
  next_run_at: row.next_run_at.toISOString(),
  created_at: row.created_at.toISOString(),
});

/** A member's subscriptions, oldest first. */
export async function listSubscriptions(db: Db, franchiseId: number, userId: number): Promise<ReportSubscription[]> {
  const rows = await db
    .selectFrom('report_subscriptions')
    .select(COLUMNS)
    .where('franchise_id', '=', franchiseId)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(shape);
}

/** The member's subscription, or undefined for one of another member or franchise. */
export async function findSubscription(db: Db, franchiseId: number, userId: number, id: number): Promise<ReportSubscription | undefined> {
  const row = await db
    .selectFrom('report_subscriptions')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && shape(row);
}

/**
 * Adds a subscription unless the member has `max` already; undefined when they have. Run inside a
 * member's write (report-subscriptions.service.ts), whose franchise lock keeps two creates at once
 * from both passing the count. `unsubscribeHash` is derived from the new id, so the row is written
 * with a placeholder first.
 */
export async function insertSubscription(
  trx: Db,
  values: {
    franchiseId: number;
    userId: number;
    input: Pick<ReportSubscription, 'page' | 'range' | 'frequency' | 'weekday' | 'hour'>;
    nextRunAt: Date;
    now: Date;
  },
  max: number,
  unsubscribeHash: (id: number) => string,
): Promise<ReportSubscription | undefined> {
  const { count } = await trx
    .selectFrom('report_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', values.userId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= max) return undefined;
  const { input } = values;
  const { id } = await trx
    .insertInto('report_subscriptions')
    .values({
      franchise_id: values.franchiseId,
      user_id: values.userId,
      page: input.page,
      range: input.range,
      frequency: input.frequency,
      weekday: input.weekday,
      hour: input.hour,
      next_run_at: values.nextRunAt,
      unsubscribe_hash: `pending-${randomBytes(16).toString('hex')}`,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .updateTable('report_subscriptions')
    .set({ unsubscribe_hash: unsubscribeHash(id) })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return shape(row);
}

/** Deletes the member's subscription; false when it is not theirs (or gone). */
export async function deleteSubscription(db: Db, franchiseId: number, userId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('report_subscriptions')
    .where('id', '=', id)
    .where('franchise_id', '=', franchiseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The report an unsubscribe token's hash names, for the confirmation; undefined when none does. */
export async function findByUnsubscribeHash(db: Db, hash: string): Promise<UnsubscribeTarget | undefined> {
  return db
    .selectFrom('report_subscriptions')
    .select(['page', 'range', 'frequency'])
    .where('unsubscribe_hash', '=', hash)
    .executeTakeFirst();
}

/** Deletes the subscription the hash names and returns what it was; undefined when none does (unknown, or already unsubscribed). */
export async function deleteByUnsubscribeHash(db: Db, hash: string): Promise<UnsubscribeTarget | undefined> {
  return db
    .deleteFrom('report_subscriptions')
    .where('unsubscribe_hash', '=', hash)
    .returning(['page', 'range', 'frequency'])
    .executeTakeFirst();
}
