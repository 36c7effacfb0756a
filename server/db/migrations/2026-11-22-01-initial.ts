import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table franchises (
      id int generated always as identity primary key,
      name text not null,
      time_zone text not null default 'Australia/Sydney',
      created_at timestamptz not null default now()
    )`,
    sql`create table franchise_users (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      email text not null unique check (email = lower(email)),
      password_hash text not null,
      name text not null,
      picture text, phone text, state text, city text, street_address text, suburb text, post_code text,
      token_version int not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    sql`create index franchise_users_franchise_id_idx on franchise_users (franchise_id)`,
    sql`create table restaurants (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      logo text,
      name text not null,
      abn_no text not null,
      address text not null,
      suburb text not null,
      post_code text not null,
      city text not null,
      state text not null,
      phone_no text not null,
      email text not null,
      business_type text not null,
      capacity int not null check (capacity >= 0),
      status smallint not null default 1 check (status in (0, 1)),
      location text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
    sql`create index restaurants_franchise_id_name_idx on restaurants (franchise_id, name)`,
    sql`create table restaurant_users (
      id int generated always as identity primary key,
      restaurant_id int not null unique references restaurants on delete cascade,
      name text not null,
      email text not null
    )`,
    sql`create table subscriptions (
      id int generated always as identity primary key,
      restaurant_id int not null references restaurants on delete cascade,
      product_name text not null,
      plan_name text not null,
      web_link text not null
    )`,
    sql`create index subscriptions_restaurant_id_idx on subscriptions (restaurant_id)`,
    sql`create table people (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      restaurant_id int references restaurants on delete set null,
      picture text,
      name text not null,
      email text not null check (email = lower(email)),
      phone text, state text, city text, street_address text, suburb text, post_code text,
      role text not null check (role in ('Manager', 'Chef', 'Waiter')),
      status text not null default 'Active' check (status in ('Active', 'Inactive')),
      password_hash text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (franchise_id, email)
    )`,
    sql`create index people_restaurant_id_idx on people (restaurant_id)`,
    sql`create table revoked_tokens (
      jti text primary key,
      expires_at timestamptz not null
    )`,
    sql`create index revoked_tokens_expires_at_idx on revoked_tokens (expires_at)`,
    sql`create table login_attempts (
      key text primary key,
      window_start timestamptz not null,
      count int not null
    )`,
    sql`create index login_attempts_window_start_idx on login_attempts (window_start)`,
    sql`create table password_reset_tokens (
      id int generated always as identity primary key,
      user_id int not null references franchise_users on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null
    )`,
    sql`create index password_reset_tokens_user_id_created_at_idx on password_reset_tokens (user_id, created_at)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'password_reset_tokens',
    'login_attempts',
    'revoked_tokens',
    'people',
    'subscriptions',
    'restaurant_users',
    'restaurants',
    'franchise_users',
    'franchises',
  ]) {
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
}
