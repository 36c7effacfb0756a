import * as z from 'zod';
import { COMPARISONS, MAX_WINDOW_DAYS, windowProblem, type Comparison } from './analytics-window.js';
import { isCalendarDay } from './calendar-day.js';

/**
 * Inputs of the analytics calls (docs/api.md#analytics-api) and their answers' types, inferred from the
 * answers' schemas (contract/api/analytics-answers.ts). The server validates queries with the schema;
 * the client imports the types. Dates are 'YYYY-MM-DD' calendar days in the franchise's time zone, inclusive.
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
export { MAX_WINDOW_DAYS };
const WINDOW_PROBLEMS = { reversed: 'must not be before start_date', too_long: `the window may span at most ${MAX_WINDOW_DAYS} days` };

export const ANALYTICS_KINDS = [
  'headcounts',
  'revenues',
  'best-sellers',
  'orders',
  'roster',
  'procurement',
  'loss',
  'hours',
  'costs',
  'menu-engineering',
] as const;
export type AnalyticsKind = (typeof ANALYTICS_KINDS)[number];

export type AnalyticsQuery = {
  period?: Grouping | Range;
  start_date?: string;
  end_date?: string;
  limit?: number;
  compare?: Comparison;
  like_for_like?: boolean;
};

export type {
  AnalyticsWindow,
  Bucket,
  BestSellers,
  CostFigures,
  Costs,
  EngineeredItem,
  FranchiseSummary,
  HeadcountFigures,
  Headcounts,
  Hours,
  HoursCell,
  Loss,
  LossFigures,
  MenuClass,
  MenuEngineering,
  MenuName,
  OrderFigures,
  Orders,
  Procurement,
  ProcurementFigures,
  RevenueFigures,
  Revenues,
  Roster,
  RosterFigures,
  SellingItem,
  StaffProductivity,
} from './api/analytics-answers.js';
import type {
  BestSellers,
  Costs,
  Headcounts,
  Hours,
  Loss,
  MenuEngineering,
  Orders,
  Procurement,
  Revenues,
  Roster,
} from './api/analytics-answers.js';

export type AnalyticsData = {
  headcounts: Headcounts;
  revenues: Revenues;
  'best-sellers': BestSellers;
  orders: Orders;
  roster: Roster;
  procurement: Procurement;
  loss: Loss;
  hours: Hours;
  costs: Costs;
  'menu-engineering': MenuEngineering;
};

/** The parts of the day (docs/product.md#hours): each takes the local hours from `from` up to, not including, `to`; late wraps past midnight. */
export const DAYPARTS = [
  { id: 'breakfast', label: 'Breakfast', from: 6, to: 11 },
  { id: 'lunch', label: 'Lunch', from: 11, to: 14 },
  { id: 'afternoon', label: 'Afternoon', from: 14, to: 17 },
  { id: 'dinner', label: 'Dinner', from: 17, to: 21 },
  { id: 'late', label: 'Late', from: 21, to: 6 },
] as const;
export type Daypart = (typeof DAYPARTS)[number];

/** The daypart a local hour (0–23) belongs to. */
export const daypartOf = (hour: number): Daypart =>
  DAYPARTS.find((d) => (d.from < d.to ? hour >= d.from && hour < d.to : hour >= d.from || hour < d.to))!;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine(isCalendarDay, 'is not a real calendar date');

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
    // What the change is measured against, and whether both windows count only the comparable branches (docs/product.md#comparisons).
    compare: z.enum(COMPARISONS, { error: `must be one of ${COMPARISONS.join(', ')}` }).default('previous'),
    like_for_like: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true'),
  })
  .strict()
  .superRefine((q, ctx) => {
    if ((q.start_date === undefined) !== (q.end_date === undefined)) {
      const missing = q.start_date === undefined ? 'start_date' : 'end_date';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'start_date and end_date go together' });
      return;
    }
    const problem = q.start_date && q.end_date ? windowProblem(q.start_date, q.end_date) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['end_date'], message: WINDOW_PROBLEMS[problem] });
  });
export type ParsedAnalyticsQuery = z.infer<typeof analyticsQuery>;
