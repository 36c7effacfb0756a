import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Food cost (docs/product.md#costs): each menu item's cost as a history (a cost applies from its day on, days
// before an item's first cost use that first cost), and units × that day's cost kept beside the units in the
// item, daily and monthly running rollups. No item has a cost yet, so every food cost starts at 0.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table menu_item_costs (
      menu_item_id int not null references menu_items on delete cascade,
      from_day date not null,
      cost_cents int not null check (cost_cents >= 0),
      primary key (menu_item_id, from_day)
    )`,
    sql`alter table daily_item_sales add column food_cost_cents bigint not null default 0`,
    sql`alter table daily_franchise_item_sales add column food_cost_cents bigint not null default 0`,
    sql`alter table daily_restaurant_stats add column food_cost_cents bigint not null default 0`,
    sql`alter table daily_franchise_stats add column food_cost_cents bigint not null default 0`,
    sql`alter table monthly_restaurant_stats add column running_food_cost_cents bigint[]`,
    sql`update monthly_restaurant_stats set running_food_cost_cents = array_fill(0::bigint, array[cardinality(running_revenue_cents)])`,
    sql`alter table monthly_restaurant_stats alter column running_food_cost_cents set not null`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table monthly_restaurant_stats drop column running_food_cost_cents`,
    sql`alter table daily_franchise_stats drop column food_cost_cents`,
    sql`alter table daily_restaurant_stats drop column food_cost_cents`,
    sql`alter table daily_franchise_item_sales drop column food_cost_cents`,
    sql`alter table daily_item_sales drop column food_cost_cents`,
    sql`drop table menu_item_costs`,
  ];
  for (const statement of statements) await statement.execute(db);
}
