import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// API keys let a franchise's POS, roster or supplier systems call the ingest API. Only a hash of
// each secret is kept (looked up through its unique index); a key is revoked, never deleted, so the
// list of what was once allowed stays. A name is unique among a franchise's live keys, in any case.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table api_keys (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      restaurant_id int references restaurants on delete cascade,
      name text not null,
      prefix text not null,
      secret_hash text not null unique,
      created_by int references franchise_users on delete set null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`,
    sql`create index api_keys_franchise_live_idx on api_keys (franchise_id, created_at desc) where revoked_at is null`,
    sql`create unique index api_keys_franchise_name_live_idx on api_keys (franchise_id, lower(name)) where revoked_at is null`,
    sql`create index api_keys_restaurant_id_idx on api_keys (restaurant_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists api_keys`.execute(db);
}
