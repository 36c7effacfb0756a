import type { Db } from './database.js';

/** Tables of records a franchise owns outright, addressed by id: deleting one is deleting the row. */
export type FranchiseRecordTable = 'alert_rules' | 'franchise_users';

/** Deletes the franchise's record `id`; false when the franchise has none of that id (another franchise's is never touched). */
export async function deleteFranchiseRecord(db: Db, table: FranchiseRecordTable, franchiseId: number, id: number): Promise<boolean> {
  const row = await db.deleteFrom(table).where('id', '=', id).where('franchise_id', '=', franchiseId).returning('id').executeTakeFirst();
  return row !== undefined;
}
