import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { anyOf, columnsOf, table as tableRef } from '../../db/typed-sql.js';
import {
  assertOwned,
  beginFranchiseWrite,
  noneWritten,
  transaction,
  withoutForeignKeyChecks,
  type OwnedTable,
  type WriteCounts,
} from './frame.js';
import type { Column } from './rollup-columns.js';
import { writeRows, type Cell } from './statements.js';

// The one write skeleton of every kind of sent record (orders, shifts, purchases): find each record
// by (restaurant_id, external_id); the same source hash is unchanged; otherwise the stored version's
// counts are taken out of the rollups and it is deleted, the new version is written and added, and
// rollup rows left empty are deleted, so the rollups always equal what rollups.ts computes.

/**
 * A record sent by a franchise's system: its id there (unique per restaurant) and a hash of what was
 * sent. Absent for the demo generator's rows, which are only ever added.
 */
export type SentRecord = { externalId?: string; sourceHash?: string };

/** A sent record's identity. */
export type RecordRef = { restaurantId: number; externalId: string };

type Sent = SentRecord & { restaurantId: number };
type SentTable = 'orders' | 'staff_shifts' | 'purchase_lines';

/** How a batch's rollup rows are written. */
export type RollupWrite = {
  /** Stored records were taken out: the rollup rows left empty are deleted. */
  takenOut: boolean;
  /** The daily rollups hold no row of the batch's days (`appending`): their rows are inserted, not added to. */
  newDays: boolean;
};

/** A batch's net change to one kind's rollups. */
export interface RollupDelta {
  write(trx: Db, how: RollupWrite): Promise<void>;
}

/** What differs between kinds of sent records. */
export type SentKind<T extends Sent, R extends RollupDelta, C> = {
  table: SentTable;
  /** The franchise's rows each record names besides its restaurant. */
  owned: { table: OwnedTable; ids: (record: T) => number[] }[];
  rollups: (franchiseId: number) => R;
  /** Takes the stored versions `ids` out of `rollups` and deletes them; returns what inserting `fresh` needs (see recordSent for `appending`). */
  takeOut: (trx: Db, franchiseId: number, ids: number[], rollups: R, fresh: T[], appending: boolean) => Promise<C>;
  /** Inserts `fresh` and adds them to `rollups` (without the foreign-key checks). */
  insert: (trx: Db, fresh: T[], rollups: R, takenOut: C) => Promise<void>;
};

/** `t` joined to the sent ids; raw: the builder cannot join an unnest of two arrays (one parameter each, whatever the batch size). */
const joinSent = (table: SentTable, refs: RecordRef[]) => {
  const t = columnsOf(table, 't');
  return sql`${tableRef(table)} t
    join unnest(${refs.map((r) => r.restaurantId)}::int[], ${refs.map((r) => r.externalId)}::text[]) as u(restaurant_id, external_id)
      on ${t('restaurant_id')} = u.restaurant_id and ${t('external_id')} = u.external_id`;
};

/**
 * Sorts a batch against what was sent before: records never seen are created; a record whose
 * external_id is known replaces the stored version unless it is the same as sent then (unchanged,
 * left out). Returns the records to write and the ids of the stored versions they replace.
 */
async function sortOutResent<T extends Sent>(db: Db, table: SentTable, records: T[]) {
  const sent = records.filter((r): r is T & { externalId: string } => r.externalId !== undefined);
  const stored = new Map<string, { id: number; source_hash: string | null }>();
  if (sent.length > 0) {
    const t = columnsOf(table, 't');
    const { rows } = await sql<{ id: number; restaurant_id: number; external_id: string; source_hash: string | null }>`
      select ${t('id')}, ${t('restaurant_id')}, ${t('external_id')}, ${t('source_hash')} from ${joinSent(table, sent)}`.execute(db);
    for (const row of rows) stored.set(`${row.restaurant_id}|${row.external_id}`, row);
  }
  const fresh: T[] = [];
  const replaced: number[] = [];
  const counts = noneWritten();
  for (const record of records) {
    const before = record.externalId === undefined ? undefined : stored.get(`${record.restaurantId}|${record.externalId}`);
    if (!before) {
      counts.created += 1;
      fresh.push(record);
    } else if (before.source_hash !== null && before.source_hash === record.sourceHash) {
      counts.unchanged += 1;
    } else {
      counts.updated += 1;
      fresh.push(record);
      replaced.push(before.id);
    }
  }
  return { fresh, replaced, counts };
}

