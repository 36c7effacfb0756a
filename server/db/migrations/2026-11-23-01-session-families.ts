import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// A sign-in's tokens share a session id (`sid`); revoking it refuses every token of that sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table revoked_sessions (
    sid text primary key,
    expires_at timestamptz not null
  )`.execute(db);
  await sql`create index revoked_sessions_expires_at_idx on revoked_sessions (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists revoked_sessions`.execute(db);
}
