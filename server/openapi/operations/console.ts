import * as z from 'zod';
import { ANALYTICS_KINDS, analyticsQuery, type AnalyticsKind } from '@contract/analytics.contract.js';
import { EXPORT_FORMATS } from '@contract/page-reports.contract.js';
import { connectivityCheck } from '@contract/api/auth.calls.js';
import * as data from '../responses.js';
import { ANALYTICS_DATA } from '../components.js';
import { op, pascal, type Operation } from '../operation-model.js';

// The console's own calls not yet in contract/api: service, analytics and the page reports.

const ANALYTICS_SUMMARIES: Record<AnalyticsKind, string> = {
  headcounts: 'Guests, recurrent and new',
  revenues: 'Revenue, AOV, ATV and the branches by revenue',
  'best-sellers': 'Best-selling items and combos',
  orders: 'Orders by channel and source',
  roster: 'Hours, labour cost, attendance and staff productivity',
  procurement: 'Spend by category and supplier',
};

const analyticsOperations = Object.fromEntries(
  ANALYTICS_KINDS.flatMap((kind) => {
    const about = { auth: 'bearer' as const, query: analyticsQuery, success: { data: ANALYTICS_DATA[kind] } };
    return [
      [
        `GET /franchise/analytics/${kind}`,
        op('Analytics', { ...about, operationId: `get${pascal(kind)}`, summary: `${ANALYTICS_SUMMARIES[kind]}: all branches` }),
      ],
      [
        `GET /franchise/restaurants/{id}/analytics/${kind}`,
        op('Analytics', { ...about, operationId: `getRestaurant${pascal(kind)}`, summary: `${ANALYTICS_SUMMARIES[kind]}: one restaurant` }),
      ],
    ];
  }),
);

/** An export's query: the analytics query and the file's format (as the export call validates it). */
const exportQuery = analyticsQuery.safeExtend({ format: z.enum(EXPORT_FORMATS) });
const exportFiles = { 'text/csv': z.string(), 'application/pdf': null };

export const CONSOLE_OPERATIONS: Record<string, Operation> = {
  'GET /health': op('Service', {
    operationId: 'getHealth',
    summary: 'Liveness, without the database',
    auth: 'public',
    success: { data: connectivityCheck },
    withoutDatabase: true,
  }),
  'GET /openapi.json': op('Service', {
    operationId: 'getOpenApi',
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the zod schemas the server validates with and the routes it registers.',
    auth: 'public',
    success: { document: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
    withoutDatabase: true,
  }),
  ...analyticsOperations,
  'GET /franchise/analytics/pages/{page}': op('Reports', {
    operationId: 'getPageReport',
    summary: 'An analytics page’s report for all branches',
    auth: 'bearer',
    query: analyticsQuery,
    success: { data: data.pageReport },
  }),
  'GET /franchise/restaurants/{id}/analytics/pages/{page}': op('Reports', {
    operationId: 'getRestaurantPageReport',
    summary: 'An analytics page’s report for one restaurant',
    auth: 'bearer',
    query: analyticsQuery,
    success: { data: data.pageReport },
  }),
  'GET /franchise/analytics/pages/{page}/export': op('Reports', {
    operationId: 'exportPageReport',
    summary: 'An analytics page’s report for all branches as a CSV or PDF file',
    auth: 'bearer',
    query: exportQuery,
    success: { files: exportFiles },
    errors: [429],
  }),
  'GET /franchise/restaurants/{id}/analytics/pages/{page}/export': op('Reports', {
    operationId: 'exportRestaurantPageReport',
    summary: 'An analytics page’s report for one restaurant as a CSV or PDF file',
    auth: 'bearer',
    query: exportQuery,
    success: { files: exportFiles },
    errors: [429],
  }),
};