/** Stored records named by their sender's ids, among the franchise's restaurants. */
async function storedIds(db: Db, table: SentTable, franchiseId: number, refs: RecordRef[]): Promise<number[]> {
  if (refs.length === 0) return [];
  const [t, r] = [columnsOf(table, 't'), columnsOf('restaurants', 'r')];
  const { rows } = await sql<{ id: number }>`select ${t('id')} from ${joinSent(table, refs)}
    join restaurants r on ${r('id')} = ${t('restaurant_id')} and ${r('franchise_id')} = ${franchiseId}`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Records of `kind` and their rollups, in one transaction; a record sent again under its external_id replaces the stored one.
 * `appending` (a history loaded in time order, whole days at a time): the caller vouches that every record is placed after
 * all the franchise's stored ones of its kind, on a day of which none of its kind is stored and whose records of its kind
 * all arrive in this write.
 */
export async function recordSent<T extends Sent, R extends RollupDelta, C>(
  db: Db,
  franchiseId: number,
  kind: SentKind<T, R, C>,
  records: T[],
  appending = false,
): Promise<WriteCounts> {
  if (records.length === 0) return noneWritten();
  return transaction(db, async (trx) => {
    await beginFranchiseWrite(trx, franchiseId);
    await assertOwned(
      trx,
      'restaurants',
      franchiseId,
      records.map((r) => r.restaurantId),
    );
    for (const owned of kind.owned) await assertOwned(trx, owned.table, franchiseId, records.flatMap(owned.ids));
    const { fresh, replaced, counts } = await sortOutResent(trx, kind.table, records);
    const rollups = kind.rollups(franchiseId);
    const takenOut = await kind.takeOut(trx, franchiseId, replaced, rollups, fresh, appending);
    await withoutForeignKeyChecks(trx, async () => {
      await kind.insert(trx, fresh, rollups, takenOut);
      await rollups.write(trx, { takenOut: replaced.length > 0, newDays: appending && replaced.length === 0 });
    });
    return counts;
  });
}

/** Removes records sent by mistake, by their sender's ids; ids the franchise does not have are skipped. Returns how many were removed. */
export async function removeSent<T extends Sent, R extends RollupDelta, C>(
  db: Db,
  franchiseId: number,
  kind: SentKind<T, R, C>,
  refs: RecordRef[],
): Promise<number> {
  return transaction(db, async (trx) => {
    await beginFranchiseWrite(trx, franchiseId);
    const ids = await storedIds(trx, kind.table, franchiseId, refs);
    const rollups = kind.rollups(franchiseId);
    await kind.takeOut(trx, franchiseId, ids, rollups, [], false);
    await rollups.write(trx, { takenOut: true, newDays: false });
    return ids.length;
  });
}

/** A kind whose record is one row of its table: its columns, and its rollups' add per record. */
export function rowKind<T extends Sent, Table extends 'staff_shifts' | 'purchase_lines', R extends RollupDelta>(spec: {
  table: Table;
  owned: SentKind<T, R, void>['owned'];
  columns: readonly Column<Table>[];
  cells: (record: T) => Cell[];
  /** A stored row (the columns by name) as the record it was written from. */
  fromRow: (row: Record<string, Cell>) => Omit<T, keyof SentRecord>;
  rollups: (franchiseId: number) => R & { add(record: Omit<T, keyof SentRecord>, sign: 1 | -1): void };
}): SentKind<T, R & { add(record: Omit<T, keyof SentRecord>, sign: 1 | -1): void }, void> {
  return {
    table: spec.table,
    owned: spec.owned,
    rollups: spec.rollups,
    async takeOut(trx, _franchiseId, ids, rollups) {
      if (ids.length === 0) return;
      const rows = await trx
        .deleteFrom(spec.table as 'staff_shifts' | 'purchase_lines')
        .where('id', '=', anyOf(ids, 'bigint'))
        .returningAll()
        .execute();
      for (const row of rows) rollups.add(spec.fromRow(row as Record<string, Cell>), -1);
    },
    async insert(trx, fresh, rollups) {
      await writeRows(
        trx,
        spec.table,
        [...spec.columns, ['external_id', 'text'], ['source_hash', 'text']],
        fresh.map((r) => [...spec.cells(r), r.externalId ?? null, r.sourceHash ?? null]),
      );
      for (const r of fresh) rollups.add(r, 1);
    },
  };
}
