import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Exports in progress, a row per user and slot, so every server on one database bounds them together.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table export_slots (
    user_id int not null references franchise_users on delete cascade,
    slot smallint not null,
    taken_at timestamptz not null,
    primary key (user_id, slot)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table export_slots`.execute(db);
}
