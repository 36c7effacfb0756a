import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// A key is for sending trade ('ingest') or for BI tools reading the analytics ('read'); the keys
// made before read keys existed all sent trade.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys add column access text not null default 'ingest',
    add constraint api_keys_access_check check (access in ('ingest', 'read'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table api_keys drop column access`.execute(db);
}
