import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// A branch's plan per trading day: a revenue target and an optional labour cost target (tenths of a per cent).
// franchises.targets_version: bumped by every targets write, so a grid saved over a newer one is refused (409).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table targets (
    restaurant_id integer not null references restaurants(id) on delete cascade,
    day date not null,
    revenue_cents integer not null check (revenue_cents >= 0),
    labour_cost_tenths smallint check (labour_cost_tenths between 0 and 1000),
    updated_at timestamptz not null default now(),
    primary key (restaurant_id, day)
  )`.execute(db);
  await sql`alter table franchises add column targets_version integer not null default 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table franchises drop column targets_version`.execute(db);
  await sql`drop table targets`.execute(db);
}
