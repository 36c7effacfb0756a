import type { ColumnName, TableName } from '../../db/typed-sql.js';

// The rollup tables' keys and counters, once: the live deltas (write/*.ts) add to these columns and
// the rebuild (rollups.ts) recomputes the same ones from the raw rows.

/** The type each column's values travel as: one array parameter per column. */
export type PgType = 'int' | 'bigint' | 'text' | 'date' | 'timestamptz' | 'boolean' | 'int[]' | 'bigint[]';
export type Column<T extends TableName> = readonly [name: ColumnName<T>, pgType: PgType];

/** The counters of daily_restaurant_stats (and daily_franchise_stats), in the order OrderRollups fills them. */
export const STATS_COUNTERS = [
  ['orders_dine_in', 'int'],
  ['orders_takeaway', 'int'],
  ['orders_pos', 'int'],
  ['orders_app', 'int'],
  ['orders_voided', 'int'],
  ['revenue_dine_in_cents', 'bigint'],
  ['revenue_takeaway_cents', 'bigint'],
  ['revenue_pos_cents', 'bigint'],
  ['revenue_app_cents', 'bigint'],
  ['guests_recurrent', 'int'],
  ['guests_new', 'int'],
  ['transactions', 'int'],
  ['units', 'int'],
  ['orders_delivery', 'int'],
  ['orders_refunded', 'int'],
  ['revenue_delivery_cents', 'bigint'],
  ['voided_cents', 'bigint'],
  ['refunded_cents', 'bigint'],
  ['discount_cents', 'bigint'],
  ['tip_cents', 'bigint'],
  ['gross_sales_cents', 'bigint'],
  ['food_cost_cents', 'bigint'],
] as const satisfies readonly Column<'daily_restaurant_stats' | 'daily_franchise_stats'>[];

/**
 * The stats counters of the loss figures (docs/product.md#loss), whose running totals
 * monthly_restaurant_stats keeps as `running_<counter>` for the branches' loss over a window.
 */
export const LOSS_COUNTERS = [
  'gross_sales_cents',
  'orders_voided',
  'voided_cents',
  'discount_cents',
  'orders_refunded',
  'refunded_cents',
  'tip_cents',
] as const satisfies readonly (typeof STATS_COUNTERS)[number][0][];

/** A stats counter's position in STATS_COUNTERS. */
export const STAT = Object.fromEntries(STATS_COUNTERS.map(([name], i) => [name, i])) as Record<(typeof STATS_COUNTERS)[number][0], number>;

/** The counters of the staff-hours rollups, in the order ShiftRollups fills them. */
export const HOURS_COUNTERS = [
  ['assigned_minutes', 'int'],
  ['actual_minutes', 'int'],
  ['labour_cost_cents', 'bigint'],
  ['shifts', 'int'],
  ['shifts_attended', 'int'],
] as const satisfies readonly Column<'daily_staff_hours' | 'daily_franchise_staff_hours' | 'monthly_staff_hours'>[];

export const ITEM_COUNTERS = [
  ['units', 'int'],
  ['revenue_cents', 'bigint'],
  ['food_cost_cents', 'bigint'],
] as const satisfies readonly Column<'daily_item_sales' | 'daily_franchise_item_sales'>[];

/** The counters of the hourly and platform rollups: completed orders and their revenue. */
export const SALES_COUNTERS = [
  ['orders', 'int'],
  ['revenue_cents', 'bigint'],
] as const satisfies readonly Column<
  'hourly_restaurant_stats' | 'hourly_franchise_stats' | 'daily_platform_sales' | 'daily_franchise_platform_sales'
>[];

const PURCHASE_COUNTERS = [
  ['quantity', 'bigint'],
  ['amount_cents', 'bigint'],
] as const satisfies readonly Column<'daily_purchases' | 'daily_franchise_purchases'>[];

/**
 * A rollup's key columns, its counters (added to) and its running totals (monthly tables: one
 * element per day of the month, element d the total of days 1..d, added element-wise).
 */
export type RollupColumns<T extends TableName> = {
  keys: readonly Column<T>[];
  counters: readonly Column<T>[];
  running: readonly Column<T>[];
};

export type RollupTable =
  | 'daily_restaurant_stats'
  | 'daily_franchise_stats'
  | 'monthly_restaurant_stats'
  | 'monthly_restaurant_labour'
  | 'monthly_restaurant_purchases'
  | 'daily_item_sales'
  | 'daily_franchise_item_sales'
  | 'hourly_restaurant_stats'
  | 'hourly_franchise_stats'
  | 'daily_platform_sales'
  | 'daily_franchise_platform_sales'
  | 'daily_staff_hours'
  | 'monthly_staff_hours'
  | 'daily_franchise_staff_hours'
  | 'daily_purchases'
  | 'daily_franchise_purchases';

