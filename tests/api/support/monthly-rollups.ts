import { sql } from 'kysely';
import type { Db } from '../../../server/db/database';

/**
 * For tests that write the daily labour and purchase rollups directly: the branches' monthly running-total rows
 * (monthly_restaurant_labour, monthly_restaurant_purchases) summed again from those daily rows, as the write path
 * keeps them (docs/api.md, Rollups). Element d of a running array is the total of the month's days 1..d.
 */
export async function monthlyFromDaily(db: Db, branches: readonly number[]): Promise<void> {
  const ids = sql`any(${[...branches]}::int[])`;
  const months = (daily: string, total: string, sum: string, running: string, monthly: string, counter: string) => sql`
    insert into ${sql.table(monthly)} (restaurant_id, month, ${sql.ref(counter)}, ${sql.ref(running)})
    select restaurant_id, month, sum(counter), array_agg(running order by day) from (
      select m.restaurant_id, m.month, g.day, coalesce(d.counter, 0) as counter,
        sum(coalesce(d.total, 0)) over (partition by m.restaurant_id, m.month order by g.day) as running
      from (select distinct restaurant_id, date_trunc('month', day)::date as month from ${sql.table(daily)} where restaurant_id = ${ids}) m
      cross join lateral generate_series(m.month, m.month + interval '1 month' - interval '1 day', interval '1 day') g(day)
      left join (
        select restaurant_id, day, sum(${sql.ref(sum)}) as counter, sum(${sql.ref(total)}) as total
        from ${sql.table(daily)} where restaurant_id = ${ids} group by restaurant_id, day
      ) d on d.restaurant_id = m.restaurant_id and d.day = g.day::date
    ) x group by restaurant_id, month`;
  await sql`delete from monthly_restaurant_labour where restaurant_id = ${ids}`.execute(db);
  await months(
    'daily_staff_hours',
    'labour_cost_cents',
    'shifts',
    'running_labour_cost_cents',
    'monthly_restaurant_labour',
    'shifts',
  ).execute(db);
  await sql`delete from monthly_restaurant_purchases where restaurant_id = ${ids}`.execute(db);
  await months('daily_purchases', 'amount_cents', 'quantity', 'running_spend_cents', 'monthly_restaurant_purchases', 'quantity').execute(
    db,
  );
}
