import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.js';
import * as initial from './migrations/2026-11-22-01-initial.js';
import * as sessionFamilies from './migrations/2026-11-23-01-session-families.js';
import * as trade from './migrations/2026-11-23-02-trade.js';
import * as franchiseRollups from './migrations/2026-11-23-03-franchise-rollups.js';
import * as monthlyStaffHours from './migrations/2026-11-23-04-monthly-staff-hours.js';
import * as runningMonthlyTotals from './migrations/2026-11-23-05-running-monthly-totals.js';
import * as management from './migrations/2026-11-24-01-management.js';
import * as restaurantAbn from './migrations/2026-11-25-01-restaurant-abn.js';
import * as apiKeys from './migrations/2026-11-25-02-api-keys.js';
import * as ingest from './migrations/2026-11-25-03-ingest.js';
import * as eraseDeletedPeople from './migrations/2026-11-25-04-erase-deleted-people.js';
import * as exportSlots from './migrations/2026-11-25-05-export-slots.js';
import * as teamActivity from './migrations/2026-11-25-06-team-activity.js';
import * as reportSubscriptions from './migrations/2026-11-25-07-report-subscriptions.js';
import * as alerts from './migrations/2026-11-25-08-alerts.js';
import * as branchMonthlyTotals from './migrations/2026-11-26-01-branch-monthly-totals.js';
import * as eraseRemovedMembers from './migrations/2026-11-28-01-erase-removed-members.js';
import * as branchCustomers from './migrations/2026-11-28-02-branch-customers.js';
import * as alertMailSkipped from './migrations/2026-11-28-04-alert-mail-skipped.js';
import * as singleLineNames from './migrations/2026-11-28-06-single-line-names.js';
import * as revokeDepartedOwnersKeys from './migrations/2026-11-28-07-revoke-departed-owners-keys.js';
import * as branchClock from './migrations/2026-11-29-01-branch-clock.js';
import * as apiKeyAccess from './migrations/2026-11-29-02-api-key-access.js';
import * as alertEvaluationsPerBranch from './migrations/2026-11-29-03-alert-evaluations-per-branch.js';
import * as gettingStartedDismissed from './migrations/2026-11-29-04-getting-started-dismissed.js';
import * as sharedAbnOptionalRestaurantFields from './migrations/2026-11-29-05-shared-abn-optional-restaurant-fields.js';
import * as targets from './migrations/2026-11-29-06-targets.js';
import * as alertKindBelowTarget from './migrations/2026-11-29-07-alert-kind-below-target.js';
import * as discountsTipsRefundsDelivery from './migrations/2026-11-30-01-discounts-tips-refunds-delivery.js';
import * as hours from './migrations/2026-11-30-02-hours.js';
import * as alertKindDiscounts from './migrations/2026-11-30-03-alert-kind-discounts.js';
import * as deliveryPlatforms from './migrations/2026-11-30-04-delivery-platforms.js';
import * as menuCosts from './migrations/2026-11-30-05-menu-costs.js';
import * as alertKindFoodCost from './migrations/2026-11-30-06-alert-kind-food-cost.js';
import * as mailedCostPages from './migrations/2026-11-30-07-mailed-cost-pages.js';
import * as runningLoss from './migrations/2026-11-30-08-running-loss.js';

// Static list: works the same under tsx, vitest and a bundle, with no directory scanning.
const migrations: Record<string, Migration> = {
  '2026-11-22-01-initial': initial,
  '2026-11-23-01-session-families': sessionFamilies,
  '2026-11-23-02-trade': trade,
  '2026-11-23-03-franchise-rollups': franchiseRollups,
  '2026-11-23-04-monthly-staff-hours': monthlyStaffHours,
  '2026-11-23-05-running-monthly-totals': runningMonthlyTotals,
  '2026-11-24-01-management': management,
  '2026-11-25-01-restaurant-abn': restaurantAbn,
  '2026-11-25-02-api-keys': apiKeys,
  '2026-11-25-03-ingest': ingest,
  '2026-11-25-04-erase-deleted-people': eraseDeletedPeople,
  '2026-11-25-05-export-slots': exportSlots,
  '2026-11-25-06-team-activity': teamActivity,
  '2026-11-25-07-report-subscriptions': reportSubscriptions,
  '2026-11-25-08-alerts': alerts,
  '2026-11-26-01-branch-monthly-totals': branchMonthlyTotals,
  '2026-11-28-01-erase-removed-members': eraseRemovedMembers,
  '2026-11-28-02-branch-customers': branchCustomers,
  '2026-11-28-04-alert-mail-skipped': alertMailSkipped,
  '2026-11-28-06-single-line-names': singleLineNames,
  '2026-11-28-07-revoke-departed-owners-keys': revokeDepartedOwnersKeys,
  '2026-11-29-01-branch-clock': branchClock,
  '2026-11-29-02-api-key-access': apiKeyAccess,
  '2026-11-29-03-alert-evaluations-per-branch': alertEvaluationsPerBranch,
  '2026-11-29-04-getting-started-dismissed': gettingStartedDismissed,
  '2026-11-29-05-shared-abn-optional-restaurant-fields': sharedAbnOptionalRestaurantFields,
  '2026-11-29-06-targets': targets,
  '2026-11-29-07-alert-kind-below-target': alertKindBelowTarget,
  '2026-11-30-01-discounts-tips-refunds-delivery': discountsTipsRefundsDelivery,
  '2026-11-30-02-hours': hours,
  '2026-11-30-03-alert-kind-discounts': alertKindDiscounts,
  '2026-11-30-04-delivery-platforms': deliveryPlatforms,
  '2026-11-30-05-menu-costs': menuCosts,
  '2026-11-30-06-alert-kind-food-cost': alertKindFoodCost,
  '2026-11-30-07-mailed-cost-pages': mailedCostPages,
  '2026-11-30-08-running-loss': runningLoss,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

const NAMES = Object.keys(migrations);

/**
 * True when every migration is recorded. One plain read instead of the migrator's lock and table
 * checks; on a cold embedded database a bare scan runs in about half the time of a counting query.
 */
export async function isUpToDate(db: Db): Promise<boolean> {
  let rows: { name: string }[];
  try {
    ({ rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db));
  } catch (error) {
    // undefined_table: a database never migrated.
    if ((error as { code?: unknown }).code === '42P01') return false;
    throw error;
  }
  const recorded = new Set(rows.map((row) => row.name));
  return NAMES.every((name) => recorded.has(name));
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