export const ROLLUP_COLUMNS: { [T in RollupTable]: RollupColumns<T> } = {
  daily_restaurant_stats: {
    keys: [
      ['restaurant_id', 'int'],
      ['day', 'date'],
    ],
    counters: STATS_COUNTERS,
    running: [],
  },
  daily_franchise_stats: {
    keys: [
      ['franchise_id', 'int'],
      ['day', 'date'],
    ],
    counters: STATS_COUNTERS,
    running: [],
  },
  monthly_restaurant_stats: {
    keys: [
      ['restaurant_id', 'int'],
      ['month', 'date'],
    ],
    counters: [],
    running: [
      ['running_revenue_cents', 'bigint[]'],
      ['running_units', 'int[]'],
      ['running_orders', 'int[]'],
      ['running_food_cost_cents', 'bigint[]'],
      ['running_gross_sales_cents', 'bigint[]'],
      ['running_orders_voided', 'int[]'],
      ['running_voided_cents', 'bigint[]'],
      ['running_discount_cents', 'bigint[]'],
      ['running_orders_refunded', 'int[]'],
      ['running_refunded_cents', 'bigint[]'],
      ['running_tip_cents', 'bigint[]'],
    ],
  },
  monthly_restaurant_labour: {
    keys: [
      ['restaurant_id', 'int'],
      ['month', 'date'],
    ],
    counters: [['shifts', 'int']],
    running: [['running_labour_cost_cents', 'bigint[]']],
  },
  monthly_restaurant_purchases: {
    keys: [
      ['restaurant_id', 'int'],
      ['month', 'date'],
    ],
    counters: [['quantity', 'bigint']],
    running: [['running_spend_cents', 'bigint[]']],
  },
  daily_item_sales: {
    keys: [
      ['restaurant_id', 'int'],
      ['day', 'date'],
      ['menu_item_id', 'int'],
    ],
    counters: ITEM_COUNTERS,
    running: [],
  },
  daily_franchise_item_sales: {
    keys: [
      ['franchise_id', 'int'],
      ['day', 'date'],
      ['menu_item_id', 'int'],
    ],
    counters: ITEM_COUNTERS,
    running: [],
  },
  hourly_restaurant_stats: {
    keys: [
      ['restaurant_id', 'int'],
      ['day', 'date'],
      ['hour', 'int'],
    ],
    counters: SALES_COUNTERS,
    running: [],
  },
  hourly_franchise_stats: {
    keys: [
      ['franchise_id', 'int'],
      ['day', 'date'],
      ['hour', 'int'],
    ],
    counters: SALES_COUNTERS,
    running: [],
  },
  daily_platform_sales: {
    keys: [
      ['restaurant_id', 'int'],
      ['day', 'date'],
      ['platform', 'text'],
    ],
    counters: SALES_COUNTERS,
    running: [],
  },
  daily_franchise_platform_sales: {
    keys: [
      ['franchise_id', 'int'],
      ['day', 'date'],
      ['platform', 'text'],
    ],
    counters: SALES_COUNTERS,
    running: [],
  },
  daily_staff_hours: {
    keys: [
      ['restaurant_id', 'int'],
      ['day', 'date'],
      ['person_id', 'int'],
    ],
    counters: HOURS_COUNTERS,
    running: [],
  },
  monthly_staff_hours: {
    keys: [
      ['restaurant_id', 'int'],
      ['month', 'date'],
      ['person_id', 'int'],
    ],
    counters: HOURS_COUNTERS,
    running: [
      ['running_assigned_minutes', 'int[]'],
      ['running_actual_minutes', 'int[]'],
      ['running_shifts', 'int[]'],
    ],
  },
  daily_franchise_staff_hours: {
    keys: [
      ['franchise_id', 'int'],
      ['day', 'date'],
    ],
    counters: HOURS_COUNTERS,
    running: [],
  },
  daily_purchases: {
    keys: [
      ['restaurant_id', 'int'],
      ['day', 'date'],
      ['supplier_id', 'int'],
      ['category', 'text'],
    ],
    counters: PURCHASE_COUNTERS,
    running: [],
  },
  daily_franchise_purchases: {
    keys: [
      ['franchise_id', 'int'],
      ['day', 'date'],
      ['supplier_id', 'int'],
      ['category', 'text'],
    ],
    counters: PURCHASE_COUNTERS,
    running: [],
  },
};
