import type { SelectType } from 'kysely';
import type { Database, Db } from '../db/database.js';
import type { Logger } from '../logger.js';

/**
 * A table of queued mails (report deliveries, alert mails) is a queue shared by every server on one
 * PostgreSQL (docs/reports.md, docs/alerts.md). A server claims due rows with SKIP LOCKED and holds
 * them for a lease, so two servers never send the same mail at once; if it dies mid-send the lease
 * runs out and another server takes the mail. Every claim counts as an attempt, so a mail that kills
 * every server taking it is still given up after MAX_ATTEMPTS.
 */
export type MailQueueTable = 'report_deliveries' | 'alert_recipients';

/** How long a claimed mail is held: long enough to build and send one mail. */
export const LEASE_MS = 2 * 60_000;
/** Waits before the retries after the 1st, 2nd, 3rd… failed attempt (the last repeats). */
export const BACKOFF_MS = [1, 5, 15, 60, 60].map((minutes) => minutes * 60_000);
/** After this many attempts a mail is given up ('failed'). */
export const MAX_ATTEMPTS = 6;
const ERROR_MAX_LENGTH = 500;
/** Stored on a mail given up because its last claim's lease ran out. */
export const LEASE_RAN_OUT = 'The server sending it stopped before it was sent (its lease ran out)';

/** A claimed mail: `leased_until` identifies the claim, `attempts` counts it (from 1). */
export type Claim = { id: string | number; leased_until: Date; attempts: number };

/**
 * Leases up to `limit` pending mails of `table` that are due and not leased by a live claim, counting
 * the attempt, and returns what `read` reads of them (in the same transaction) for their sender. First
 * gives up the mails whose last attempt's lease ran out.
 */
export async function claimMails<T extends MailQueueTable, M>(
  db: Db,
  table: T,
  now: Date,
  limit: number,
  read: (trx: Db, ids: SelectType<Database[T]['id']>[], leasedUntil: Date) => Promise<M[]>,
): Promise<M[]> {
  return db.transaction().execute(async (trx) => {
    const { leasedUntil, ids } = await leaseDue(trx, table, now, limit);
    return ids.length === 0 ? [] : read(trx, ids, leasedUntil);
  });
}

async function leaseDue<T extends MailQueueTable>(trx: Db, tableOfT: T, now: Date, limit: number) {
  // Kysely types these statements over both tables, not over one generic table.
  const table: MailQueueTable = tableOfT;
  await trx
    .updateTable(table)
    .set({ status: 'failed', leased_until: null, last_error: LEASE_RAN_OUT })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(table)
        .select('id')
        .where('status', '=', 'pending')
        .where('attempts', '>=', MAX_ATTEMPTS)
        .where('leased_until', '<', now)
        .forUpdate()
        .skipLocked(),
    )
    .execute();
  const leasedUntil = new Date(now.getTime() + LEASE_MS);
  const leased = await trx
    .updateTable(table)
    .set((eb) => ({ leased_until: leasedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom(table)
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
  return { leasedUntil, ids: leased.map((row) => row.id) as SelectType<Database[T]['id']>[] };
}

/**
 * Marks the mail sent, if this claim still holds it: a claim whose lease ran out and was taken by
 * another server changes nothing (false). A send slower than the lease may then go out twice; the
 * lease is far longer than a mail takes.
 */
export async function markMailSent(db: Db, table: MailQueueTable, claim: Claim, now: Date): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ status: 'sent', sent_at: now, leased_until: null })
    .where('id', '=', claim.id)
    .where('status', '=', 'pending')
    .where('leased_until', '=', claim.leased_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the failure of this claim's attempt, if the claim still holds the mail: retried after the
 * back-off, or given up after MAX_ATTEMPTS; the lease is let go. `error` is stored as given, so
 * callers pass a message without secrets.
 */
export async function markMailFailed(db: Db, table: MailQueueTable, claim: Claim, now: Date, error: string): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({
      status: claim.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      next_attempt_at: new Date(now.getTime() + BACKOFF_MS[Math.min(claim.attempts, BACKOFF_MS.length) - 1]!),
      leased_until: null,
      last_error: error.slice(0, ERROR_MAX_LENGTH),
    })
    .where('id', '=', claim.id)
    .where('status', '=', 'pending')
    .where('leased_until', '=', claim.leased_until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type DrainDeps = { db: Db; clock: () => number; logger: Logger };

/** One kind of queued mail: its table, how its due mails are claimed, and how a mail is named in the log. */
export type MailKind<M extends Claim> = {
  table: MailQueueTable;
  claim: (db: Db, now: Date, limit: number) => Promise<M[]>;
  /** Claimed at a time: sent one after another, so all well within their lease. */
  batch: number;
  describe: (mail: M) => string;
};

/**
 * Claims a batch, sends each mail and marks it sent or failed, until a batch comes back short.
 * `deliver` throws when a mail could not be sent; its message is stored. Returns how many were sent.
 */
export async function drainMailQueue<M extends Claim>(
  deps: DrainDeps,
  kind: MailKind<M>,
  deliver: (mail: M) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await kind.claim(deps.db, new Date(deps.clock()), kind.batch);
    for (const mail of claimed) {
      try {
        await deliver(mail);
      } catch (error) {
        deps.logger.error(`${kind.describe(mail)} failed`, error);
        const message = error instanceof Error ? error.message : String(error);
        await markMailFailed(deps.db, kind.table, mail, new Date(deps.clock()), message);
        continue;
      }
      if (await markMailSent(deps.db, kind.table, mail, new Date(deps.clock()))) sent++;
    }
    if (claimed.length < kind.batch) return sent;
  }
}
