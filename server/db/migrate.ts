import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/2026-11-22-01-initial.js';
import * as sessionFamilies from './migrations/2026-11-23-01-session-families.js';
import * as trade from './migrations/2026-11-23-02-trade.js';
import * as franchiseRollups from './migrations/2026-11-23-03-franchise-rollups.js';
import * as monthlyStaffHours from './migrations/2026-11-23-04-monthly-staff-hours.js';
import * as runningMonthlyTotals from './migrations/2026-11-23-05-running-monthly-totals.js';

// Static list: works the same under tsx, vitest and a bundle, with no directory scanning.
const migrations: Record<string, Migration> = {
  '2026-11-22-01-initial': initial,
  '2026-11-23-01-session-families': sessionFamilies,
  '2026-11-23-02-trade': trade,
  '2026-11-23-03-franchise-rollups': franchiseRollups,
  '2026-11-23-04-monthly-staff-hours': monthlyStaffHours,
  '2026-11-23-05-running-monthly-totals': runningMonthlyTotals,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

const NAMES = Object.keys(migrations);

/** True when every migration is recorded: two cheap reads instead of the migrator's lock and table checks. */
async function isUpToDate(db: Db): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return false;
  const recorded = await sql<{
    n: number;
  }>`select count(distinct name)::int as n from kysely_migration where name in (${sql.join(NAMES)})`.execute(db);
  return recorded.rows[0]?.n === NAMES.length;
}

export async function migrateToLatest(db: Db): Promise<void> {
  // Every start runs this; the full migrator (with its lock) only runs when there is something to do.
  if (await isUpToDate(db)) return;
  const { error, results } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
