import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// When an owner dismissed the dashboard's first steps (null: shown while the franchise has no trade).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table franchise_users add column getting_started_dismissed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table franchise_users drop column getting_started_dismissed_at`.execute(db);
}
