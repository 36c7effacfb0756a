import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Raw trade rows, and the daily rollups every request-time analytics query reads (docs/architecture.md).
// Money is integer cents; hours are integer minutes; `day` is the calendar day in the franchise's
// time zone, fixed when the row is written.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // Bumped in the transaction of every write that changes analytics: the cache key of every server.
    sql`alter table franchises add column data_version bigint not null default 0`,
    sql`create table menu_items (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      sku text not null,
      name text not null,
      price_cents int not null check (price_cents >= 0),
      menu text not null check (menu in ('Lunch', 'Dinner', 'All Day')),
      is_combo boolean not null default false,
      unique (franchise_id, sku)
    )`,
    sql`create table customers (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      name text not null,
      first_order_at timestamptz
    )`,
    sql`create index customers_franchise_id_idx on customers (franchise_id)`,
    sql`create table orders (
      id bigint generated always as identity primary key,
      restaurant_id int not null references restaurants on delete cascade,
      placed_at timestamptz not null,
      day date not null,
      channel text not null check (channel in ('dine_in', 'takeaway')),
      source text not null check (source in ('pos', 'app')),
      guests int not null check (guests >= 0),
      customer_id int references customers on delete set null,
      recurrent boolean not null default false,
      status text not null check (status in ('completed', 'voided')),
      total_cents int not null check (total_cents >= 0)
    )`,
    sql`create index orders_restaurant_id_placed_at_idx on orders (restaurant_id, placed_at)`,
    sql`create index orders_customer_id_idx on orders (customer_id)`,
    sql`create table order_lines (
      id bigint generated always as identity primary key,
      order_id bigint not null references orders on delete cascade,
      menu_item_id int not null references menu_items,
      quantity int not null check (quantity > 0),
      amount_cents int not null check (amount_cents >= 0)
    )`,
    sql`create index order_lines_order_id_idx on order_lines (order_id)`,
    sql`create table payment_transactions (
      id bigint generated always as identity primary key,
      order_id bigint not null references orders on delete cascade,
      method text not null check (method in ('card', 'cash', 'app')),
      amount_cents int not null check (amount_cents >= 0)
    )`,
    sql`create index payment_transactions_order_id_idx on payment_transactions (order_id)`,
    sql`create table staff_shifts (
      id bigint generated always as identity primary key,
      restaurant_id int not null references restaurants on delete cascade,
      person_id int not null references people on delete cascade,
      day date not null,
      assigned_minutes int not null check (assigned_minutes >= 0),
      actual_minutes int not null check (actual_minutes >= 0),
      hourly_rate_cents int not null check (hourly_rate_cents >= 0),
      attended boolean not null,
      unique (person_id, day)
    )`,
    sql`create index staff_shifts_restaurant_id_day_idx on staff_shifts (restaurant_id, day)`,
    sql`create table suppliers (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      name text not null,
      unique (franchise_id, name)
    )`,
    sql`create table purchase_lines (
      id bigint generated always as identity primary key,
      restaurant_id int not null references restaurants on delete cascade,
      supplier_id int not null references suppliers,
      day date not null,
      category text not null check (category in ('vegetables', 'meat', 'dairy', 'bakery', 'seafood', 'beverages', 'fruits', 'grains', 'snacks', 'condiments')),
      quantity int not null check (quantity > 0),
      amount_cents int not null check (amount_cents >= 0)
    )`,
    sql`create index purchase_lines_restaurant_id_day_idx on purchase_lines (restaurant_id, day)`,

    // Rollups: one row per restaurant and day (and item / person / supplier and category).
    sql`create table daily_restaurant_stats (
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      orders_dine_in int not null default 0,
      orders_takeaway int not null default 0,
      orders_pos int not null default 0,
      orders_app int not null default 0,
      orders_voided int not null default 0,
      revenue_dine_in_cents bigint not null default 0,
      revenue_takeaway_cents bigint not null default 0,
      revenue_pos_cents bigint not null default 0,
      revenue_app_cents bigint not null default 0,
      guests_recurrent int not null default 0,
      guests_new int not null default 0,
      transactions int not null default 0,
      primary key (restaurant_id, day)
    )`,
    sql`create table daily_item_sales (
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      menu_item_id int not null references menu_items on delete cascade,
      units int not null default 0,
      revenue_cents bigint not null default 0,
      primary key (restaurant_id, day, menu_item_id)
    )`,
    // The same per franchise, so a franchise-wide best-sellers query reads one row per item and day, not per branch.
    sql`create table daily_franchise_item_sales (
      franchise_id int not null references franchises on delete cascade,
      day date not null,
      menu_item_id int not null references menu_items on delete cascade,
      units int not null default 0,
      revenue_cents bigint not null default 0,
      primary key (franchise_id, day, menu_item_id)
    )`,
    sql`create table daily_staff_hours (
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      person_id int not null references people on delete cascade,
      assigned_minutes int not null default 0,
      actual_minutes int not null default 0,
      labour_cost_cents bigint not null default 0,
      shifts int not null default 0,
      shifts_attended int not null default 0,
      primary key (restaurant_id, day, person_id)
    )`,
    sql`create table daily_purchases (
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      supplier_id int not null references suppliers on delete cascade,
      category text not null,
      quantity bigint not null default 0,
      amount_cents bigint not null default 0,
      primary key (restaurant_id, day, supplier_id, category)
    )`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'daily_purchases',
    'daily_staff_hours',
    'daily_franchise_item_sales',
    'daily_item_sales',
    'daily_restaurant_stats',
    'purchase_lines',
    'suppliers',
    'staff_shifts',
    'payment_transactions',
    'order_lines',
    'orders',
    'customers',
    'menu_items',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`alter table franchises drop column data_version`.execute(db);
}
