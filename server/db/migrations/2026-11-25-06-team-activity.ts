import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Team members (owners and managers of some branches), invitations, and the activity log.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table franchise_users add column role text not null default 'owner' check (role in ('owner', 'manager'))`,
    // An invited member has no password until the invitation link sets the first one.
    sql`alter table franchise_users alter column password_hash drop not null`,
    sql`create table franchise_user_restaurants (
      user_id int not null references franchise_users on delete cascade,
      restaurant_id int not null references restaurants on delete cascade,
      primary key (user_id, restaurant_id)
    )`,
    sql`create index franchise_user_restaurants_restaurant_idx on franchise_user_restaurants (restaurant_id)`,
    sql`create table activity_log (
      id bigint generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      at timestamptz not null,
      user_id int,
      user_name text not null,
      action text not null,
      entity text not null,
      entity_id text,
      changes jsonb not null default '{}'
    )`,
    sql`create index activity_log_franchise_at_idx on activity_log (franchise_id, at desc, id desc)`,
    sql`create index activity_log_at_idx on activity_log (at)`,
    // The member filter and list: a busy integration writes many entries with no member.
    sql`create index activity_log_member_idx on activity_log (franchise_id, user_id, at desc, id desc) where user_id is not null`,
    // A deleted person's earlier entries are found to erase their contact details.
    sql`create index activity_log_entity_idx on activity_log (franchise_id, entity, entity_id)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table activity_log`.execute(db);
  await sql`drop table franchise_user_restaurants`.execute(db);
  await sql`delete from franchise_users where password_hash is null`.execute(db);
  await sql`alter table franchise_users alter column password_hash set not null`.execute(db);
  await sql`alter table franchise_users drop column role`.execute(db);
}
