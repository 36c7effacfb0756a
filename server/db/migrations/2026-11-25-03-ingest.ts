import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Trade sent by a franchise's own systems (docs/integrations.md): each record carries the sender's
// external_id, unique per restaurant, so sending it again replaces it; source_hash tells an
// unchanged resend from a correction. Customers are known by the sender's reference. A person may
// work several shifts a day (split shifts).
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table orders add column external_id text, add column source_hash text`,
    sql`create unique index orders_restaurant_id_external_id_idx on orders (restaurant_id, external_id) where external_id is not null`,
    // Moving a customer's first order re-decides recurrent for the orders between the old and new first.
    sql`drop index orders_customer_id_idx`,
    sql`create index orders_customer_id_placed_at_idx on orders (customer_id, placed_at)`,
    sql`alter table staff_shifts add column external_id text, add column source_hash text`,
    sql`alter table staff_shifts drop constraint staff_shifts_person_id_day_key`,
    sql`create index staff_shifts_person_id_day_idx on staff_shifts (person_id, day)`,
    sql`create unique index staff_shifts_restaurant_id_external_id_idx on staff_shifts (restaurant_id, external_id) where external_id is not null`,
    sql`alter table purchase_lines add column external_id text, add column source_hash text`,
    sql`create unique index purchase_lines_restaurant_id_external_id_idx on purchase_lines (restaurant_id, external_id) where external_id is not null`,
    sql`alter table customers add column ref text`,
    sql`create unique index customers_franchise_id_ref_idx on customers (franchise_id, ref) where ref is not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop index customers_franchise_id_ref_idx`,
    sql`alter table customers drop column ref`,
    sql`drop index purchase_lines_restaurant_id_external_id_idx`,
    sql`alter table purchase_lines drop column external_id, drop column source_hash`,
    sql`drop index staff_shifts_restaurant_id_external_id_idx`,
    sql`drop index staff_shifts_person_id_day_idx`,
    // Split shifts cannot go back under a one-shift-a-day rule: keep each person's first of the day.
    sql`delete from staff_shifts s using staff_shifts t where s.person_id = t.person_id and s.day = t.day and s.id > t.id`,
    sql`alter table staff_shifts add constraint staff_shifts_person_id_day_key unique (person_id, day)`,
    sql`alter table staff_shifts drop column external_id, drop column source_hash`,
    sql`drop index orders_customer_id_placed_at_idx`,
    sql`create index orders_customer_id_idx on orders (customer_id)`,
    sql`drop index orders_restaurant_id_external_id_idx`,
    sql`alter table orders drop column external_id, drop column source_hash`,
  ];
  for (const statement of statements) await statement.execute(db);
}
