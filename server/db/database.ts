import { PURCHASE_CATEGORIES } from '@contract/ingest.contract.js';
import type { AlertKind } from '@contract/alerts.contract.js';
import type { Range } from '@contract/analytics.contract.js';
import type { ReportFrequency, ReportPage } from '@contract/report-subscriptions.contract.js';
import { Kysely, PostgresDialect, type Generated, type Selectable } from 'kysely';
import { PgliteDialect, type PgliteSession, type WriteClock, writeClockOf } from './pglite-dialect.js';
import { TYPE_PARSERS } from './pglite-options.mjs';
import { openEmbedded } from './pglite-thread.mjs';

type Timestamp = Generated<Date>;

export interface FranchisesTable {
  id: Generated<number>;
  name: string;
  time_zone: Generated<string>;
  /** Bumped with every write that changes analytics; part of every cached answer's key. */
  data_version: Generated<number>;
  created_at: Timestamp;
}

export type MemberRole = 'owner' | 'manager';

export interface FranchiseUsersTable {
  id: Generated<number>;
  franchise_id: number;
  email: string;
  /** Null while invited: the invitation link sets the first password. */
  password_hash: string | null;
  /** An owner sees the whole franchise; a manager only the branches in franchise_user_restaurants. */
  role: Generated<MemberRole>;
  name: string;
  picture: string | null;
  phone: string | null;
  state: string | null;
  city: string | null;
  street_address: string | null;
  suburb: string | null;
  post_code: string | null;
  token_version: Generated<number>;
  /** Bumped by every profile save; a save naming an older version is refused. */
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RestaurantsTable {
  id: Generated<number>;
  franchise_id: number;
  logo: string | null;
  name: string;
  abn_no: string;
  address: string;
  suburb: string;
  post_code: string;
  city: string;
  state: string;
  phone_no: string;
  email: string;
  business_type: string;
  capacity: number;
  status: 0 | 1;
  location: string;
  version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RestaurantUsersTable {
  id: Generated<number>;
  restaurant_id: number;
  name: string;
  email: string;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  restaurant_id: number;
  product_name: string;
  plan_name: string;
  web_link: string;
}

export type PersonRole = 'Manager' | 'Chef' | 'Waiter';
export type PersonStatus = 'Active' | 'Inactive';

export interface PeopleTable {
  id: Generated<number>;
  franchise_id: number;
  restaurant_id: number | null;
  picture: string | null;
  name: string;
  email: string;
  phone: string | null;
  state: string | null;
  city: string | null;
  street_address: string | null;
  suburb: string | null;
  post_code: string | null;
  role: PersonRole;
  status: PersonStatus;
  password_hash: string | null;
  version: Generated<number>;
  /** Soft delete: the person leaves every list, their shifts still count in the roster. */
  deleted_at: Generated<Date | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Date;
}

export interface RevokedSessionsTable {
  sid: string;
  expires_at: Date;
}

/** Attempt counters of every limit (login, password forgot and reset), not only logins. */
export interface LoginAttemptsTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export type MenuName = 'Lunch' | 'Dinner' | 'All Day';
export type Channel = 'dine_in' | 'takeaway';
export type OrderSource = 'pos' | 'app';
// The ten categories are the ingest contract's: one list for the API, the import and the schema.
export { PURCHASE_CATEGORIES };
export type PurchaseCategory = (typeof PURCHASE_CATEGORIES)[number];

export interface MenuItemsTable {
  id: Generated<number>;
  franchise_id: number;
  sku: string;
  name: string;
  price_cents: number;
  menu: MenuName;
  is_combo: Generated<boolean>;
}

export interface CustomersTable {
  id: Generated<number>;
  franchise_id: number;
  name: string;
  first_order_at: Date | null;
  /** The sender's reference of the customer (ingest API); null for demo customers. */
  ref: Generated<string | null>;
}

export interface OrdersTable {
  id: Generated<number>;
  restaurant_id: number;
  placed_at: Date;
  /** Calendar day of placed_at in the franchise's time zone ('YYYY-MM-DD'). */
  day: string;
  channel: Channel;
  source: OrderSource;
  guests: number;
  customer_id: number | null;
  /** The customer had ordered at the franchise before this order. */
  recurrent: Generated<boolean>;
  status: 'completed' | 'voided';
  total_cents: number;
  /** The sender's id, unique per restaurant; null for demo trade. */
  external_id: Generated<string | null>;
  /** Hash of the record as last sent: an identical resend changes nothing. */
  source_hash: Generated<string | null>;
}

export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  menu_item_id: number;
  quantity: number;
  amount_cents: number;
}

export interface PaymentTransactionsTable {
  id: Generated<number>;
  order_id: number;
  method: 'card' | 'cash' | 'app';
  amount_cents: number;
}

export interface StaffShiftsTable {
  id: Generated<number>;
  restaurant_id: number;
  person_id: number;
  day: string;
  assigned_minutes: number;
  actual_minutes: number;
  hourly_rate_cents: number;
  attended: boolean;
  /** The sender's id, unique per restaurant; null for demo trade. */
  external_id: Generated<string | null>;
  /** Hash of the record as last sent: an identical resend changes nothing. */
  source_hash: Generated<string | null>;
}

export interface SuppliersTable {
  id: Generated<number>;
  franchise_id: number;
  name: string;
}

export interface PurchaseLinesTable {
  id: Generated<number>;
  restaurant_id: number;
  supplier_id: number;
  day: string;
  category: PurchaseCategory;
  quantity: number;
  amount_cents: number;
  /** The sender's id, unique per restaurant; null for demo trade. */
  external_id: Generated<string | null>;
  /** Hash of the record as last sent: an identical resend changes nothing. */
  source_hash: Generated<string | null>;
}

type Counter = Generated<number>;

export interface DailyRestaurantStatsTable {
  restaurant_id: number;
  day: string;
  orders_dine_in: Counter;
  orders_takeaway: Counter;
  orders_pos: Counter;
  orders_app: Counter;
  orders_voided: Counter;
  revenue_dine_in_cents: Counter;
  revenue_takeaway_cents: Counter;
  revenue_pos_cents: Counter;
  revenue_app_cents: Counter;
  guests_recurrent: Counter;
  guests_new: Counter;
  transactions: Counter;
  /** Line quantities of completed orders. */
  units: Counter;
}

/** daily_restaurant_stats summed over the franchise's branches. */
export interface DailyFranchiseStatsTable extends Omit<DailyRestaurantStatsTable, 'restaurant_id'> {
  franchise_id: number;
}

export interface DailyItemSalesTable {
  restaurant_id: number;
  day: string;
  menu_item_id: number;
  units: Counter;
  revenue_cents: Counter;
}

export interface DailyFranchiseItemSalesTable {
  franchise_id: number;
  day: string;
  menu_item_id: number;
  units: Counter;
  revenue_cents: Counter;
}

export interface DailyStaffHoursTable {
  restaurant_id: number;
  day: string;
  person_id: number;
  assigned_minutes: Counter;
  actual_minutes: Counter;
  labour_cost_cents: Counter;
  shifts: Counter;
  shifts_attended: Counter;
}

/** daily_staff_hours summed over the franchise's branches and people. */
export interface DailyFranchiseStaffHoursTable extends Omit<DailyStaffHoursTable, 'restaurant_id' | 'person_id'> {
  franchise_id: number;
}

/**
 * daily_staff_hours summed per calendar month: `month` is the month's first day. The running_ arrays
 * have one element per day of the month: element d (1-based) is the total of days 1..d.
 */
export interface MonthlyStaffHoursTable extends Omit<DailyStaffHoursTable, 'day'> {
  month: string;
  running_assigned_minutes: number[];
  running_actual_minutes: number[];
  running_shifts: number[];
}

/** Per branch and calendar month, running totals of revenue (dine-in + takeaway) and units as in MonthlyStaffHoursTable. */
export interface MonthlyRestaurantStatsTable {
  restaurant_id: number;
  month: string;
  running_revenue_cents: number[];
  running_units: number[];
}

export interface DailyPurchasesTable {
  restaurant_id: number;
  day: string;
  supplier_id: number;
  category: PurchaseCategory;
  quantity: Counter;
  amount_cents: Counter;
}

/** daily_purchases summed over the franchise's branches. */
export interface DailyFranchisePurchasesTable extends Omit<DailyPurchasesTable, 'restaurant_id'> {
  franchise_id: number;
}

/** A key an outside system (POS, roster, supplier) calls the ingest API with; only its secret's hash is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  franchise_id: number;
  /** null: every branch of the franchise. */
  restaurant_id: number | null;
  name: string;
  /** The secret's first characters (`fck_` and its public id), shown in the list to tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole secret, hex. */
  secret_hash: string;
  /** null once its creator's account is gone. */
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** An export in progress: a user holds at most EXPORTS_PER_USER slots at a time. */
export interface ExportSlotsTable {
  user_id: number;
  slot: number;
  taken_at: Date;
}

/** The branches a manager may access. */
export interface FranchiseUserRestaurantsTable {
  user_id: number;
  restaurant_id: number;
}

/** Who changed what, written in the transaction of the change; kept at least ACTIVITY_RETENTION_DAYS. */
export interface ActivityLogTable {
  id: Generated<string>;
  franchise_id: number;
  at: Date;
  /** Null when an API key made the change; user_name then names the key. */
  user_id: number | null;
  user_name: string;
  action: string;
  entity: string;
  entity_id: string | null;
  /** Field → [before, after]; secrets appear only as "changed". */
  changes: Generated<Record<string, [unknown, unknown]>>;
}

/** A member's scheduled report mail. */
export interface ReportSubscriptionsTable {
  id: Generated<number>;
  franchise_id: number;
  user_id: number;
  page: ReportPage;
  range: Range;
  frequency: ReportFrequency;
  /** ISO weekday, 1 = Monday … 7 = Sunday; null for a daily report. */
  weekday: number | null;
  /** Hour of the franchise's clock, 0–23. */
  hour: number;
  next_run_at: Date;
  unsubscribe_hash: string;
  created_at: Date;
}

/** One period of a subscription: the queue servers claim from (a period is unique per subscription). */
export interface ReportDeliveriesTable {
  id: Generated<string>;
  subscription_id: number;
  period: string;
  scheduled_at: Date;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  leased_until: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

/** An owner's alert rule (docs/alerts.md); `threshold_tenths` is the percentage, or the "no trade by" hour, times ten. */
export interface AlertRulesTable {
  id: Generated<number>;
  franchise_id: number;
  kind: AlertKind;
  /** null: every branch of the franchise. */
  restaurant_id: number | null;
  threshold_tenths: number;
  version: Generated<number>;
  created_at: Date;
  updated_at: Date;
}

export interface AlertRuleRecipientsTable {
  rule_id: number;
  user_id: number;
}

/** A rule's day, claimed by the server that evaluates it (unique per rule and day). */
export interface AlertEvaluationsTable {
  rule_id: number;
  day: string;
  evaluated_at: Date;
}

export interface AlertsTable {
  id: Generated<number>;
  franchise_id: number;
  /** null once the rule is deleted. */
  rule_id: number | null;
  kind: AlertKind;
  threshold_tenths: number;
  restaurant_id: number;
  day: string;
  value: number | null;
  baseline: number | null;
  summary: string;
  created_at: Date;
}

/** A member told of an alert: their acknowledgement and the alert's mail to them (the queue servers claim from). */
export interface AlertRecipientsTable {
  id: Generated<number>;
  alert_id: number;
  user_id: number;
  acknowledged_at: Date | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  leased_until: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

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
  customers: CustomersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payment_transactions: PaymentTransactionsTable;
  staff_shifts: StaffShiftsTable;
  suppliers: SuppliersTable;
  purchase_lines: PurchaseLinesTable;
  daily_restaurant_stats: DailyRestaurantStatsTable;
  daily_item_sales: DailyItemSalesTable;
  daily_franchise_item_sales: DailyFranchiseItemSalesTable;
  daily_staff_hours: DailyStaffHoursTable;
  daily_purchases: DailyPurchasesTable;
  daily_franchise_stats: DailyFranchiseStatsTable;
  daily_franchise_staff_hours: DailyFranchiseStaffHoursTable;
  daily_franchise_purchases: DailyFranchisePurchasesTable;
  monthly_staff_hours: MonthlyStaffHoursTable;
  monthly_restaurant_stats: MonthlyRestaurantStatsTable;
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

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pglite, run in a worker thread. */
export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Db {
  if (config.databaseUrl) return postgresDatabase(config.databaseUrl);
  return pgliteDatabase(openEmbedded(config.dataDir));
}
