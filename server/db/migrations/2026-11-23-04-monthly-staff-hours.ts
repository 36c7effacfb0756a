import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// The staff list sums each person's hours over the window: from daily_staff_hours that is a row per
// person and day (about 26,000 for 3 months at 50 branches). This rollup has a row per person,
// branch and calendar month (`month` is its first day), so whole months of a window are read from it
// and only the days at its edges from daily_staff_hours. Filled from daily_staff_hours.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table monthly_staff_hours (
    restaurant_id int not null references restaurants on delete cascade,
    month date not null check (extract(day from month) = 1),
    person_id int not null references people on delete cascade,
    assigned_minutes int not null default 0,
    actual_minutes int not null default 0,
    labour_cost_cents bigint not null default 0,
    shifts int not null default 0,
    shifts_attended int not null default 0,
    primary key (restaurant_id, month, person_id)
  )`.execute(db);
  await sql`insert into monthly_staff_hours (restaurant_id, month, person_id, assigned_minutes, actual_minutes, labour_cost_cents, shifts, shifts_attended)
    select restaurant_id, date_trunc('month', day)::date, person_id, sum(assigned_minutes)::int, sum(actual_minutes)::int,
      sum(labour_cost_cents)::bigint, sum(shifts)::int, sum(shifts_attended)::int
    from daily_staff_hours
    group by restaurant_id, date_trunc('month', day)::date, person_id`.execute(db);
  await sql`analyze monthly_staff_hours`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists monthly_staff_hours`.execute(db);
}
