import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { bumpDataVersion } from '../../db/data-version.js';
import { anyOf } from '../../db/typed-sql.js';

// The frame of every batch: one transaction that begins the franchise's write (its row lock and one
// data_version bump, the cache key of every server) and checks that each row a record names is the
// franchise's.

/** What a write did with the records it was given. */
export type WriteCounts = { created: number; updated: number; unchanged: number };

export const noneWritten = (): WriteCounts => ({ created: 0, updated: 0, unchanged: 0 });

/** A row names a restaurant, menu item, customer, person or supplier of another franchise (or none). */
export class ForeignReferenceError extends Error {
  override name = 'ForeignReferenceError';
}

export type OwnedTable = 'restaurants' | 'menu_items' | 'customers' | 'people' | 'suppliers';
const LABELS: Record<OwnedTable, string> = {
  restaurants: 'restaurant',
  menu_items: 'menu item',
  customers: 'customer',
  people: 'person',
  suppliers: 'supplier',
};

/** Throws unless every id is a row of `table` in the franchise. */
export async function assertOwned(db: Db, table: OwnedTable, franchiseId: number, ids: Iterable<number>): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('franchise_id', '=', franchiseId)
    .where('id', '=', anyOf(wanted, 'int'))
    .execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ForeignReferenceError(`${LABELS[table]} ${missing.join(', ')} does not belong to franchise ${franchiseId}`);
  }
}

/** Transactions whose franchise write has begun: the franchise and its time zone. */
const franchiseWrites = new WeakMap<Db, { franchiseId: number; timeZone: Promise<string> }>();

/**
 * Begins a franchise's write in the transaction `trx`: bumps its data_version and returns its time
 * zone, once however many writes the transaction holds (each batch bumps the version once). Done
 * first, so the franchise row lock also orders concurrent writes of one franchise on PostgreSQL: a
 * batch sent twice at once waits for the first, then finds its records there.
 */
export function beginFranchiseWrite(trx: Db, franchiseId: number): Promise<string> {
  const begun = franchiseWrites.get(trx);
  if (begun) {
    if (begun.franchiseId !== franchiseId) throw new Error('One transaction writes one franchise');
    return begun.timeZone;
  }
  const timeZone = bumpDataVersion(trx, franchiseId).then((zone) => {
    if (zone === undefined) throw new ForeignReferenceError(`franchise ${franchiseId} does not exist`);
    return zone;
  });
  franchiseWrites.set(trx, { franchiseId, timeZone });
  return timeZone;
}

/** A transaction of its own, or the caller's when `db` is one (the demo generator writes orders, shifts and purchases of a batch together). */
export const transaction = <T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? work(db) : db.transaction().execute(work);

/**
 * Runs inserts and rollup writes without PostgreSQL's foreign-key triggers, about two fifths of a
 * batch's time on PGlite. Safe here because every row they name was checked in this transaction
 * (assertOwned, the franchise row locked first, the orders' own ids) and the app never deletes a
 * restaurant, menu item, person, supplier or customer. Only a superuser may (always so on PGlite);
 * anyone else keeps the checks. Deletes run outside it: a replaced order's lines go by cascade.
 */
export async function withoutForeignKeyChecks(trx: Db, work: () => Promise<void>): Promise<void> {
  // Raw: settings, not tables.
  const { rows } = await sql<{ superuser: string; role: string }>`select current_setting('is_superuser') as superuser,
    current_setting('session_replication_role') as role`.execute(trx);
  const { superuser, role } = rows[0]!;
  if (superuser !== 'on' || role === 'replica') return work();
  await sql`set local session_replication_role = replica`.execute(trx);
  await work();
  await sql`set local session_replication_role = origin`.execute(trx);
}
