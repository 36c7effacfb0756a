import { sql, type Kysely } from 'kysely';
import { runningByMonth } from './2026-11-23-05-running-monthly-totals.js';

// Frozen once landed: later changes go in a new migration file. SQL stays within PostgreSQL 15.
// Per branch and calendar month, running totals (element d = days 1..d) of the loss counters
// (docs/product.md#loss), so the Loss page's branch ranking reads one row per branch and month
// instead of every day of every branch, as the branch comparison does.

const LOSS_RUNNING = [
  { name: 'running_gross_sales_cents', of: 'gross_sales_cents', type: 'bigint' },
  { name: 'running_orders_voided', of: 'orders_voided', type: 'int' },
  { name: 'running_voided_cents', of: 'voided_cents', type: 'bigint' },
  { name: 'running_discount_cents', of: 'discount_cents', type: 'bigint' },
  { name: 'running_orders_refunded', of: 'orders_refunded', type: 'int' },
  { name: 'running_refunded_cents', of: 'refunded_cents', type: 'bigint' },
  { name: 'running_tip_cents', of: 'tip_cents', type: 'bigint' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    sql`alter table monthly_restaurant_stats ${sql.join(
      LOSS_RUNNING.map((c) => sql`add column ${sql.ref(c.name)} ${sql.raw(c.type)}[] not null default '{}'`),
    )}`,
    sql`update monthly_restaurant_stats m set ${sql.join(LOSS_RUNNING.map((c) => sql`${sql.ref(c.name)} = r.${sql.ref(c.name)}`))}
      from (${runningByMonth(
        sql`select restaurant_id, day, ${sql.join(LOSS_RUNNING.map((c) => sql.ref(c.of)))} from daily_restaurant_stats`,
        ['restaurant_id'],
        LOSS_RUNNING.map((c) => ({ name: c.name, value: `d.${c.of}`, type: c.type })),
      )}) r
      where r.restaurant_id = m.restaurant_id and r.month = m.month`,
    // Every row has its arrays now; the ingest always writes them.
    sql`alter table monthly_restaurant_stats ${sql.join(LOSS_RUNNING.map((c) => sql`alter column ${sql.ref(c.name)} drop default`))}`,
    sql`analyze monthly_restaurant_stats`,
  ];
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table monthly_restaurant_stats ${sql.join(LOSS_RUNNING.map((c) => sql`drop column ${sql.ref(c.name)}`))}`.execute(db);
}
