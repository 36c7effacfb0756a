import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pgliteDatabase, postgresDatabase, type Db } from '../../server/db/database';
import { isUpToDate, migrateToLatest } from '../../server/db/migrate';
import { PgliteThread } from '../../server/db/pglite-thread.mjs';
import { createEmptyPostgres } from './support/test-db';

/** A database never migrated: in-memory PGlite in its thread, as `npm start` runs it, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = pgliteDatabase(new PgliteThread({}));
    return { db, close: () => db.destroy() };
  }
  const empty = await createEmptyPostgres(url);
  const db = postgresDatabase(empty.url, 2);
  return { db, close: () => db.destroy().then(() => empty.drop()) };
}

const hasTable = async (db: Db, table: string) =>
  (await sql<{ present: boolean }>`select to_regclass(${table}) is not null as present`.execute(db)).rows[0]?.present;

describe('the start-up migration check', () => {
  it('finds a new database unmigrated, then up to date once migrated, and unmigrated again when a migration is not recorded', async () => {
    const { db, close } = await emptyDatabase();
    try {
      expect(await isUpToDate(db)).toBe(false);
      await migrateToLatest(db);
      expect(await hasTable(db, 'franchises')).toBe(true);
      expect(await isUpToDate(db)).toBe(true);

      await sql`delete from kysely_migration where name = (select max(name) from kysely_migration)`.execute(db);
      expect(await isUpToDate(db)).toBe(false);
      // Rows of other tools' migrations (unknown names) do not count for ours.
      await sql`insert into kysely_migration (name, timestamp) values ('9999-unknown', now())`.execute(db);
      expect(await isUpToDate(db)).toBe(false);
    } finally {
      await close();
    }
  });

  it('passes on a failure other than a missing table instead of reading it as "not migrated"', async () => {
    const { db, close } = await emptyDatabase();
    expect(await isUpToDate(db)).toBe(false);
    await close();
    await expect(isUpToDate(db)).rejects.toThrow();
  });
});
