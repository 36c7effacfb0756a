import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { ROLLUP_COLUMNS, type RollupTable } from './rollup-columns.js';

/** The raw trade tables. */
const TRADE_TABLES = ['orders', 'order_lines', 'payment_transactions', 'staff_shifts', 'purchase_lines'];
const ROLLUP_TABLES = Object.keys(ROLLUP_COLUMNS) as RollupTable[];
/** The rollups by day, whose rows an appending write inserts without looking their keys up. */
const DAILY_ROLLUPS = ROLLUP_TABLES.filter((table) => ROLLUP_COLUMNS[table].keys.some(([name]) => name === 'day'));

/**
 * Runs a bulk load in the transaction `trx` with the lookup indexes (not the unique ones) of the trade
 * and rollup tables dropped, and the primary keys no foreign key points at of the trade tables and the
 * daily rollups, then creates them again from their own definitions: sorting the rows once is several
 * times cheaper than keeping the indexes up to date row by row. A primary key added back checks its
 * rule over every row, so a load that broke it fails and rolls back with the drop. The load writes
 * its trade `appending` (see recordSent): an upsert into a daily rollup, which needs its key, fails.
 * The tables stay locked until commit, so only for a database no one else uses; nothing in the load
 * may look rows up by these indexes.
 */
export async function withIndexesBuiltAfter(trx: Db, work: () => Promise<void>): Promise<void> {
  // Raw: the system catalogue.
  const { rows: indexes } = await sql<{
    name: string;
    definition: string;
  }>`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = any(${[...TRADE_TABLES, ...ROLLUP_TABLES]}::regclass[]) and not i.indisunique and not i.indisprimary
    order by c.relname`.execute(trx);
  const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`select
      k.conrelid::regclass::text as "table", k.conname as name, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    where k.conrelid = any(${[...TRADE_TABLES, ...DAILY_ROLLUPS]}::regclass[]) and k.contype = 'p'
      and not exists (select from pg_constraint f where f.contype = 'f' and f.confrelid = k.conrelid)
    order by k.conname`.execute(trx);
  for (const { name } of indexes) await sql`drop index ${sql.id(name)}`.execute(trx);
  for (const { table, name } of keys) await sql`alter table ${sql.id(table)} drop constraint ${sql.id(name)}`.execute(trx);
  await work();
  // Enough memory to sort each index in one pass; the setting ends with the transaction.
  await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
  for (const { table, name, definition } of keys) {
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(name)} ${sql.raw(definition)}`.execute(trx);
  }
  for (const { definition } of indexes) await sql.raw(definition).execute(trx);
}
