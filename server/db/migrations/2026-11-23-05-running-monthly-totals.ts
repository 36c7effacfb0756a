import { sql, type Kysely, type RawBuilder } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Running totals within a calendar month, one array element per day of the month: element d is the
// total of days 1..d, so any run of days inside a month is two array reads (element to − element
// from−1) on the month's one row. A window's per-person staff hours and per-branch revenue thus read
// one row per person (or branch) and month, however the window's edges fall, instead of a row per
// day at its edges. Filled from daily_staff_hours and daily_restaurant_stats.

/**
 * Rows of `daily` (keyed by `keys`, `day`) as one row per key and month, each counter a running-total
 * array over every day of the month (days without a row add 0). Later migrations fill theirs with it.
 */
export function runningByMonth(daily: RawBuilder<unknown>, keys: string[], counters: { name: string; value: string; type: string }[]) {
  const keyRefs = (alias: string) => sql.join(keys.map((k) => sql.ref(`${alias}.${k}`)));
  const joinOn = sql.join(
    keys.map((k) => sql`d.${sql.ref(k)} = m.${sql.ref(k)}`),
    sql` and `,
  );
  return sql`select ${keyRefs('x')}, x.month, ${sql.join(
    counters.map((c) => sql`array_agg(x.${sql.ref(c.name)} order by x.day) as ${sql.ref(c.name)}`),
  )}
    from (
      select ${keyRefs('m')}, m.month, g.day, ${sql.join(
        counters.map(
          (c) =>
            sql`(sum(coalesce(${sql.raw(c.value)}, 0)) over (partition by ${keyRefs('m')}, m.month order by g.day))::${sql.raw(c.type)} as ${sql.ref(c.name)}`,
        ),
      )}
      from (select distinct ${keyRefs('d')}, date_trunc('month', d.day)::date as month from (${daily}) d) m
      cross join lateral generate_series(m.month::timestamp, m.month + interval '1 month' - interval '1 day', interval '1 day') g(day)
      left join (${daily}) d on ${joinOn} and d.day = g.day::date
    ) x
    group by ${keyRefs('x')}, x.month`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const staff = runningByMonth(
    sql`select restaurant_id, person_id, day, assigned_minutes, actual_minutes, shifts from daily_staff_hours`,
    ['restaurant_id', 'person_id'],
    [
      { name: 'running_assigned_minutes', value: 'd.assigned_minutes', type: 'int' },
      { name: 'running_actual_minutes', value: 'd.actual_minutes', type: 'int' },
      { name: 'running_shifts', value: 'd.shifts', type: 'int' },
    ],
  );
  const statements = [
    sql`alter table monthly_staff_hours
      add column running_assigned_minutes int[] not null default '{}',
      add column running_actual_minutes int[] not null default '{}',
      add column running_shifts int[] not null default '{}'`,
    sql`update monthly_staff_hours h
      set running_assigned_minutes = r.running_assigned_minutes, running_actual_minutes = r.running_actual_minutes, running_shifts = r.running_shifts
      from (${staff}) r
      where r.restaurant_id = h.restaurant_id and r.month = h.month and r.person_id = h.person_id`,
    // Every row has its arrays now; the ingest always writes them.
    sql`alter table monthly_staff_hours
      alter column running_assigned_minutes drop default, alter column running_actual_minutes drop default, alter column running_shifts drop default`,
    sql`create table monthly_restaurant_stats (
      restaurant_id int not null references restaurants on delete cascade,
      month date not null check (extract(day from month) = 1),
      running_revenue_cents bigint[] not null,
      running_units int[] not null,
      primary key (restaurant_id, month)
    )`,
    sql`insert into monthly_restaurant_stats (restaurant_id, month, running_revenue_cents, running_units)
      ${runningByMonth(
        sql`select restaurant_id, day, revenue_dine_in_cents + revenue_takeaway_cents as revenue_cents, units from daily_restaurant_stats`,
        ['restaurant_id'],
        [
          { name: 'running_revenue_cents', value: 'd.revenue_cents', type: 'bigint' },
          { name: 'running_units', value: 'd.units', type: 'int' },
        ],
      )}`,
    // Franchise-wide windows read every branch's months: by month first, not branch by branch.
    sql`create index monthly_staff_hours_month on monthly_staff_hours (month)`,
    sql`analyze monthly_staff_hours`,
    sql`analyze monthly_restaurant_stats`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists monthly_restaurant_stats`.execute(db);
  await sql`drop index if exists monthly_staff_hours_month`.execute(db);
  await sql`alter table monthly_staff_hours
    drop column if exists running_assigned_minutes, drop column if exists running_actual_minutes, drop column if exists running_shifts`.execute(
    db,
  );
}
