import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Editing people, restaurants and profiles: every record carries a version (an update names the
// version it read and bumps it, so a stale save is refused), and people are soft-deleted so their
// past shifts keep counting in the roster. A deleted person's e-mail may be used again.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table people add column version int not null default 1, add column deleted_at timestamptz`,
    sql`alter table people drop constraint people_franchise_id_email_key`,
    sql`create unique index people_franchise_id_email_live_idx on people (franchise_id, email) where deleted_at is null`,
    sql`create index people_franchise_id_name_live_idx on people (franchise_id, name) where deleted_at is null`,
    sql`alter table restaurants add column version int not null default 1`,
    sql`alter table franchise_users add column version int not null default 1`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table franchise_users drop column version`,
    sql`alter table restaurants drop column version`,
    sql`drop index people_franchise_id_name_live_idx`,
    sql`drop index people_franchise_id_email_live_idx`,
    sql`delete from people where deleted_at is not null`,
    sql`alter table people add constraint people_franchise_id_email_key unique (franchise_id, email)`,
    sql`alter table people drop column deleted_at, drop column version`,
  ];
  for (const statement of statements) await statement.execute(db);
}
