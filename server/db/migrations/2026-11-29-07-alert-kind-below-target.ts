import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// The alert kind below_target (docs/alerts.md): a closed day's revenue at or below a share of its target.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_rules drop constraint alert_rules_kind_check,
    add constraint alert_rules_kind_check
    check (kind in ('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade', 'below_target'))`.execute(db);
  await sql`alter table alerts drop constraint alerts_kind_check,
    add constraint alerts_kind_check
    check (kind in ('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade', 'below_target'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from alerts where kind = 'below_target'`.execute(db);
  await sql`delete from alert_rules where kind = 'below_target'`.execute(db);
  await sql`alter table alert_rules drop constraint alert_rules_kind_check,
    add constraint alert_rules_kind_check check (kind in ('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade'))`.execute(
    db,
  );
  await sql`alter table alerts drop constraint alerts_kind_check,
    add constraint alerts_kind_check check (kind in ('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade'))`.execute(db);
}
