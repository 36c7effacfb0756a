import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Coarser rollups for franchise-wide answers (docs/architecture.md): per franchise and day, so a franchise-wide
// 3-month answer reads a few hundred rows instead of one per branch (or per item, person, supplier)
// and day; and units sold per branch and day, so the restaurant list does not sum daily_item_sales.
// Each is filled from the existing rollups, so a database with trade is consistent after migrating.
const STATS_COUNTERS = [
  'orders_dine_in',
  'orders_takeaway',
  'orders_pos',
  'orders_app',
  'orders_voided',
  'revenue_dine_in_cents',
  'revenue_takeaway_cents',
  'revenue_pos_cents',
  'revenue_app_cents',
  'guests_recurrent',
  'guests_new',
  'transactions',
  'units',
];
const STATS_BIGINTS = ['revenue_dine_in_cents', 'revenue_takeaway_cents', 'revenue_pos_cents', 'revenue_app_cents'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const statsColumns = sql.join(STATS_COUNTERS.map((c) => sql.ref(c)));
  const statsSums = sql.join(
    STATS_COUNTERS.map((c) => sql`sum(s.${sql.ref(c)})::${sql.raw(STATS_BIGINTS.includes(c) ? 'bigint' : 'int')}`),
  );
  const statements = [
    sql`alter table daily_restaurant_stats add column units int not null default 0`,
    sql`update daily_restaurant_stats s set units = i.units
      from (select restaurant_id, day, sum(units)::int as units from daily_item_sales group by restaurant_id, day) i
      where i.restaurant_id = s.restaurant_id and i.day = s.day`,
    sql`create table daily_franchise_stats (
      franchise_id int not null references franchises on delete cascade,
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
      units int not null default 0,
      primary key (franchise_id, day)
    )`,
    sql`insert into daily_franchise_stats (franchise_id, day, ${statsColumns})
      select r.franchise_id, s.day, ${statsSums}
      from daily_restaurant_stats s join restaurants r on r.id = s.restaurant_id
      group by r.franchise_id, s.day`,
    // Totals only: the staff list still needs a row per person.
    sql`create table daily_franchise_staff_hours (
      franchise_id int not null references franchises on delete cascade,
      day date not null,
      assigned_minutes int not null default 0,
      actual_minutes int not null default 0,
      labour_cost_cents bigint not null default 0,
      shifts int not null default 0,
      shifts_attended int not null default 0,
      primary key (franchise_id, day)
    )`,
    sql`insert into daily_franchise_staff_hours (franchise_id, day, assigned_minutes, actual_minutes, labour_cost_cents, shifts, shifts_attended)
      select r.franchise_id, h.day, sum(h.assigned_minutes)::int, sum(h.actual_minutes)::int, sum(h.labour_cost_cents)::bigint,
        sum(h.shifts)::int, sum(h.shifts_attended)::int
      from daily_staff_hours h join restaurants r on r.id = h.restaurant_id
      group by r.franchise_id, h.day`,
    sql`create table daily_franchise_purchases (
      franchise_id int not null references franchises on delete cascade,
      day date not null,
      supplier_id int not null references suppliers on delete cascade,
      category text not null,
      quantity bigint not null default 0,
      amount_cents bigint not null default 0,
      primary key (franchise_id, day, supplier_id, category)
    )`,
    sql`insert into daily_franchise_purchases (franchise_id, day, supplier_id, category, quantity, amount_cents)
      select r.franchise_id, p.day, p.supplier_id, p.category, sum(p.quantity)::bigint, sum(p.amount_cents)::bigint
      from daily_purchases p join restaurants r on r.id = p.restaurant_id
      group by r.franchise_id, p.day, p.supplier_id, p.category`,
    // PGlite has no autovacuum: without statistics the planner guesses row counts and picks slow plans.
    sql`analyze`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['daily_franchise_purchases', 'daily_franchise_staff_hours', 'daily_franchise_stats']) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  await sql`alter table daily_restaurant_stats drop column units`.execute(db);
}
