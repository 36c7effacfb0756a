import * as z from 'zod';
import {
  ALERTS_PAGE_SIZE,
  alertsQuery,
  createAlertRuleInput,
  MAX_ALERT_RECIPIENTS,
  MAX_ALERT_RULES,
  updateAlertRuleInput,
} from '@contract/alerts.contract.js';
import { ACTIVITY_EXPORT_MAX_ROWS, ACTIVITY_PAGE_SIZE, ACTIVITY_RETENTION_DAYS, activityQuery } from '@contract/activity.contract.js';
import { ANALYTICS_KINDS, analyticsQuery, type AnalyticsKind } from '@contract/analytics.contract.js';
import { createApiKeyInput } from '@contract/api-keys.contract.js';
import { forgotPasswordInput, loginInput, resetPasswordInput } from '@contract/auth.contract.js';
import {
  INGEST_KINDS,
  MAX_RECORDS_PER_CALL,
  menuItemRecord,
  menuItemsBody,
  orderLine,
  orderRecord,
  ordersBody,
  payment,
  purchaseRecord,
  purchasesBody,
  recordKey,
  removalBody,
  shiftRecord,
  shiftsBody,
} from '@contract/ingest.contract.js';
import { ANALYTICS_PAGES, EXPORT_FORMATS } from '@contract/page-reports.contract.js';
import { createPersonInput, updatePersonInput } from '@contract/people.contract.js';
import { updateProfileInput } from '@contract/profile.contract.js';
import { createRestaurantInput, updateRestaurantInput } from '@contract/restaurants.contract.js';
import { createSubscriptionInput, MAX_SUBSCRIPTIONS_PER_MEMBER, unsubscribeQuery } from '@contract/report-subscriptions.contract.js';
import { INVITATION_TTL_DAYS, inviteMemberInput, updateMemberInput } from '@contract/team.contract.js';
import * as data from './responses.js';

/**
 * What the OpenAPI document says about each call, keyed by "METHOD /path" as the app registers it
 * under /api/v1 (`{name}` for a path parameter). Shapes are only ever the contract's zod schemas
 * (contract/) or the answer schemas of responses.ts; openapi.ts turns them into JSON Schema.
 * A route registered without an entry here makes the document fail to build.
 */

/** `bearer`: a console access token; `bearer-or-expired`: one also accepted expired, inside the refresh window; `api-key`: an Integrations key. */
export type Auth = 'public' | 'bearer' | 'bearer-or-expired' | 'api-key';

/** Failures an entry names beyond those its auth, body, query and path parameters imply. */
export type ExtraError = 400 | 403 | 404 | 409 | 429;

export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  auth: Auth;
  /** The JSON body the handler validates. */
  body?: z.ZodType;
  /** The query the handler validates: one parameter per property. */
  query?: z.ZodObject;
  /** A success's status when not 200. */
  status?: 201;
  /** `data` of the success envelope; `files`: the answer is a file (media type → its schema, null for binary); `document`: JSON without the envelope. */
  success: { data: z.ZodType } | { files: Record<string, z.ZodType | null> } | { document: z.ZodType };
  errors?: ExtraError[];
  /** The call never reads the database (so no 503). */
  withoutDatabase?: true;
};

export const TAGS = {
  Auth: 'Sign-in, tokens and password reset',
  Profile: 'The signed-in user',
  People: 'Users and staff of the franchise',
  Restaurants: 'The franchise’s restaurants',
  Analytics: 'Figures of the dashboard and the analytics pages, from daily rollups',
  Reports: 'The analytics pages as reports, and as CSV or PDF files',
  Integrations: 'API keys for the ingest calls',
  Team: 'Members who sign in to the console: owners (every branch) and managers (their branches); owners only',
  Ingest: 'Trade sent by a POS, roster or supplier system with an API key; the console’s CSV import sends the same bodies',
  Service: 'Liveness and this document',
  Activity: 'Who changed what and when, owners only',
  Alerts: 'Owners’ alert rules on the daily figures, and the alerts they raise for the members they name',
} as const;
type Tag = keyof typeof TAGS;

