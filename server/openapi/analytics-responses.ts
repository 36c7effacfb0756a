import * as z from 'zod';
import type { AnalyticsWindow, BestSellers, Headcounts, Orders, Procurement, Revenues, Roster } from '@contract/analytics.contract.js';
import { GROUPINGS } from '@contract/analytics.contract.js';
import { MENUS, PURCHASE_CATEGORIES } from '@contract/ingest.contract.js';
import { ANALYTICS_PAGES, type PageReport } from '@contract/page-reports.contract.js';
import { exactly, id, instant, calendarDay, dollars, hours, percent } from '@contract/api/primitives.js';

// The analytics answers and the page reports, as the analytics and page report calls return them.

export const analyticsWindow = exactly<AnalyticsWindow>()(
  z.object({
    start_date: calendarDay,
    end_date: calendarDay,
    days: z.int(),
    grouping: z.enum(GROUPINGS),
    time_zone: z.string(),
    previous: z.object({ start_date: calendarDay, end_date: calendarDay }).meta({ description: 'The window of equal length just before' }),
    today: calendarDay,
  }),
);

const bucket = {
  label: z.string().meta({ description: 'e.g. "Mon 16 Nov", "16–22 Nov", "Nov 2026"' }),
  start_date: calendarDay,
  end_date: calendarDay,
};
/** A series of buckets with `figures`, the window's totals, the previous window's, and optionally `today`'s. */
const series = <F extends z.ZodRawShape>(figures: F) => ({
  window: analyticsWindow,
  series: z.array(z.object({ ...bucket, ...figures })),
  totals: z.object(figures),
  previous_totals: z.object(figures),
});

const headcountFigures = { recurrent: z.int(), new: z.int(), total: z.int() };
export const headcounts = exactly<Headcounts>()(z.object({ ...series(headcountFigures), today: z.object(headcountFigures) }));

const revenueFigures = {
  revenue: dollars,
  dine_in: dollars,
  takeaway: dollars,
  orders: z.int(),
  transactions: z.int(),
  aov: dollars,
  atv: dollars,
};
export const revenues = exactly<Revenues>()(
  z.object({
    ...series(revenueFigures),
    franchise_summary: z.object({
      total_revenue: dollars,
      total_orders: z.int(),
      average_revenue_per_restaurant: dollars,
      total_dine_in_revenue: dollars,
      total_takeaway_revenue: dollars,
    }),
    restaurants: z
      .array(z.object({ id, name: z.string(), location: z.string(), units: z.int(), revenue: dollars }))
      .meta({ description: 'Lowest revenue first' }),
  }),
);

const sellingItem = z.object({
  sku: z.string(),
  name: z.string(),
  menu: z.enum(MENUS),
  is_combo: z.boolean(),
  units: z.int(),
  revenue: dollars,
});
export const bestSellers = exactly<BestSellers>()(
  z.object({ window: analyticsWindow, items: z.array(sellingItem), combos: z.array(sellingItem) }),
);

const orderFigures = { dine_in: z.int(), takeaway: z.int(), pos: z.int(), app: z.int(), total: z.int() };
export const orders = exactly<Orders>()(z.object({ ...series(orderFigures), today: z.object(orderFigures) }));

export const roster = exactly<Roster>()(
  z.object({
    ...series({
      assigned_hours: hours,
      actual_hours: hours,
      labour_cost: dollars,
      attendance: percent,
      revenue: dollars,
      revenue_per_labour_hour: dollars,
    }),
    staff: z
      .array(z.object({ person_id: id, name: z.string(), restaurant: z.string(), assigned_hours: hours, actual_hours: hours, percent }))
      .meta({ description: 'The `limit` people with most actual hours, most first' }),
    staff_count: z.int().meta({ description: 'How many people had a shift in the window' }),
  }),
);

const procurementFigures = z.object({ spend: dollars, quantity: z.int(), suppliers: z.int(), average_per_supplier: dollars });
export const procurement = exactly<Procurement>()(
  z.object({
    window: analyticsWindow,
    series: z.array(z.object({ ...bucket, spend: dollars })),
    totals: procurementFigures,
    previous_totals: procurementFigures,
    categories: z
      .array(z.object({ category: z.string(), quantity: z.int(), spend: dollars }))
      .meta({ description: `All of ${PURCHASE_CATEGORIES.join(', ')}; most spent first` }),
    suppliers: z.array(z.object({ id, name: z.string(), quantity: z.int(), spend: dollars })),
  }),
);

const cellUnit = z.enum(['text', 'count', 'money', 'percent', 'change', 'hours', 'money_per_hour']);
const reportRow = z.object({
  cells: z.array(z.union([z.string(), z.number(), z.null()])).meta({ description: 'In column order; null where a figure is undefined' }),
  restaurant_id: id.optional(),
});
export const pageReport = exactly<PageReport>()(
  z.object({
    page: z.enum(ANALYTICS_PAGES),
    title: z.string(),
    franchise: z.object({ id, name: z.string() }),
    branch: z.object({ id, name: z.string(), location: z.string() }).nullable().meta({ description: 'null: all branches' }),
    window: analyticsWindow,
    range_label: z.string(),
    compared_with: z.string(),
    generated_at: instant,
    cards: z.array(
      z.object({
        id: z.string(),
        label: z.string(),
        unit: cellUnit,
        value: z.number(),
        previous: z.number().nullable(),
        lower_is_better: z.boolean().optional(),
      }),
    ),
    tables: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        columns: z.array(z.object({ key: z.string(), label: z.string(), unit: cellUnit })),
        rows: z.array(reportRow),
        total: reportRow.nullable(),
        empty_text: z.string(),
      }),
    ),
    chart: z.object({
      title: z.string(),
      type: z.enum(['line', 'bar']),
      table: z.string(),
      category: z.string(),
      series: z.array(z.string()),
    }),
  }),
);
