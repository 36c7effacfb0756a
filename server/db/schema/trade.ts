import { PURCHASE_CATEGORIES } from '@contract/ingest.contract.js';
import type { Generated } from 'kysely';

// Trade as recorded: the menu, customers, orders with their lines and payments, shifts, purchases.

export type MenuName = 'Lunch' | 'Dinner' | 'All Day';
export type Channel = 'dine_in' | 'takeaway' | 'delivery';
export type OrderStatus = 'completed' | 'voided' | 'refunded';
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

/** A menu item's cost from `from_day` (the franchise's clock) until its next cost; before its first, the first applies. */
export interface MenuItemCostsTable {
  menu_item_id: number;
  from_day: string;
  cost_cents: number;
}

export interface CustomersTable {
  id: Generated<number>;
  franchise_id: number;
  name: string;
  first_order_at: Date | null;
  /** The sender's reference of the customer (ingest API); null for demo customers. */
  ref: Generated<string | null>;
  /** The branch whose API key sent the reference, whose customer this is; null: the franchise's. */
  restaurant_id: Generated<number | null>;
}

export interface OrdersTable {
  id: Generated<number>;
  restaurant_id: number;
  placed_at: Date;
  /** The branch's trading day of placed_at ('YYYY-MM-DD', docs/product.md#time). */
  day: string;
  /** The local hour (0–23) of placed_at on the branch's clock (docs/product.md#hours). */
  hour: number;
  channel: Channel;
  source: OrderSource;
  guests: number;
  customer_id: number | null;
  /** The customer had ordered at the franchise before this order. */
  recurrent: Generated<boolean>;
  status: OrderStatus;
  /** The lines' amounts less the discount. */
  total_cents: number;
  discount_cents: Generated<number>;
  /** Paid on top of the total; never revenue. */
  tip_cents: Generated<number>;
  /** The delivery platform (delivery orders only); null when not named. */
  platform: Generated<string | null>;
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

/** A branch's plan for one trading day (docs/product.md#targets). */
export interface TargetsTable {
  restaurant_id: number;
  day: string;
  revenue_cents: number;
  /** The labour cost target in tenths of a per cent of revenue; null: none set. */
  labour_cost_tenths: number | null;
  updated_at: Generated<Date>;
}