/** Path parameters by name, wherever they occur. */
export const PATH_PARAMETERS: Record<string, { schema: z.ZodType; description: string }> = {
  id: { schema: z.int().min(1).max(2_147_483_647), description: 'The record’s id; one not of the caller’s franchise is 404' },
  page: { schema: z.enum(ANALYTICS_PAGES), description: 'The analytics page' },
  kind: { schema: z.enum(INGEST_KINDS), description: 'What the file held: the body is that ingest call’s' },
};

/** What a query parameter means, by name (its schema comes from the call's query). */
export const QUERY_PARAMETERS: Record<string, string> = {
  period: 'A range ending yesterday (7days, 14days: by day; 1month: by week; 3months: by month), or a grouping alone',
  start_date: 'With end_date: exactly these days (YYYY-MM-DD, inclusive, at most 400), grouped by `period` if it is a grouping',
  end_date: 'With start_date, not before it',
  limit: 'Best sellers per list (rows of the Top Selling tables)',
  format: 'The file’s format',
  page: `The page, from 1, of ${ACTIVITY_PAGE_SIZE} entries (activity) or ${ALERTS_PAGE_SIZE} alerts, newest first`,
  status: 'unread: only the alerts not acknowledged yet; all: every one',
  user_id: 'Only the changes this member made',
  entity: 'Only entries about this kind of record',
  from: 'The first day (YYYY-MM-DD, inclusive) in the franchise’s time zone',
  to: 'The last day (YYYY-MM-DD, inclusive) in the franchise’s time zone, not before `from`',
  token: 'The token of a report mail’s unsubscribe link',
};

/** Named request schemas: `#/components/schemas/<name>`, referenced wherever they occur. */
export const REQUEST_COMPONENTS: Record<string, z.ZodType> = {
  LoginInput: loginInput,
  ForgotPasswordInput: forgotPasswordInput,
  ResetPasswordInput: resetPasswordInput,
  UpdateProfileInput: updateProfileInput,
  CreatePersonInput: createPersonInput,
  UpdatePersonInput: updatePersonInput,
  CreateRestaurantInput: createRestaurantInput,
  UpdateRestaurantInput: updateRestaurantInput,
  CreateApiKeyInput: createApiKeyInput,
  InviteMemberInput: inviteMemberInput,
  UpdateMemberInput: updateMemberInput,
  CreateSubscriptionInput: createSubscriptionInput,
  CreateAlertRuleInput: createAlertRuleInput,
  UpdateAlertRuleInput: updateAlertRuleInput,
  MenuItemsBody: menuItemsBody,
  OrdersBody: ordersBody,
  ShiftsBody: shiftsBody,
  PurchasesBody: purchasesBody,
  RemovalBody: removalBody,
  MenuItemRecord: menuItemRecord,
  OrderRecord: orderRecord,
  OrderLine: orderLine,
  Payment: payment,
  ShiftRecord: shiftRecord,
  PurchaseRecord: purchaseRecord,
  RecordKey: recordKey,
};

const ANALYTICS_DATA = {
  headcounts: data.headcounts,
  revenues: data.revenues,
  'best-sellers': data.bestSellers,
  orders: data.orders,
  roster: data.roster,
  procurement: data.procurement,
} satisfies Record<AnalyticsKind, z.ZodType>;

