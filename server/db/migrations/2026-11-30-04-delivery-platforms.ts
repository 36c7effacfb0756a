import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Delivery by platform (docs/product.md#loss): completed delivery orders and their revenue per branch (and
// franchise), trading day and platform as sent ('' when the order named none).
const COUNTERS = sql`platform text not null,
      orders integer not null default 0,
      revenue_cents bigint not null default 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table daily_platform_sales (
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      ${COUNTERS},
      primary key (restaurant_id, day, platform)
    )`.execute(db);
  await sql`create table daily_franchise_platform_sales (
      franchise_id int not null references franchises on delete cascade,
      day date not null,
      ${COUNTERS},
      primary key (franchise_id, day, platform)
    )`.execute(db);
  await sql`insert into daily_platform_sales (restaurant_id, day, platform, orders, revenue_cents)
    select restaurant_id, day, coalesce(platform, ''), count(*), sum(total_cents) from orders
    where status = 'completed' and channel = 'delivery' group by restaurant_id, day, coalesce(platform, '')`.execute(db);
  await sql`insert into daily_franchise_platform_sales (franchise_id, day, platform, orders, revenue_cents)
    select r.franchise_id, p.day, p.platform, sum(p.orders), sum(p.revenue_cents)
    from daily_platform_sales p join restaurants r on r.id = p.restaurant_id group by r.franchise_id, p.day, p.platform`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table daily_franchise_platform_sales`.execute(db);
  await sql`drop table daily_platform_sales`.execute(db);
}
