import type { PurchaseCategory } from './trade.js';
import type { Generated } from 'kysely';

// The daily (and monthly running) rollups the analytics read, written with the trade in one transaction.

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
  orders_delivery: Counter;
  orders_refunded: Counter;
  revenue_delivery_cents: Counter;
  /** Totals of voided orders. */
  voided_cents: Counter;
  /** Totals of refunded orders. */
  refunded_cents: Counter;
  /** Discounts and tips of completed orders. */
  discount_cents: Counter;
  tip_cents: Counter;
  /** Completed and refunded orders' lines before discount. */
  gross_sales_cents: Counter;
  /** Completed orders' units × each item's cost that day (items without a cost add 0). */
  food_cost_cents: Counter;
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
  /** units × the item's cost that day; 0 while the item has no cost. */
  food_cost_cents: Counter;
}

export interface DailyFranchiseItemSalesTable {
  franchise_id: number;
  day: string;
  menu_item_id: number;
  units: Counter;
  revenue_cents: Counter;
  /** units × the item's cost that day; 0 while the item has no cost. */
  food_cost_cents: Counter;
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

/**
 * Per branch and calendar month, running totals as in MonthlyStaffHoursTable: revenue (every channel), units,
 * completed orders and food cost, and the loss counters of DailyRestaurantStatsTable.
 */
export interface MonthlyRestaurantStatsTable {
  restaurant_id: number;
  month: string;
  running_revenue_cents: number[];
  running_units: number[];
  running_orders: number[];
  running_food_cost_cents: number[];
  running_gross_sales_cents: number[];
  running_orders_voided: number[];
  running_voided_cents: number[];
  running_discount_cents: number[];
  running_orders_refunded: number[];
  running_refunded_cents: number[];
  running_tip_cents: number[];
}

/** Per branch and calendar month: the month's shifts, and running totals of labour cost as in MonthlyStaffHoursTable. */
export interface MonthlyRestaurantLabourTable {
  restaurant_id: number;
  month: string;
  shifts: Counter;
  running_labour_cost_cents: number[];
}

/** Per branch and calendar month: the month's purchased quantity, and running totals of spend as in MonthlyStaffHoursTable. */
export interface MonthlyRestaurantPurchasesTable {
  restaurant_id: number;
  month: string;
  quantity: Counter;
  running_spend_cents: number[];
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

/** Completed orders and their revenue per branch, trading day and local hour (docs/product.md#hours). */
export interface HourlyRestaurantStatsTable {
  restaurant_id: number;
  day: string;
  hour: number;
  orders: Counter;
  revenue_cents: Counter;
}

/** hourly_restaurant_stats summed over the franchise's branches. */
export interface HourlyFranchiseStatsTable extends Omit<HourlyRestaurantStatsTable, 'restaurant_id'> {
  franchise_id: number;
}

/** Completed delivery orders and their revenue per branch, trading day and platform ('' when none was named). */
export interface DailyPlatformSalesTable {
  restaurant_id: number;
  day: string;
  platform: string;
  orders: Counter;
  revenue_cents: Counter;
}

/** daily_platform_sales summed over the franchise's branches. */
export interface DailyFranchisePlatformSalesTable extends Omit<DailyPlatformSalesTable, 'restaurant_id'> {
  franchise_id: number;
}
