import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// A company owning several branches has one ABN, so a franchise's restaurants may share one: the unique
// index gives way to a plain one (a create looks up the others with its ABN to name them). Only the name,
// address, state and time zone are required: the other details may be left out, stored as null.
const OPTIONAL_COLUMNS = ['abn_no', 'suburb', 'post_code', 'city', 'phone_no', 'email', 'business_type', 'capacity'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index restaurants_franchise_id_abn_no_idx`.execute(db);
  await sql`create index restaurants_franchise_id_abn_no_idx on restaurants (franchise_id, abn_no)`.execute(db);
  for (const column of OPTIONAL_COLUMNS) await sql`alter table restaurants alter column ${sql.ref(column)} drop not null`.execute(db);
}

// Only where no restaurant left a detail out and no two share an ABN.
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of OPTIONAL_COLUMNS) await sql`alter table restaurants alter column ${sql.ref(column)} set not null`.execute(db);
  await sql`drop index restaurants_franchise_id_abn_no_idx`.execute(db);
  await sql`create unique index restaurants_franchise_id_abn_no_idx on restaurants (franchise_id, abn_no)`.execute(db);
}
