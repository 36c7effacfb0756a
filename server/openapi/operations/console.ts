import * as z from 'zod';
import { ANALYTICS_KINDS, analyticsQuery, type AnalyticsKind } from '@contract/analytics.contract.js';
import { forgotPasswordInput, loginInput, resetPasswordInput } from '@contract/auth.contract.js';
import { EXPORT_FORMATS } from '@contract/page-reports.contract.js';
import { updateProfileInput } from '@contract/profile.contract.js';
import * as data from '../responses.js';
import { ANALYTICS_DATA } from '../components.js';
import { op, pascal, type Operation } from '../operation-model.js';

// The console's own calls: service, sign-in, profile, analytics and the page reports.

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
    success: { data: data.connectivityCheck },
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
  'POST /franchise/login': op('Auth', {
    operationId: 'login',
    summary: 'Sign in',
    description:
      'Wrong password and unknown e-mail answer the same 401. Failed attempts are limited per e-mail and client (429 with Retry-After).',
    auth: 'public',
    body: loginInput,
    success: { data: data.tokenResponse },
    errors: [429],
  }),
  'POST /franchise/logout': op('Auth', {
    operationId: 'logout',
    summary: 'Sign out: revokes this token and every token refreshed from the same sign-in',
    description: 'Accepted expired while within the refresh window of the first sign-in.',
    auth: 'bearer-or-expired',
    success: { data: z.null() },
  }),
  'POST /franchise/refresh': op('Auth', {
    operationId: 'refresh',
    summary: 'A new token for the current one, which is revoked',
    description:
      'Accepted expired while within the refresh window of the first sign-in. Presenting a rotated token again revokes the whole sign-in.',
    auth: 'bearer-or-expired',
    success: { data: data.tokenResponse },
  }),
  'GET /franchise/test': op('Service', {
    operationId: 'testConnection',
    summary: 'Connectivity check through the database',
    auth: 'public',
    success: { data: data.connectivityCheck },
  }),
  'POST /franchise/password/forgot': op('Auth', {
    operationId: 'forgotPassword',
    summary: 'Mail a password reset link',
    description: 'Always the same answer, whether or not the address has an account.',
    auth: 'public',
    body: forgotPasswordInput,
    success: { data: z.null() },
    errors: [429],
  }),
  'POST /franchise/password/reset': op('Auth', {
    operationId: 'resetPassword',
    summary: 'Set a new password with a reset link’s token',
    description: '400 for an invalid, used or expired link. Revokes every older token of the account.',
    auth: 'public',
    body: resetPasswordInput,
    success: { data: z.null() },
    errors: [429],
  }),
  'GET /franchise/profile': op('Profile', {
    operationId: 'getProfile',
    summary: 'The signed-in user',
    auth: 'bearer',
    success: { data: data.profileRead },
  }),
  'PUT /franchise/profile': op('Profile', {
    operationId: 'updateProfile',
    summary: 'Save the profile, optionally changing the password',
    description:
      'Names the `version` it read (409 when stale). A password change needs `current_password` (wrong ones count against the sign-in limit: 429), signs every other session out and answers a new token.',
    auth: 'bearer',
    body: updateProfileInput,
    success: { data: data.profileSaved },
    errors: [409, 429],
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
