import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Each branch trades on its own clock: its IANA zone (a new branch's is its franchise's, filled in by
// the trigger when an insert leaves it out) and the minutes after local midnight its trading day starts
// (0–360). Existing branches take their franchise's zone and midnight, the clock their orders were filed
// on, so no order changes day.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table restaurants add column time_zone text`,
    sql`update restaurants r set time_zone = f.time_zone from franchises f where f.id = r.franchise_id`,
    sql`alter table restaurants alter column time_zone set not null`,
    sql`alter table restaurants add column day_starts_at smallint not null default 0
      constraint restaurants_day_starts_at_check check (day_starts_at between 0 and 360)`,
    sql`create function restaurants_franchise_time_zone() returns trigger language plpgsql as $$
      begin
        if new.time_zone is null then
          select f.time_zone into new.time_zone from franchises f where f.id = new.franchise_id;
        end if;
        return new;
      end $$`,
    sql`create trigger restaurants_franchise_time_zone before insert on restaurants
      for each row execute function restaurants_franchise_time_zone()`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`drop trigger restaurants_franchise_time_zone on restaurants`,
    sql`drop function restaurants_franchise_time_zone()`,
    sql`alter table restaurants drop column day_starts_at`,
    sql`alter table restaurants drop column time_zone`,
  ];
  for (const statement of statements) await statement.execute(db);
}
