import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// The alert kind food_cost (docs/alerts.md): a closed day's food cost at or above a share of its revenue.
const KINDS = sql`('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade', 'below_target', 'discounts', 'food_cost')`;
const BEFORE = sql`('labour_cost', 'revenue_drop', 'attendance', 'procurement', 'no_trade', 'below_target', 'discounts')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_rules drop constraint alert_rules_kind_check, add constraint alert_rules_kind_check check (kind in ${KINDS})`.execute(
    db,
  );
  await sql`alter table alerts drop constraint alerts_kind_check, add constraint alerts_kind_check check (kind in ${KINDS})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from alerts where kind = 'food_cost'`.execute(db);
  await sql`delete from alert_rules where kind = 'food_cost'`.execute(db);
  await sql`alter table alert_rules drop constraint alert_rules_kind_check, add constraint alert_rules_kind_check check (kind in ${BEFORE})`.execute(
    db,
  );
  await sql`alter table alerts drop constraint alerts_kind_check, add constraint alerts_kind_check check (kind in ${BEFORE})`.execute(db);
}
