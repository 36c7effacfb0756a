import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Alerts (docs/alerts.md): owners' rules, the once-per-rule-and-day evaluation claims, the alerts
// raised, and one row per alert and member told, which is also the queue of alert mails.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`create table alert_rules (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      kind text not null check (kind in ('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade')),
      -- Null: every branch of the franchise, also those added later.
      restaurant_id int references restaurants on delete cascade,
      -- Tenths: a percentage of 35.5 is 355; a "no trade by" hour of 11 is 110. Integers keep comparisons exact.
      threshold_tenths int not null check (threshold_tenths between 10 and 10000),
      version int not null default 1,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`,
    sql`create index alert_rules_franchise_idx on alert_rules (franchise_id)`,
    sql`create table alert_rule_recipients (
      rule_id int not null references alert_rules on delete cascade,
      user_id int not null references franchise_users on delete cascade,
      primary key (rule_id, user_id)
    )`,
    sql`create index alert_rule_recipients_user_idx on alert_rule_recipients (user_id)`,
    // A rule's day is evaluated by whichever server inserts this row first; the others find it there.
    sql`create table alert_evaluations (
      rule_id int not null references alert_rules on delete cascade,
      day date not null,
      evaluated_at timestamptz not null,
      primary key (rule_id, day)
    )`,
    sql`create index alert_evaluations_day_idx on alert_evaluations (day)`,
    sql`create table alerts (
      id int generated always as identity primary key,
      franchise_id int not null references franchises on delete cascade,
      -- Kept (null) when the rule is deleted; kind and threshold are the rule's when it fired.
      rule_id int references alert_rules on delete set null,
      kind text not null check (kind in ('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade')),
      threshold_tenths int not null,
      restaurant_id int not null references restaurants on delete cascade,
      day date not null,
      -- In the rule's unit (docs/alerts.md); only shown, the decision was made on integers.
      value double precision,
      baseline double precision,
      -- The sentence the console and the mail show, written with the figures it was decided on.
      summary text not null,
      created_at timestamptz not null,
      unique (rule_id, restaurant_id, day)
    )`,
    sql`create index alerts_day_idx on alerts (day)`,
    sql`create table alert_recipients (
      id bigint generated always as identity primary key,
      alert_id int not null references alerts on delete cascade,
      user_id int not null references franchise_users on delete cascade,
      acknowledged_at timestamptz,
      -- The alert's mail to this member: the queue every server claims from, as report_deliveries.
      status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
      attempts int not null default 0,
      next_attempt_at timestamptz not null,
      leased_until timestamptz,
      sent_at timestamptz,
      last_error text,
      unique (alert_id, user_id)
    )`,
    sql`create index alert_recipients_user_idx on alert_recipients (user_id, alert_id desc)`,
    // The bell asks every minute from every open tab.
    sql`create index alert_recipients_unread_idx on alert_recipients (user_id) where acknowledged_at is null`,
    sql`create index alert_recipients_due_idx on alert_recipients (next_attempt_at) where status = 'pending'`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table alert_recipients`.execute(db);
  await sql`drop table alerts`.execute(db);
  await sql`drop table alert_evaluations`.execute(db);
  await sql`drop table alert_rule_recipients`.execute(db);
  await sql`drop table alert_rules`.execute(db);
}
