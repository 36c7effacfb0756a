import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// The hours of the day (docs/product.md#hours): each order keeps its local hour on its branch's clock, as it
// keeps its trading day, and completed orders are counted per branch (and franchise), day and hour.
const COUNTERS = sql`orders integer not null default 0,
      revenue_cents bigint not null default 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column hour smallint`.execute(db);
  await sql`update orders o set hour = extract(hour from o.placed_at at time zone r.time_zone)
    from restaurants r where r.id = o.restaurant_id`.execute(db);
  await sql`alter table orders alter column hour set not null, add constraint orders_hour_check check (hour between 0 and 23)`.execute(db);
  await sql`create table hourly_restaurant_stats (
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      hour smallint not null check (hour between 0 and 23),
      ${COUNTERS},
      primary key (restaurant_id, day, hour)
    )`.execute(db);
  await sql`create table hourly_franchise_stats (
      franchise_id int not null references franchises on delete cascade,
      day date not null,
      hour smallint not null check (hour between 0 and 23),
      ${COUNTERS},
      primary key (franchise_id, day, hour)
    )`.execute(db);
  await sql`insert into hourly_restaurant_stats (restaurant_id, day, hour, orders, revenue_cents)
    select restaurant_id, day, hour, count(*), sum(total_cents) from orders where status = 'completed' group by restaurant_id, day, hour`.execute(
    db,
  );
  await sql`insert into hourly_franchise_stats (franchise_id, day, hour, orders, revenue_cents)
    select r.franchise_id, h.day, h.hour, sum(h.orders), sum(h.revenue_cents)
    from hourly_restaurant_stats h join restaurants r on r.id = h.restaurant_id group by r.franchise_id, h.day, h.hour`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hourly_franchise_stats`.execute(db);
  await sql`drop table hourly_restaurant_stats`.execute(db);
  await sql`alter table orders drop column hour`.execute(db);
}
