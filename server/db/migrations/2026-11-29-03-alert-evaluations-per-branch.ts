import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Alerts run on each branch's clock, so a rule's day closes at a different instant for each branch it
// watches: the claim becomes per (rule, branch, day). A day already claimed was evaluated, on the
// franchise's clock, for every branch the rule watched, so each claim is copied to every branch the
// rule may watch and no such day is evaluated again; a copy for a branch then inactive is never used.
export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table alert_evaluations drop constraint alert_evaluations_pkey,
      add column restaurant_id int references restaurants on delete cascade`,
    sql`insert into alert_evaluations (rule_id, restaurant_id, day, evaluated_at)
      select e.rule_id, b.id, e.day, e.evaluated_at
      from alert_evaluations e
      join alert_rules r on r.id = e.rule_id
      join restaurants b on b.franchise_id = r.franchise_id and (r.restaurant_id is null or b.id = r.restaurant_id)
      where e.restaurant_id is null`,
    sql`delete from alert_evaluations where restaurant_id is null`,
    sql`alter table alert_evaluations alter column restaurant_id set not null,
      add primary key (rule_id, restaurant_id, day)`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    // One claim per rule and day again: the branches' copies collapse into the earliest.
    sql`delete from alert_evaluations e using alert_evaluations o
      where o.rule_id = e.rule_id and o.day = e.day
        and (o.evaluated_at, o.restaurant_id) < (e.evaluated_at, e.restaurant_id)`,
    sql`alter table alert_evaluations drop constraint alert_evaluations_pkey, drop column restaurant_id`,
    sql`alter table alert_evaluations add primary key (rule_id, day)`,
  ];
  for (const statement of statements) await statement.execute(db);
}
