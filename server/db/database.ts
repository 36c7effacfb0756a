import { Kysely, PostgresDialect, type Selectable } from 'kysely';
import { PgliteAdapter, PgliteDialect, type PgliteSession, type WriteClock, writeClockOf } from './pglite-dialect.js';
import { BULK_LOAD_SETTINGS, TYPE_PARSERS } from './pglite-options.mjs';
import { openEmbedded } from './pglite-thread.mjs';
import type {
  FranchiseUserRestaurantsTable,
  FranchiseUsersTable,
  FranchisesTable,
  LoginAttemptsTable,
  PasswordResetTokensTable,
  PeopleTable,
  RestaurantUsersTable,
  RestaurantsTable,
  RevokedSessionsTable,
  RevokedTokensTable,
  SubscriptionsTable,
} from './schema/accounts.js';
import type {
  CustomersTable,
  MenuItemsTable,
  MenuItemCostsTable,
  OrderLinesTable,
  OrdersTable,
  PaymentTransactionsTable,
  PurchaseLinesTable,
  StaffShiftsTable,
  SuppliersTable,
  TargetsTable,
} from './schema/trade.js';
import type {
  DailyFranchiseItemSalesTable,
  DailyFranchisePlatformSalesTable,
  DailyFranchisePurchasesTable,
  DailyFranchiseStaffHoursTable,
  DailyFranchiseStatsTable,
  DailyItemSalesTable,
  DailyPlatformSalesTable,
  DailyPurchasesTable,
  DailyRestaurantStatsTable,
  DailyStaffHoursTable,
  HourlyFranchiseStatsTable,
  HourlyRestaurantStatsTable,
  MonthlyRestaurantLabourTable,
  MonthlyRestaurantPurchasesTable,
  MonthlyRestaurantStatsTable,
  MonthlyStaffHoursTable,
} from './schema/rollups.js';
import type {
  ActivityLogTable,
  AlertEvaluationsTable,
  AlertRecipientsTable,
  AlertRuleRecipientsTable,
  AlertRulesTable,
  AlertsTable,
  ApiKeysTable,
  ExportSlotsTable,
  ReportDeliveriesTable,
  ReportSubscriptionsTable,
} from './schema/features.js';

// The tables' row types live per area under schema/; importers keep reading them from here.
export type * from './schema/accounts.js';
export * from './schema/trade.js';
export type * from './schema/rollups.js';
export type * from './schema/features.js';

export interface Database {
  franchises: FranchisesTable;
  franchise_users: FranchiseUsersTable;
  restaurants: RestaurantsTable;
  restaurant_users: RestaurantUsersTable;
  subscriptions: SubscriptionsTable;
  people: PeopleTable;
  revoked_tokens: RevokedTokensTable;
  revoked_sessions: RevokedSessionsTable;
  login_attempts: LoginAttemptsTable;
  password_reset_tokens: PasswordResetTokensTable;
  menu_items: MenuItemsTable;
  menu_item_costs: MenuItemCostsTable;
  customers: CustomersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payment_transactions: PaymentTransactionsTable;
  staff_shifts: StaffShiftsTable;
  suppliers: SuppliersTable;
  purchase_lines: PurchaseLinesTable;
  targets: TargetsTable;
  daily_restaurant_stats: DailyRestaurantStatsTable;
  daily_item_sales: DailyItemSalesTable;
  daily_franchise_item_sales: DailyFranchiseItemSalesTable;
  daily_staff_hours: DailyStaffHoursTable;
  daily_purchases: DailyPurchasesTable;
  daily_franchise_stats: DailyFranchiseStatsTable;
  hourly_restaurant_stats: HourlyRestaurantStatsTable;
  hourly_franchise_stats: HourlyFranchiseStatsTable;
  daily_platform_sales: DailyPlatformSalesTable;
  daily_franchise_platform_sales: DailyFranchisePlatformSalesTable;
  daily_franchise_staff_hours: DailyFranchiseStaffHoursTable;
  daily_franchise_purchases: DailyFranchisePurchasesTable;
  monthly_staff_hours: MonthlyStaffHoursTable;
  monthly_restaurant_stats: MonthlyRestaurantStatsTable;
  monthly_restaurant_labour: MonthlyRestaurantLabourTable;
  monthly_restaurant_purchases: MonthlyRestaurantPurchasesTable;
  api_keys: ApiKeysTable;
  export_slots: ExportSlotsTable;
  franchise_user_restaurants: FranchiseUserRestaurantsTable;
  activity_log: ActivityLogTable;
  report_subscriptions: ReportSubscriptionsTable;
  report_deliveries: ReportDeliveriesTable;
  alert_rules: AlertRulesTable;
  alert_rule_recipients: AlertRuleRecipientsTable;
  alert_evaluations: AlertEvaluationsTable;
  alerts: AlertsTable;
  alert_recipients: AlertRecipientsTable;
}

export type Db = Kysely<Database>;
export type FranchiseUserRow = Selectable<FranchiseUsersTable>;

const embeddedClocks = new WeakMap<Db, WriteClock>();

export function pgliteDatabase(pglite: PgliteSession): Db {
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
  embeddedClocks.set(db, writeClockOf(pglite));
  return db;
}

/** The embedded database's write clock; undefined on PostgreSQL, where other servers write unseen. */
export function writeClockOfDatabase(db: Db): WriteClock | undefined {
  return embeddedClocks.get(db);
}

/** Whether `db` (or a transaction of it) is the embedded PGlite, which can COPY rows from a blob. */
export function copiesFromBlob(db: Db): boolean {
  return db.getExecutor().adapter instanceof PgliteAdapter;
}

export function postgresDatabase(connectionString: string, max = 10): Db {
  // pg is loaded when the first query needs a connection, so the embedded default never loads it.
  const pool = async () => {
    const { default: pg } = await import('pg');
    const created = new pg.Pool({
      connectionString,
      max,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    created.on('error', () => {});
    return created;
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pglite, run in a worker thread;
 * `bulkLoad`: the embedded one with BULK_LOAD_SETTINGS, for a load no one else watches.
 */
export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }, options: { bulkLoad?: boolean } = {}): Db {
  if (config.databaseUrl) return postgresDatabase(config.databaseUrl);
  return pgliteDatabase(openEmbedded(config.dataDir, options.bulkLoad ? BULK_LOAD_SETTINGS : []));
}
