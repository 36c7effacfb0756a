import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// A franchise's restaurants have distinct ABNs (stored in one form, "51 824 753 556"): the index
// decides between simultaneous creates of one ABN, so exactly one is stored. The demo seeds'
// ABNs already differ within each franchise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index restaurants_franchise_id_abn_no_idx on restaurants (franchise_id, abn_no)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index restaurants_franchise_id_abn_no_idx`.execute(db);
}
