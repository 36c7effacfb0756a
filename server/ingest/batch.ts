import { createHash } from 'node:crypto';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import { DAY_MS } from '@contract/calendar-day.js';
import { beginFranchiseWrite, type WriteCounts } from '../analytics/ingest.js';
import { unauthenticated } from '../auth/require-auth.js';
import { MAX_FUTURE_DAYS, type IngestKind } from '@contract/ingest.contract.js';
import type { Db } from '../db/database.js';
import { anyOf } from '../db/typed-sql.js';
import { HttpError } from '../http/errors.js';
import { isFranchiseOwner } from '../team/team.repository.js';

// The frame of an ingest call or CSV import batch (docs/integrations.md): the problems found in it,
// the checks every kind shares, one transaction and its activity log entry.

/**
 * Who writes: the franchise, the one branch a key is scoped to (null: every branch), and for the
 * activity log who sent the batch (a member or an API key) and through what: the console's CSV
 * import or the ingest API. `sender` is the credential re-checked in the write: the API key, the
 * owner importing, or null for the server's own writes (the seed's probe).
 */
export type IngestScope = {
  franchiseId: number;
  restaurantId: number | null;
  actor: Actor;
  via: 'import' | 'ingest';
  sender: { apiKeyId: number } | { ownerId: number } | null;
};

/** What a batch did, as its call answers it. */
export type BatchResult = WriteCounts | { removed: number };

/** Problems of a batch, by the record's path; a batch with any writes nothing. */
export class BatchProblems {
  private readonly problems = new Map<string, string[]>();

  add(path: string, message: string): void {
    this.problems.set(path, [...(this.problems.get(path) ?? []), message]);
  }

  throwIfAny(): void {
    if (this.problems.size === 0) return;
    const n = this.problems.size;
    throw new HttpError(422, `${n} ${n === 1 ? 'problem' : 'problems'} in this batch; nothing was written.`, {
      errors: Object.fromEntries(this.problems),
    });
  }
}

/** What was sent, as a stable fingerprint: an identical resend is recognised and changes nothing. */
export const fingerprint = (record: unknown) => createHash('sha256').update(JSON.stringify(record)).digest('base64url');

/**
 * Each record's restaurant must be the franchise's (another franchise's restaurant reads as unknown)
 * and within the caller's reach: for a key scoped to one branch, that branch; for a manager, their
 * branches (`branches`; one they do not reach reads as unknown, as a 404 would).
 */
export async function checkRestaurants(
  db: Db,
  scope: Pick<IngestScope, 'franchiseId' | 'restaurantId'> & { branches?: readonly number[] | null },
  kind: string,
  records: readonly { restaurant_id: number }[],
  problems: BatchProblems,
): Promise<void> {
  const wanted = [...new Set(records.map((r) => r.restaurant_id))];
  const rows = await db
    .selectFrom('restaurants')
    .select('id')
    .where('franchise_id', '=', scope.franchiseId)
    .where('id', '=', anyOf(wanted, 'int'))
    .execute();
  const owned = new Set(rows.map((r) => r.id));
  const branches = scope.branches ?? null;
  const reached = (id: number) => owned.has(id) && (branches === null || branches.includes(id));
  for (const [i, r] of records.entries()) {
    if (!reached(r.restaurant_id)) problems.add(`${kind}[${i}].restaurant_id`, `Unknown restaurant ${r.restaurant_id}`);
    else if (scope.restaurantId !== null && r.restaurant_id !== scope.restaurantId) {
      problems.add(`${kind}[${i}].restaurant_id`, `This key may only write restaurant ${scope.restaurantId}`);
    }
  }
}

/** `checkRestaurants`, and a (restaurant_id, external_id) may appear once a call. */
export async function checkRecords(
  db: Db,
  scope: IngestScope,
  kind: string,
  records: readonly { restaurant_id: number; external_id: string }[],
  problems: BatchProblems,
): Promise<void> {
  await checkRestaurants(db, scope, kind, records, problems);
  const seen = new Map<string, number>();
  for (const [i, r] of records.entries()) {
    const key = `${r.restaurant_id}|${r.external_id}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else problems.add(`${kind}[${i}].external_id`, `Sent twice in this call (also ${kind}[${first}])`);
  }
}

/** Days after the server's today (UTC) that a record may carry: a far-future day is a clock or typing error. */
export const latestDay = (now: number) => new Date(now + MAX_FUTURE_DAYS * DAY_MS).toISOString().slice(0, 10);

/**
 * One entry per batch, in its transaction: a CSV import always (a member's action), an ingest call
 * only when it created, updated or removed something, so a system resending what it sent before
 * does not fill the log.
 */
export async function recordBatch(trx: Db, scope: IngestScope, kind: IngestKind, result: BatchResult, now: number): Promise<void> {
  const removal = 'removed' in result;
  const changed = removal ? result.removed > 0 : result.created + result.updated > 0;
  if (scope.via === 'ingest' && !changed) return;
  await recordActivity(trx, {
    franchiseId: scope.franchiseId,
    at: new Date(now),
    actor: scope.actor,
    action: scope.via === 'import' ? 'imported' : removal ? 'removed' : 'ingested',
    entity: scope.via,
    entityId: null,
    changes: Object.fromEntries([['kind', [null, kind]], ...Object.entries(result).map(([count, n]) => [count, [null, n]])]),
  });
}

/**
 * The sender may have lost the right to write while its body arrived: a key revoked (its row's
 * update waits for this share lock, or this waits for it), an owner removed or demoted (under the
 * franchise's lock, which their removal takes too). Refused as at the credential check: 401, 404.
 */
export async function recheckSender(trx: Db, scope: IngestScope): Promise<void> {
  const { sender } = scope;
  if (sender === null) return;
  if ('apiKeyId' in sender) {
    const live = await trx
      .selectFrom('api_keys')
      .select('id')
      .where('id', '=', sender.apiKeyId)
      .where('revoked_at', 'is', null)
      .forShare()
      .executeTakeFirst();
    if (!live) throw unauthenticated();
  } else if (!(await isFranchiseOwner(trx, scope.franchiseId, sender.ownerId))) {
    throw new HttpError(404, 'Not found');
  }
}

/**
 * One transaction that begins the franchise's write (its lock and data_version bump), re-checks
 * the sender, runs `work`, and records the batch in the activity log after it.
 */
export const ingestBatchWrite = <T extends BatchResult>(
  db: Db,
  scope: IngestScope,
  kind: IngestKind,
  now: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await beginFranchiseWrite(trx, scope.franchiseId);
    await recheckSender(trx, scope);
    const result = await work(trx);
    await recordBatch(trx, scope, kind, result, now);
    return result;
  });
