import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Report mails of the Loss, Food & Prime Cost and Menu Engineering pages (docs/product.md#report-mails).
const PAGES = sql`('dashboard', 'order', 'roster', 'revenue', 'headcount', 'procurement', 'loss', 'costs', 'menu-engineering')`;
const BEFORE = sql`('dashboard', 'order', 'roster', 'revenue', 'headcount', 'procurement')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_subscriptions drop constraint report_subscriptions_page_check,
    add constraint report_subscriptions_page_check check (page in ${PAGES})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from report_subscriptions where page not in ${BEFORE}`.execute(db);
  await sql`alter table report_subscriptions drop constraint report_subscriptions_page_check,
    add constraint report_subscriptions_page_check check (page in ${BEFORE})`.execute(db);
}
