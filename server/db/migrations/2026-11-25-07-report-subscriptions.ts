import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Scheduled report mails: members' subscriptions, and one delivery row per subscription and period,
// which is the queue every server claims from (so a period is mailed once across servers).
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table report_subscriptions (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      user_id int not null references franchise_users on delete cascade,
      page text not null check (page in ('dashboard', 'order', 'roster', 'revenue', 'headcount', 'procurement')),
      range text not null check (range in ('7days', '14days', '1month', '3months')),
      frequency text not null check (frequency in ('daily', 'weekly')),
      weekday smallint check (weekday between 1 and 7),
      hour smallint not null check (hour between 0 and 23),
      -- The next period's start, an instant in the franchise's zone; the scheduler enqueues it once due.
      next_run_at timestamptz not null,
      -- SHA-256 of the one-click unsubscribe token mailed with every report.
      unsubscribe_hash text not null unique,
      created_at timestamptz not null,
      check ((frequency = 'weekly') = (weekday is not null))
    )`,
    sql`create index report_subscriptions_user_idx on report_subscriptions (user_id)`,
    sql`create index report_subscriptions_due_idx on report_subscriptions (next_run_at)`,
    sql`create table report_deliveries (
      id bigint generated always as identity primary key,
      subscription_id int not null references report_subscriptions on delete cascade,
      -- The period on the franchise's clock, e.g. '2026-11-30T07': unique, so a period is enqueued once.
      period text not null,
      scheduled_at timestamptz not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts int not null default 0,
      next_attempt_at timestamptz not null,
      -- A server sending it holds it until then; a server that died lets it go when the lease ends.
      leased_until timestamptz,
      sent_at timestamptz,
      last_error text,
      unique (subscription_id, period)
    )`,
    sql`create index report_deliveries_due_idx on report_deliveries (next_attempt_at) where status = 'pending'`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table report_deliveries`.execute(db);
  await sql`drop table report_subscriptions`.execute(db);
}
