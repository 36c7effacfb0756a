import * as z from 'zod';
import { analyticsQuery, type AnalyticsKind } from '../analytics.contract.js';
import { EXPORT_FORMATS } from '../page-reports.contract.js';
import {
  bestSellers,
  costs,
  headcounts,
  hoursOfDay,
  loss,
  menuEngineering,
  orders,
  pageReport,
  procurement,
  revenues,
  roster,
} from './analytics-answers.js';
import { defineCalls } from './call.js';

export const ANALYTICS_ANSWERS = {
  headcounts,
  revenues,
  'best-sellers': bestSellers,
  orders,
  roster,
  procurement,
  loss,
  hours: hoursOfDay,
  costs,
  'menu-engineering': menuEngineering,
} as const satisfies Record<AnalyticsKind, z.ZodType>;

const SUMMARIES: Record<AnalyticsKind, string> = {
  headcounts: 'Guests, recurrent and new',
  revenues: 'Revenue, AOV, ATV and the branches by revenue',
  'best-sellers': 'Best-selling items and combos',
  orders: 'Orders by channel and source',
  roster: 'Hours, labour cost, attendance and staff productivity',
  procurement: 'Spend by category and supplier',
  loss: 'Voids, discounts, refunds and tips against gross sales',
  hours: 'Orders and revenue by weekday and local hour',
  costs: 'Food, labour and prime cost and purchases against revenue',
  'menu-engineering': 'Each costed dish’s popularity and margin, classed star, plowhorse, puzzle or dog',
};

const pascal = (kebab: string) => kebab.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());

const RESTAURANT_NOT_FOUND = 'Restaurant not found';

/** An analytics answer: `what` it tells, for every branch the member reaches or, `perRestaurant`, for one. */
export const answerCall = <S extends z.ZodType>(operation: string, what: string, answer: S, perRestaurant: boolean) => ({
  operationId: `get${perRestaurant ? 'Restaurant' : ''}${operation}`,
  summary: `${what}: ${perRestaurant ? 'one restaurant' : 'all branches'}`,
  tag: 'Analytics' as const,
  access: 'member-or-read-key' as const,
  query: analyticsQuery,
  ...(perRestaurant ? { notFound: RESTAURANT_NOT_FOUND } : {}),
  success: { data: answer },
});

/** An analytics call of `kind`. */
const analyticsCall = <K extends AnalyticsKind>(kind: K, perRestaurant: boolean) =>
  answerCall(pascal(kind), SUMMARIES[kind], ANALYTICS_ANSWERS[kind], perRestaurant);

/** An export's query: the analytics query and the file's format. */
export const exportQuery = analyticsQuery.safeExtend({
  format: z.enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(', ')}` }),
});

/** A page as a CSV or PDF file, made by the page exports' code (members only: files are not for read keys). */
export const fileCall = (operation: string, what: string, description: string | undefined, perRestaurant: boolean) => ({
  operationId: `export${perRestaurant ? 'Restaurant' : ''}${operation}`,
  summary: `${what} for ${perRestaurant ? 'one restaurant' : 'all branches'} as a CSV or PDF file`,
  ...(description ? { description } : {}),
  tag: 'Reports' as const,
  access: 'member' as const,
  query: exportQuery,
  ...(perRestaurant ? { notFound: RESTAURANT_NOT_FOUND } : {}),
  success: { files: { 'text/csv': z.string(), 'application/pdf': null } },
  errors: [429 as const],
});

const pageCall = (perRestaurant: boolean) => ({
  operationId: `get${perRestaurant ? 'Restaurant' : ''}PageReport`,
  summary: `An analytics page’s report for ${perRestaurant ? 'one restaurant' : 'all branches'}`,
  tag: 'Reports' as const,
  access: 'member-or-read-key' as const,
  query: analyticsQuery,
  ...(perRestaurant ? { notFound: RESTAURANT_NOT_FOUND } : {}),
  success: { data: pageReport },
});

/**
 * The dashboard's figures by kind (docs/product.md, Analytics), from the daily rollups; a manager's
 * "all branches" are their branches. Checked in this order: the token (401), the restaurant (404,
 * also for one the member does not reach), the query (422).
 */
export const ANALYTICS_CALLS = defineCalls({
  'GET /franchise/analytics/headcounts': analyticsCall('headcounts', false),
  'GET /franchise/restaurants/{id}/analytics/headcounts': analyticsCall('headcounts', true),
  'GET /franchise/analytics/revenues': analyticsCall('revenues', false),
  'GET /franchise/restaurants/{id}/analytics/revenues': analyticsCall('revenues', true),
  'GET /franchise/analytics/best-sellers': analyticsCall('best-sellers', false),
  'GET /franchise/restaurants/{id}/analytics/best-sellers': analyticsCall('best-sellers', true),
  'GET /franchise/analytics/orders': analyticsCall('orders', false),
  'GET /franchise/restaurants/{id}/analytics/orders': analyticsCall('orders', true),
  'GET /franchise/analytics/roster': analyticsCall('roster', false),
  'GET /franchise/restaurants/{id}/analytics/roster': analyticsCall('roster', true),
  'GET /franchise/analytics/procurement': analyticsCall('procurement', false),
  'GET /franchise/restaurants/{id}/analytics/procurement': analyticsCall('procurement', true),
  'GET /franchise/analytics/loss': analyticsCall('loss', false),
  'GET /franchise/restaurants/{id}/analytics/loss': analyticsCall('loss', true),
  'GET /franchise/analytics/hours': analyticsCall('hours', false),
  'GET /franchise/restaurants/{id}/analytics/hours': analyticsCall('hours', true),
  'GET /franchise/analytics/costs': analyticsCall('costs', false),
  'GET /franchise/restaurants/{id}/analytics/costs': analyticsCall('costs', true),
  'GET /franchise/analytics/menu-engineering': analyticsCall('menu-engineering', false),
  'GET /franchise/restaurants/{id}/analytics/menu-engineering': analyticsCall('menu-engineering', true),
});

/**
 * The analytics pages as reports (cards, tables with totals, the chart's recipe) and as CSV or PDF
 * files made from the same report. Checked as the analytics calls, with the page (404) before the query.
 */
export const PAGE_REPORT_CALLS = defineCalls({
  'GET /franchise/analytics/pages/{page}': pageCall(false),
  'GET /franchise/restaurants/{id}/analytics/pages/{page}': pageCall(true),
  'GET /franchise/analytics/pages/{page}/export': fileCall('PageReport', 'An analytics page’s report', undefined, false),
  'GET /franchise/restaurants/{id}/analytics/pages/{page}/export': fileCall('PageReport', 'An analytics page’s report', undefined, true),
});
