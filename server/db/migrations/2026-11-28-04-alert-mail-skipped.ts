import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// An alert mail whose member no longer reaches the alert's branch when it is due is not sent: it is
// 'skipped' (docs/alerts.md), told apart from a mail given up after failed attempts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_recipients drop constraint alert_recipients_status_check,
    add constraint alert_recipients_status_check check (status in ('pending', 'sent', 'failed', 'skipped'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update alert_recipients set status = 'failed' where status = 'skipped'`.execute(db);
  await sql`alter table alert_recipients drop constraint alert_recipients_status_check,
    add constraint alert_recipients_status_check check (status in ('pending', 'sent', 'failed'))`.execute(db);
}
