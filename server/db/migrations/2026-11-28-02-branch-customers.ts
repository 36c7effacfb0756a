import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// A customer reference sent with an API key for one branch names a customer of that branch
// (restaurant_id), apart from the franchise's customer of the same reference (restaurant_id null):
// the branch's key then cannot move another branch's recurrent guests (docs/integrations.md).
// Every customer so far is the franchise's.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table customers add column restaurant_id int references restaurants on delete cascade`,
    sql`drop index customers_franchise_id_ref_idx`,
    sql`create unique index customers_franchise_id_ref_idx on customers (franchise_id, ref) where ref is not null and restaurant_id is null`,
    sql`create unique index customers_restaurant_id_ref_idx on customers (restaurant_id, ref) where ref is not null and restaurant_id is not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // A branch's customers cannot share a reference with the franchise's: their orders become anonymous
    // (their recurrent flags, and so the rollups, stay as decided).
    sql`delete from customers where restaurant_id is not null`,
    sql`drop index customers_restaurant_id_ref_idx`,
    sql`drop index customers_franchise_id_ref_idx`,
    sql`create unique index customers_franchise_id_ref_idx on customers (franchise_id, ref) where ref is not null`,
    sql`alter table customers drop column restaurant_id`,
  ];
  for (const statement of statements) await statement.execute(db);
}