/** Named answer schemas, likewise. */
export const RESPONSE_COMPONENTS: Record<string, z.ZodType> = {
  ErrorEnvelope: data.errorEnvelope,
  ConnectivityCheck: data.connectivityCheck,
  FranchiseUser: data.franchiseUser,
  TokenResponse: data.tokenResponse,
  Profile: data.profile,
  ProfileSaved: data.profileSaved,
  Restaurant: data.restaurant,
  RestaurantDetail: data.restaurantDetail,
  Person: data.person,
  Member: data.member,
  ReportSubscription: data.reportSubscription,
  UnsubscribeTarget: data.unsubscribeTarget,
  AlertRule: data.alertRule,
  Alert: data.alert,
  AlertsPage: data.alertsPage,
  UnreadAlerts: data.unreadAlerts,
  ApiKey: data.apiKey,
  CreatedApiKey: data.createdApiKey,
  KeyRestaurant: data.keyRestaurant,
  IngestResult: data.ingestResult,
  RemovalResult: data.removalResult,
  AnalyticsWindow: data.analyticsWindow,
  HeadcountAnalytics: data.headcounts,
  RevenueAnalytics: data.revenues,
  BestSellerAnalytics: data.bestSellers,
  OrderAnalytics: data.orders,
  RosterAnalytics: data.roster,
  ProcurementAnalytics: data.procurement,
  PageReport: data.pageReport,
  ActivityItem: data.activityItem,
  ActivityPage: data.activityPage,
  ActivityMember: data.activityMember,
};

const op = (tag: Tag, operation: Omit<Operation, 'tag'>): Operation => ({ tag, ...operation });

const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (kebab: string) => camel(kebab).replace(/^\w/, (c) => c.toUpperCase());

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

const OWNERS_ONLY = 'Owners only: to a manager the call does not exist (404).';

const INGEST_LIMITS = `At most ${MAX_RECORDS_PER_CALL} records a call, bodies up to 8 MiB. A call is one transaction: any invalid record makes it 422 with every problem keyed by its path (\`orders[3].lines[0].sku\`), and nothing is written. A record is identified by (restaurant_id, external_id); sending it again replaces it, sending it unchanged changes nothing.`;

const ingest = (operationId: string, summary: string, body: z.ZodType, extra: Partial<Operation> = {}): Operation =>
  op('Ingest', {
    operationId,
    summary,
    description: INGEST_LIMITS,
    auth: 'api-key',
    body,
    success: { data: data.ingestResult },
    errors: [429],
    ...extra,
  });

const removal = (kind: 'shifts' | 'purchases') =>
  ingest(`remove${pascal(kind)}`, `Remove ${kind} sent by mistake`, removalBody, {
    description: `Removes each listed record of the caller's; one never sent, or already removed, is skipped. At most ${MAX_RECORDS_PER_CALL} records a call.`,
    success: { data: data.removalResult },
  });

