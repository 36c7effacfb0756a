import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Orders take a discount, a tip, the refunded status and the delivery channel with its platform
// (docs/product.md, Loss); the daily stats count them. Every stored order had none of them, so 0 is exact.
const STATS_COLUMNS = sql`add column orders_delivery integer not null default 0,
    add column orders_refunded integer not null default 0,
    add column revenue_delivery_cents bigint not null default 0,
    add column voided_cents bigint not null default 0,
    add column refunded_cents bigint not null default 0,
    add column discount_cents bigint not null default 0,
    add column tip_cents bigint not null default 0,
    add column gross_sales_cents bigint not null default 0`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column discount_cents integer not null default 0 check (discount_cents >= 0),
    add column tip_cents integer not null default 0 check (tip_cents >= 0),
    add column platform text check (platform is null or channel = 'delivery'),
    drop constraint orders_channel_check,
    add constraint orders_channel_check check (channel in ('dine_in', 'takeaway', 'delivery')),
    drop constraint orders_status_check,
    add constraint orders_status_check check (status in ('completed', 'voided', 'refunded'))`.execute(db);
  await sql`alter table daily_restaurant_stats ${STATS_COLUMNS}`.execute(db);
  await sql`alter table daily_franchise_stats ${STATS_COLUMNS}`.execute(db);
  // The stored orders': gross sales are the completed ones' totals (no discounts yet), voids the voided ones' totals.
  await sql`update daily_restaurant_stats s set gross_sales_cents = s.revenue_dine_in_cents + s.revenue_takeaway_cents,
      voided_cents = coalesce(v.cents, 0)
    from daily_restaurant_stats x
    left join (
      select restaurant_id, day, sum(total_cents) as cents from orders where status = 'voided' group by restaurant_id, day
    ) v on v.restaurant_id = x.restaurant_id and v.day = x.day
    where x.restaurant_id = s.restaurant_id and x.day = s.day`.execute(db);
  await sql`update daily_franchise_stats f set gross_sales_cents = t.gross, voided_cents = t.voided
    from (
      select r.franchise_id, s.day, sum(s.gross_sales_cents) as gross, sum(s.voided_cents) as voided
      from daily_restaurant_stats s join restaurants r on r.id = s.restaurant_id group by r.franchise_id, s.day
    ) t
    where t.franchise_id = f.franchise_id and t.day = f.day`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['daily_restaurant_stats', 'daily_franchise_stats']) {
    await sql`alter table ${sql.table(table)} drop column orders_delivery, drop column orders_refunded, drop column revenue_delivery_cents,
      drop column voided_cents, drop column refunded_cents, drop column discount_cents, drop column tip_cents, drop column gross_sales_cents`.execute(
      db,
    );
  }
  await sql`delete from orders where channel = 'delivery' or status = 'refunded'`.execute(db);
  await sql`alter table orders drop column discount_cents, drop column tip_cents, drop column platform,
    drop constraint orders_channel_check,
    add constraint orders_channel_check check (channel in ('dine_in', 'takeaway')),
    drop constraint orders_status_check,
    add constraint orders_status_check check (status in ('completed', 'voided'))`.execute(db);
}
