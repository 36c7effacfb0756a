import { sql, type Kysely } from 'kysely';
import { runningByMonth } from './2026-11-23-05-running-monthly-totals.js';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Per branch and calendar month, running totals (element d = days 1..d) of what the revenue page's
// branch comparison sums over a window besides revenue: completed orders, labour cost and purchase
// spend. A window then reads one row per branch and month from each, instead of every day of every
// branch (and every person's and supplier's rows), so the comparison's cost follows the branches,
// not the days times the people. `shifts` and `quantity` (the month's totals) tell a row still
// backed by trade from one emptied by removals.

/**
 * A per-branch monthly table filled from the daily rollup `daily`: the month's total of `count` (which
 * tells a row still backed by trade) and running totals of its column `of` as `running`.
 */
function branchMonthly(
  table: string,
  daily: string,
  count: { name: string; type: string },
  running: { name: string; of: string; type: string },
) {
  const [c, r] = [sql.ref(count.name), sql.ref(running.name)];
  return [
    sql`create table ${sql.table(table)} (
      restaurant_id int not null references restaurants on delete cascade,
      month date not null check (extract(day from month) = 1),
      ${c} ${sql.raw(count.type)} not null,
      ${r} ${sql.raw(running.type)}[] not null,
      primary key (restaurant_id, month)
    )`,
    sql`insert into ${sql.table(table)} (restaurant_id, month, ${c}, ${r})
      select t.restaurant_id, t.month, t.${c}, x.${r}
      from (
        select restaurant_id, date_trunc('month', day)::date as month, sum(${c})::${sql.raw(count.type)} as ${c}
        from ${sql.table(daily)} group by restaurant_id, date_trunc('month', day)
      ) t
      join (${runningByMonth(
        sql`select restaurant_id, day, sum(${sql.ref(running.of)}) as ${sql.ref(running.of)} from ${sql.table(daily)} group by restaurant_id, day`,
        ['restaurant_id'],
        [{ name: running.name, value: `d.${running.of}`, type: running.type }],
      )}) x on x.restaurant_id = t.restaurant_id and x.month = t.month`,
    sql`analyze ${sql.table(table)}`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
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
    sql`analyze monthly_restaurant_stats`,
    ...branchMonthly(
      'monthly_restaurant_labour',
      'daily_staff_hours',
      { name: 'shifts', type: 'int' },
      { name: 'running_labour_cost_cents', of: 'labour_cost_cents', type: 'bigint' },
    ),
    ...branchMonthly(
      'monthly_restaurant_purchases',
      'daily_purchases',
      { name: 'quantity', type: 'bigint' },
      { name: 'running_spend_cents', of: 'amount_cents', type: 'bigint' },
    ),
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists monthly_restaurant_purchases`.execute(db);
  await sql`drop table if exists monthly_restaurant_labour`.execute(db);
  await sql`alter table monthly_restaurant_stats drop column if exists running_orders`.execute(db);
}