export const OPERATIONS: Record<string, Operation> = {
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
  'GET /franchise/people': op('People', {
    operationId: 'listPeople',
    summary: 'The franchise’s users and staff',
    description: 'A manager’s: the people of their branches; anyone else is 404 to them.',
    auth: 'bearer',
    success: { data: z.array(data.person) },
  }),
  'POST /franchise/people': op('People', {
    operationId: 'createPerson',
    summary: 'Add a user or staff member',
    auth: 'bearer',
    body: createPersonInput,
    status: 201,
    success: { data: data.person },
    errors: [429],
  }),
  'GET /franchise/people/{id}': op('People', {
    operationId: 'getPerson',
    summary: 'One person',
    auth: 'bearer',
    success: { data: data.person },
  }),
  'PUT /franchise/people/{id}': op('People', {
    operationId: 'updatePerson',
    summary: 'Save a person',
    description: 'Names the `version` it read (409 when stale). A new password counts against the per-user cap on password hashes (429).',
    auth: 'bearer',
    body: updatePersonInput,
    success: { data: data.person },
    errors: [409, 429],
  }),
  'DELETE /franchise/people/{id}': op('People', {
    operationId: 'deletePerson',
    summary: 'Delete a person (their past shifts still count)',
    auth: 'bearer',
    success: { data: z.null() },
  }),
  'GET /franchise/restaurants': op('Restaurants', {
    operationId: 'listRestaurants',
    summary: 'The franchise’s restaurants, by name',
    description: 'A manager’s: their branches; any other is 404 to them.',
    auth: 'bearer',
    success: { data: z.array(data.restaurant) },
  }),
  'POST /franchise/restaurants': op('Restaurants', {
    operationId: 'createRestaurant',
    summary: 'Add a restaurant',
    description: 'Owners only (404 to a manager). The ABN must pass the ATO checksum and be unique within the franchise (422 on `abn_no`).',
    auth: 'bearer',
    body: createRestaurantInput,
    status: 201,
    success: { data: data.restaurantDetail },
    errors: [404],
  }),
  'GET /franchise/restaurants/{id}': op('Restaurants', {
    operationId: 'getRestaurant',
    summary: 'One restaurant, with the version a save names',
    auth: 'bearer',
    success: { data: data.restaurantDetail },
  }),
  'PUT /franchise/restaurants/{id}': op('Restaurants', {
    operationId: 'updateRestaurant',
    summary: 'Save a restaurant',
    description: 'Names the `version` it read (409 when stale); `abn_no` is read-only (a different value is 422).',
    auth: 'bearer',
    body: updateRestaurantInput,
    success: { data: data.restaurantDetail },
    errors: [409],
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
  'GET /franchise/api-keys': op('Integrations', {
    operationId: 'listApiKeys',
    summary: 'The franchise’s live API keys (never their secrets)',
    description: OWNERS_ONLY,
    auth: 'bearer',
    success: { data: z.array(data.apiKey) },
    errors: [404],
  }),
  'POST /franchise/api-keys': op('Integrations', {
    operationId: 'createApiKey',
    summary: 'Create an API key, for every branch (restaurant_id null) or one',
    description: `${OWNERS_ONLY} The answer holds the secret, the only time it is sent. Names are unique among live keys (422 on \`name\`).`,
    auth: 'bearer',
    body: createApiKeyInput,
    status: 201,
    success: { data: data.createdApiKey },
    errors: [404],
  }),
  'DELETE /franchise/api-keys/{id}': op('Integrations', {
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key: refused at once by every server',
    description: OWNERS_ONLY,
    auth: 'bearer',
    success: { data: z.null() },
  }),
  'GET /franchise/team': op('Team', {
    operationId: 'listMembers',
    summary: 'The franchise’s members, by name',
    description: 'Owners only: to a manager the team calls answer 404.',
    auth: 'bearer',
    success: { data: z.array(data.member) },
    errors: [404],
  }),
  'POST /franchise/team': op('Team', {
    operationId: 'inviteMember',
    summary: 'Invite a member: mails a link that sets their first password',
    description: `The link works once, for ${INVITATION_TTL_DAYS} days; until then the member is invited and cannot sign in. A manager needs one or more of the franchise’s restaurants (422 on \`restaurant_ids\`); an owner’s list is ignored. An address any sign-in uses is refused (422 on \`email\`).`,
    auth: 'bearer',
    body: inviteMemberInput,
    status: 201,
    success: { data: data.member },
    errors: [404],
  }),
  'PUT /franchise/team/{id}': op('Team', {
    operationId: 'updateMember',
    summary: 'Change a member’s name, role or branches',
    description:
      'Names the `version` it read (409 when stale). The last owner cannot be made a manager, nor anyone themselves (409). Applies at the member’s next request.',
    auth: 'bearer',
    body: updateMemberInput,
    success: { data: data.member },
    errors: [409],
  }),
  'DELETE /franchise/team/{id}': op('Team', {
    operationId: 'removeMember',
    summary: 'Remove a member: their next request is refused',
    description: 'The last owner cannot be removed, nor anyone themselves (409).',
    auth: 'bearer',
    success: { data: z.null() },
    errors: [409],
  }),
  'POST /franchise/team/{id}/invitation': op('Team', {
    operationId: 'resendInvitation',
    summary: 'Mail an invited member a new link, voiding the one sent before',
    description: '409 for a member who has already set a password.',
    auth: 'bearer',
    success: { data: data.member },
    errors: [409],
  }),
  'GET /franchise/report-subscriptions': op('Reports', {
    operationId: 'listReportSubscriptions',
    summary: 'The signed-in member’s scheduled report mails',
    auth: 'bearer',
    success: { data: z.array(data.reportSubscription) },
  }),
  'POST /franchise/report-subscriptions': op('Reports', {
    operationId: 'createReportSubscription',
    summary: 'Mail a page’s report daily, or weekly on a weekday, at an hour of the franchise’s clock',
    description: `Any member; a mail covers the member’s branches. A weekly report needs a weekday, a daily one none (422 on \`weekday\`). At most ${MAX_SUBSCRIPTIONS_PER_MEMBER} per member (409).`,
    auth: 'bearer',
    body: createSubscriptionInput,
    status: 201,
    success: { data: data.reportSubscription },
    errors: [409],
  }),
  'DELETE /franchise/report-subscriptions/{id}': op('Reports', {
    operationId: 'deleteReportSubscription',
    summary: 'Stop a scheduled report mail',
    description: 'Another member’s subscription is 404.',
    auth: 'bearer',
    success: { data: z.null() },
  }),
  'POST /franchise/report-subscriptions/{id}/send': op('Reports', {
    operationId: 'sendReportSubscription',
    summary: 'Mail the report now: key figures against the previous window, and the page’s PDF',
    description: 'A few mails per member in 15 minutes (429 with Retry-After).',
    auth: 'bearer',
    success: { data: z.null() },
    errors: [429],
  }),
  'GET /unsubscribe': op('Reports', {
    operationId: 'describeUnsubscribe',
    summary: 'What a report mail’s unsubscribe link stops; unsubscribes nobody (mail scanners follow links)',
    description: 'An unknown or used token is 404.',
    auth: 'public',
    query: unsubscribeQuery,
    success: { data: data.unsubscribeTarget },
  }),
  'POST /unsubscribe': op('Reports', {
    operationId: 'unsubscribe',
    summary: 'One-click unsubscribe (RFC 8058): deletes the report subscription the token names',
    description: 'Mail clients send the body `List-Unsubscribe=One-Click`. An unknown or used token is 404.',
    auth: 'public',
    query: unsubscribeQuery,
    success: { data: data.unsubscribeTarget },
  }),
  'GET /franchise/alert-rules': op('Alerts', {
    operationId: 'listAlertRules',
    summary: 'The franchise’s alert rules, oldest first',
    description: OWNERS_ONLY,
    auth: 'bearer',
    success: { data: z.array(data.alertRule) },
    errors: [404],
  }),
  'POST /franchise/alert-rules': op('Alerts', {
    operationId: 'createAlertRule',
    summary: 'Add an alert rule for one branch or every branch',
    description: `${OWNERS_ONLY} The branch must be the franchise’s (422 on \`restaurant_id\`), the recipients its members (422 on \`recipient_ids\`, at most ${MAX_ALERT_RECIPIENTS}). At most ${MAX_ALERT_RULES} rules per franchise (409).`,
    auth: 'bearer',
    body: createAlertRuleInput,
    status: 201,
    success: { data: data.alertRule },
    errors: [404, 409],
  }),
  'PUT /franchise/alert-rules/{id}': op('Alerts', {
    operationId: 'updateAlertRule',
    summary: 'Change an alert rule',
    description: `${OWNERS_ONLY} Names the \`version\` it read (409 when stale). Days already evaluated are not evaluated again.`,
    auth: 'bearer',
    body: updateAlertRuleInput,
    success: { data: data.alertRule },
    errors: [409],
  }),
  'DELETE /franchise/alert-rules/{id}': op('Alerts', {
    operationId: 'deleteAlertRule',
    summary: 'Delete an alert rule; the alerts it raised stay',
    description: OWNERS_ONLY,
    auth: 'bearer',
    success: { data: z.null() },
  }),
  'GET /franchise/alerts': op('Alerts', {
    operationId: 'listAlerts',
    summary: 'The signed-in member’s alerts, newest day first',
    description: 'Every member: the alerts addressed to them, of the branches they may reach.',
    auth: 'bearer',
    query: alertsQuery,
    success: { data: data.alertsPage },
  }),
  'GET /franchise/alerts/unread': op('Alerts', {
    operationId: 'countUnreadAlerts',
    summary: 'How many of the member’s alerts are unread (the bell)',
    auth: 'bearer',
    success: { data: data.unreadAlerts },
  }),
  'POST /franchise/alerts/{id}/acknowledge': op('Alerts', {
    operationId: 'acknowledgeAlert',
    summary: 'Mark one of the member’s alerts read (for them only); again changes nothing',
    description: 'An alert not addressed to the member is 404. Answers the unread count.',
    auth: 'bearer',
    success: { data: data.unreadAlerts },
  }),
  'POST /franchise/alerts/acknowledge-all': op('Alerts', {
    operationId: 'acknowledgeAllAlerts',
    summary: 'Mark every unread alert of the member’s read',
    description: 'Answers the unread count (0).',
    auth: 'bearer',
    success: { data: data.unreadAlerts },
  }),
  'POST /franchise/import/{kind}': op('Ingest', {
    operationId: 'importRecords',
    summary: 'The console’s CSV import: one ingest call’s body, with the owner’s session, for every branch',
    description: `${OWNERS_ONLY} ${INGEST_LIMITS}`,
    auth: 'bearer',
    body: z.union([menuItemsBody, ordersBody, shiftsBody, purchasesBody]),
    success: { data: data.ingestResult },
    errors: [429],
  }),
  'GET /ingest/restaurants': op('Ingest', {
    operationId: 'listKeyRestaurants',
    summary: 'The restaurants this key may write, with the ids records name',
    auth: 'api-key',
    success: { data: z.array(data.keyRestaurant) },
    errors: [429],
  }),
  'PUT /ingest/menu-items': ingest('putMenuItems', 'Create or update menu items by SKU (franchise-wide)', menuItemsBody, {
    errors: [403, 429],
    description: `The menu is the franchise's: only a key for every branch may send it (403 otherwise). An item is identified by its SKU: a new one is created, a known one updated when anything differs. At most ${MAX_RECORDS_PER_CALL} items a call; any invalid item makes the call 422 with every problem keyed by its path (\`items[2].price_cents\`), and nothing is written.`,
  }),
  'POST /ingest/orders': ingest('postOrders', 'Record orders', ordersBody),
  'POST /ingest/shifts': ingest('postShifts', 'Record shifts', shiftsBody),
  'POST /ingest/purchases': ingest('postPurchases', 'Record purchases', purchasesBody),
  'POST /ingest/shifts/remove': removal('shifts'),
  'POST /ingest/purchases/remove': removal('purchases'),
  'GET /franchise/activity': op('Activity', {
    operationId: 'listActivity',
    summary: 'The activity log, newest first, a page at a time',
    description: `${OWNERS_ONLY} Every change made in the console or through the ingest API, recorded in its transaction (an ingest call that changed nothing leaves no entry; a CSV import always does); kept ${ACTIVITY_RETENTION_DAYS} days. A page past the end has no items and the real total.`,
    auth: 'bearer',
    query: activityQuery,
    success: { data: data.activityPage },
    errors: [404],
  }),
  'GET /franchise/activity/export': op('Activity', {
    operationId: 'exportActivity',
    summary: 'Every entry the filters match as a CSV file, newest first',
    description: `${OWNERS_ONLY} Columns: When (ISO 8601 on the franchise’s clock, with its offset), Member, Action, Entity, Entity ID, Changes ("field: before → after; …"). At most ${ACTIVITY_EXPORT_MAX_ROWS} entries, the newest; \`page\` is ignored.`,
    auth: 'bearer',
    query: activityQuery,
    success: { files: { 'text/csv': z.string() } },
    errors: [404, 429],
  }),
  'GET /franchise/activity/members': op('Activity', {
    operationId: 'listActivityMembers',
    summary: 'The members the activity log names, by name: the choices of its member filter',
    description: OWNERS_ONLY,
    auth: 'bearer',
    success: { data: z.array(data.activityMember) },
    errors: [404],
  }),
};
