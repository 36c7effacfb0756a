import * as z from 'zod';
import { isCalendarDay } from './calendar-day.js';

/**
 * Inputs and outputs of the analytics calls (the console's first three calls and the product's additions; docs/api.md#analytics-api). The server
 * validates queries with the schema; the client imports the types. Money is in dollars with two
 * decimals, hours in hours with two decimals, percentages 0–100 with one decimal; dates are
 * 'YYYY-MM-DD' calendar days in the franchise's time zone, inclusive.
 */

/** How a window is grouped into buckets. Weeks start on Monday; edge buckets are clipped to the window. */
export const GROUPINGS = ['daily', 'weekly', 'monthly'] as const;
export type Grouping = (typeof GROUPINGS)[number];

/** The dashboard's and pages' ranges: a window ending yesterday, grouped by day, week or month (docs/product.md#periods). */
export const RANGES = ['7days', '14days', '1month', '3months'] as const;
export type Range = (typeof RANGES)[number];

export const RANGE_GROUPING: Record<Range, Grouping> = { '7days': 'daily', '14days': 'daily', '1month': 'weekly', '3months': 'monthly' };
/** A grouping asked for without dates gets the window of the range it belongs to. */
export const GROUPING_DEFAULT_RANGE: Record<Grouping, Range> = { daily: '7days', weekly: '1month', monthly: '3months' };

export const DEFAULT_RANGE: Range = '7days';
export const DEFAULT_BEST_SELLERS_LIMIT = 10;
export const MAX_BEST_SELLERS_LIMIT = 50;
/** The longest window a query may ask for, in days. */
export const MAX_WINDOW_DAYS = 400;

export const ANALYTICS_KINDS = ['headcounts', 'revenues', 'best-sellers', 'orders', 'roster', 'procurement'] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export type AnalyticsQuery = {
  period?: Grouping | Range;
  start_date?: string;
  end_date?: string;
  limit?: number;
};

/** The window an answer covers, and the window of equal length just before it (the change is measured against it). */
export type AnalyticsWindow = {
  start_date: string;
  end_date: string;
  days: number;
  grouping: Grouping;
  time_zone: string;
  previous: { start_date: string; end_date: string };
  /** The franchise's current calendar day, whose trade so far the `today` figures hold. */
  today: string;
};

/** One bucket of a series: every bucket of the window is present, zero when there was no trade. */
export type Bucket = { label: string; start_date: string; end_date: string };

export type HeadcountFigures = { recurrent: number; new: number; total: number };
export type Headcounts = {
  window: AnalyticsWindow;
  series: (Bucket & HeadcountFigures)[];
  totals: HeadcountFigures;
  previous_totals: HeadcountFigures;
  today: HeadcountFigures;
};

export type RevenueFigures = {
  revenue: number;
  dine_in: number;
  takeaway: number;
  orders: number;
  transactions: number;
  /** Average order value: revenue / orders (0 without orders). */
  aov: number;
  /** Average transaction value: revenue / payment transactions. */
  atv: number;
};
export type FranchiseSummary = {
  total_revenue: number;
  total_orders: number;
  average_revenue_per_restaurant: number;
  total_dine_in_revenue: number;
  total_takeaway_revenue: number;
};
export type Revenues = {
  window: AnalyticsWindow;
  series: (Bucket & RevenueFigures)[];
  totals: RevenueFigures;
  previous_totals: RevenueFigures;
  franchise_summary: FranchiseSummary;
  /** Branches by revenue, lowest first (the revenue page's Low Selling Restaurants). */
  restaurants: { id: number; name: string; location: string; units: number; revenue: number }[];
};

export type MenuName = 'Lunch' | 'Dinner' | 'All Day';
export type SellingItem = { sku: string; name: string; menu: MenuName; is_combo: boolean; units: number; revenue: number };
export type BestSellers = {
  window: AnalyticsWindow;
  /** By units sold, ties by revenue; `limit` long at most. */
  items: SellingItem[];
  combos: SellingItem[];
};

export type OrderFigures = { dine_in: number; takeaway: number; pos: number; app: number; total: number };
export type Orders = {
  window: AnalyticsWindow;
  series: (Bucket & OrderFigures)[];
  totals: OrderFigures;
  previous_totals: OrderFigures;
  today: OrderFigures;
};

export type RosterFigures = {
  assigned_hours: number;
  actual_hours: number;
  labour_cost: number;
  /** Attended / rostered shifts, %. */
  attendance: number;
  revenue: number;
  /** Revenue per actual labour hour. */
  revenue_per_labour_hour: number;
};
export type StaffProductivity = {
  person_id: number;
  name: string;
  restaurant: string;
  assigned_hours: number;
  actual_hours: number;
  /** Actual as % of assigned, one decimal. */
  percent: number;
};
export type Roster = {
  window: AnalyticsWindow;
  series: (Bucket & RosterFigures)[];
  totals: RosterFigures;
  previous_totals: RosterFigures;
  /** The `limit` people with most actual hours in the window, most first (ties by name). */
  staff: StaffProductivity[];
  /** How many people had a shift in the window. */
  staff_count: number;
};

export type ProcurementFigures = { spend: number; quantity: number; suppliers: number; average_per_supplier: number };
export type Procurement = {
  window: AnalyticsWindow;
  series: (Bucket & { spend: number })[];
  totals: ProcurementFigures;
  previous_totals: ProcurementFigures;
  /** All ten procurement categories (docs/product.md#metrics), by spend, most first. */
  categories: { category: string; quantity: number; spend: number }[];
  suppliers: { id: number; name: string; quantity: number; spend: number }[];
};

export type AnalyticsData = {
  headcounts: Headcounts;
  revenues: Revenues;
  'best-sellers': BestSellers;
  orders: Orders;
  roster: Roster;
  procurement: Procurement;
};

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isCalendarDay, 'is not a real calendar date');

const dayNumber = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000;

/** The query string of every analytics call. */
export const analyticsQuery = z
  .object({
    period: z.enum([...GROUPINGS, ...RANGES], { error: `must be one of ${[...GROUPINGS, ...RANGES].join(', ')}` }).default(DEFAULT_RANGE),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
    limit: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_BEST_SELLERS_LIMIT, `must be at most ${MAX_BEST_SELLERS_LIMIT}`)
      .default(DEFAULT_BEST_SELLERS_LIMIT),
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.start_date === undefined) !== (q.end_date === undefined)) {
      const missing = q.start_date === undefined ? 'start_date' : 'end_date';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'start_date and end_date go together' });
      return;
    }
    if (q.start_date && q.end_date) {
      const days = dayNumber(q.end_date) - dayNumber(q.start_date) + 1;
      if (days < 1) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must not be before start_date' });
      else if (days > MAX_WINDOW_DAYS)
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: `the window may span at most ${MAX_WINDOW_DAYS} days` });
    }
  });
export type ParsedAnalyticsQuery = z.infer<typeof analyticsQuery>;
