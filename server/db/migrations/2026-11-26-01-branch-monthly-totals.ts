import { sql, type Kysely } from 'kysely';
import { runningByMonth } from './2026-11-23-05-running-monthly-totals.js';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Per branch and calendar month, running totals (element d = days 1..d) of what the revenue page's
// branch comparison sums over a window besides revenue: completed orders, labour cost and purchase
// spend. A window then reads one row per branch and month from each, instead of every day of every
// branch (and every person's and supplier's rows), so the comparison's cost follows the branches,
// not the days times the people. `shifts` and `quantity` (the month's totals) tell a row still
// backed by trade from one emptied by removals.

export async function up(db: Kysely<unknown>): Promise<void> {
  const monthTotal = (table: string, counter: string, type: string) =>
    sql`select restaurant_id, date_trunc('month', day)::date as month, sum(${sql.ref(counter)})::${sql.raw(type)} as ${sql.ref(counter)}
      from ${sql.table(table)} group by restaurant_id, date_trunc('month', day)`;
  const statements = [
    sql`alter table monthly_restaurant_stats add column running_orders int[] not null default '{}'`,
    sql`update monthly_restaurant_stats m set running_orders = r.running_orders
      from (${runningByMonth(
        sql`select restaurant_id, day, orders_dine_in + orders_takeaway as orders from daily_restaurant_stats`,
        ['restaurant_id'],
        [{ name: 'running_orders', value: 'd.orders', type: 'int' }],
      )}) r
      where r.restaurant_id = m.restaurant_id and r.month = m.month`,
    // Every row has its array now; the ingest always writes it.
    sql`alter table monthly_restaurant_stats alter column running_orders drop default`,
    sql`create table monthly_restaurant_labour (
      restaurant_id int not null references restaurants on delete cascade,
      month date not null check (extract(day from month) = 1),
      shifts int not null,
      running_labour_cost_cents bigint[] not null,
      primary key (restaurant_id, month)
    )`,
    sql`insert into monthly_restaurant_labour (restaurant_id, month, shifts, running_labour_cost_cents)
      select t.restaurant_id, t.month, t.shifts, r.running_labour_cost_cents
      from (${monthTotal('daily_staff_hours', 'shifts', 'int')}) t
      join (${runningByMonth(
        sql`select restaurant_id, day, sum(labour_cost_cents) as labour_cost_cents from daily_staff_hours group by restaurant_id, day`,
        ['restaurant_id'],
        [{ name: 'running_labour_cost_cents', value: 'd.labour_cost_cents', type: 'bigint' }],
      )}) r on r.restaurant_id = t.restaurant_id and r.month = t.month`,
    sql`create table monthly_restaurant_purchases (
      restaurant_id int not null references restaurants on delete cascade,
      month date not null check (extract(day from month) = 1),
      quantity bigint not null,
      running_spend_cents bigint[] not null,
      primary key (restaurant_id, month)
    )`,
    sql`insert into monthly_restaurant_purchases (restaurant_id, month, quantity, running_spend_cents)
      select t.restaurant_id, t.month, t.quantity, r.running_spend_cents
      from (${monthTotal('daily_purchases', 'quantity', 'bigint')}) t
      join (${runningByMonth(
        sql`select restaurant_id, day, sum(amount_cents) as spend_cents from daily_purchases group by restaurant_id, day`,
        ['restaurant_id'],
        [{ name: 'running_spend_cents', value: 'd.spend_cents', type: 'bigint' }],
      )}) r on r.restaurant_id = t.restaurant_id and r.month = t.month`,
    sql`analyze monthly_restaurant_stats`,
    sql`analyze monthly_restaurant_labour`,
    sql`analyze monthly_restaurant_purchases`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists monthly_restaurant_purchases`.execute(db);
  await sql`drop table if exists monthly_restaurant_labour`.execute(db);
  await sql`alter table monthly_restaurant_stats drop column if exists running_orders`.execute(db);
}
