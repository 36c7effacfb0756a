/**
 * Every API route, written from the contract (docs/api.md), not read from the server: the
 * property test builds a valid request for each and varies one thing. A test compares this table
 * with the routes the app registers, so a new route fails until it is described here.
 */

import { activityQuery as activityQuerySchema } from '@contract/activity.contract';
import { passwordLinkQuery } from '@contract/auth.contract';
import { ANALYTICS_KINDS } from '@contract/analytics.contract';
import type { Call } from '@contract/api/call';
import { CALLS, type Calls } from '@contract/api/calls';
import { MAX_SUBSCRIPTIONS_PER_MEMBER, unsubscribeQuery } from '@contract/report-subscriptions.contract';
import { alertsQuery as alertsQuerySchema, MAX_ALERT_RULES } from '@contract/alerts.contract';
import { forecastQuery as forecastQuerySchema } from '@contract/targets.contract';
import { previewQuery as previewQuerySchema } from '@contract/targets.contract';
import { operationOf } from '../../../server/openapi/operations';
import { unsubscribeToken } from '../../../server/reports/report-mail';
import { validAbn } from '../../support/abn';
import { testConfig, type CallOptions, type CallResult } from './test-app';

/** `bearer-or-expired` also accepts an expired token while its first sign-in is inside the refresh window. */
export type Auth = 'public' | 'bearer' | 'bearer-or-expired' | 'api-key' | 'bearer-or-read-key';

/** A string field of a JSON body or a query, with strings of the right type that validation refuses. */
export type Field = { refused: string[] };

/** A `:name` parameter of the path: the value of the valid request, and values naming nothing of the caller's (404). */
export type Param = { valid: string; refused: string[] };

/**
 * The query a route validates: a valid one, and per parameter values refused with 422 naming it; unknown names are refused too.
 * `schema`: the contract's schema of the query when it is not the analytics query (a random query is judged by it).
 */
export type Query = {
  valid: Record<string, string>;
  fields: Record<string, Field>;
  schema?: { safeParse(input: unknown): { success: boolean } };
};

/** What a route's valid request is built with: the test app's call, a valid token of the demo owner and the last mail sent. */
export type PrepareApi = {
  call: (method: string, path: string, options?: CallOptions) => Promise<CallResult>;
  token: string;
  lastMail: () => string | undefined;
};

/** A valid request's parts that depend on the database's state: path parameter values and the JSON body. */
export type Prepared = {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /** An `api-key` route's valid Authorization header (a console token is refused there). */
  authorization?: string;
  /** The valid query, when it depends on the database's state (an unsubscribe link's token). */
  query?: Record<string, string>;
};

export type RouteSpec = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: Auth;
  /** Fields of the JSON body, all required; absent when the route reads no body. */
  body?: Record<string, Field>;
  /** The path's parameters, by name; `path` is the pattern the app registers. */
  params?: Record<string, Param>;
  query?: Query;
  /** Names the route's query requires beyond the analytics query (an export's `format`): a query without them is 422. */
  requires?: string[];
  /** The success answer is a file of one of these types, not a JSON envelope (errors still are). */
  file?: RegExp;
  /** The status of a success when not 200 (a create's 201). */
  success?: 201;
  /** The body refuses fields it does not know (422), instead of dropping them. */
  strict?: true;
  /** The route's body limit when not the console's 64 KiB. */
  maxBodyBytes?: number;
  /** Builds the valid request before each run (e.g. the version a save names, or a person to delete). */
  prepare?: (api: PrepareApi) => Promise<Prepared>;
};

const email: Field = { refused: ['', 'not-an-email', '@example.com', 'owner@', `${'a'.repeat(250)}@example.com`] };
const password: Field = { refused: ['', 'x'.repeat(1025)] };

export const API = '/api/v1/franchise';

/** The path of a route's valid request: every `:name` replaced by its valid value. */
export const concretePath = (route: RouteSpec, values: Record<string, string> = {}) =>
  route.path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? route.params![name]!.valid);

/**
 * A call of the contract's tables (contract/api): its method, path, credential and success status come from its
 * entry; what a valid request is and which values are refused is this file's own knowledge.
 */
function fromCall(key: keyof Calls, spec: Omit<RouteSpec, 'name' | 'method' | 'path' | 'auth' | 'success'> = {}): RouteSpec {
  const call: Call = CALLS[key];
  const [method, path] = key.split(' ') as [RouteSpec['method'], string];
  return {
    name: call.operationId,
    method,
    path: `/api/v1${path.replace(/\{(\w+)\}/g, ':$1')}`,
    auth: operationOf(call).auth,
    ...(call.status ? { success: call.status } : {}),
    ...spec,
  };
}

// The seed's first restaurant is the owner's (Harbour Eats Parramatta, id 1); the sixth is the rival's.
const restaurantId: Param = { valid: '1', refused: ['6', '0', '-1', 'abc', '1.5', '01', '1e1', '2147483648', '99999999999999999999'] };

/** Analytics queries (contract/analytics.contract.ts): a valid window, and values refused for the field they name. */
const analyticsQuery: Query = {
  valid: { period: 'daily', start_date: '2026-11-01', end_date: '2026-11-14', limit: '5' },
  fields: {
    period: { refused: ['', 'yearly', '7DAYS', '30days', 'hourly'] },
    start_date: { refused: ['', '2026-02-30', '2026-13-01', '2026-11-1', '26-11-01', 'yesterday', '2026-11-01T00:00:00Z'] },
    // Before start_date, more than 400 days after it, or not a date.
    end_date: { refused: ['2026-10-31', '2027-12-06', '2026-11-31', '', '14/11/2026'] },
    limit: { refused: ['0', '51', '-1', 'abc', '1.5', ''] },
    compare: { refused: ['', 'bogus', 'last-year', 'Previous', 'previous,last_year'] },
    like_for_like: { refused: ['', 'maybe', 'TRUE', '1', 'yes'] },
  },
};

const analyticsRoutes: RouteSpec[] = ANALYTICS_KINDS.flatMap((kind): RouteSpec[] => [
  fromCall(`GET /franchise/analytics/${kind}`, { query: analyticsQuery }),
  fromCall(`GET /franchise/restaurants/{id}/analytics/${kind}`, { params: { id: restaurantId }, query: analyticsQuery }),
]);

// The five analytics pages' reports and exports (contract/page-reports.contract.ts).
const page: Param = { valid: 'revenue', refused: ['unknown', 'Revenue', 'revenues', 'orders', 'pages'] };
const exportQuery: Query = {
  valid: { ...analyticsQuery.valid, format: 'csv' },
  fields: { ...analyticsQuery.fields, format: { refused: ['', 'xls', 'CSV', 'pdf ', 'csv,pdf'] } },
};
// Targets (contract/targets.contract.ts): the Targets page's grid and save, revenue against target and its files.
const targetRoutes: RouteSpec[] = [
  fromCall('GET /franchise/targets', {
    query: { valid: { month: '2026-12' }, fields: { month: { refused: ['', '2026-13', '2026-1', '1999-12', 'december', '2026-12-01'] } } },
  }),
  fromCall('PUT /franchise/targets', {
    body: { targets: { refused: ['', '[]', 'targets'] } },
    strict: true,
    maxBodyBytes: 8 * 1024 * 1024,
    prepare: async () => ({ body: { targets: INGEST_BODIES.targets() } }),
  }),
  fromCall('GET /franchise/analytics/targets', { query: analyticsQuery }),
  fromCall('GET /franchise/restaurants/{id}/analytics/targets', { params: { id: restaurantId }, query: analyticsQuery }),
  fromCall('GET /franchise/analytics/targets/export', { query: exportQuery, requires: ['format'], file: /^text\/csv; charset=utf-8$/ }),
  fromCall('GET /franchise/restaurants/{id}/analytics/targets/export', {
    params: { id: restaurantId },
    query: exportQuery,
    requires: ['format'],
    file: /^text\/csv; charset=utf-8$/,
  }),
];

const pageRoutes: RouteSpec[] = [
  fromCall('GET /franchise/analytics/pages/{page}', { params: { page }, query: analyticsQuery }),
  fromCall('GET /franchise/restaurants/{id}/analytics/pages/{page}', { params: { id: restaurantId, page }, query: analyticsQuery }),
  fromCall('GET /franchise/analytics/pages/{page}/export', {
    params: { page },
    query: exportQuery,
    requires: ['format'],
    file: /^text\/csv; charset=utf-8$/,
  }),
  fromCall('GET /franchise/restaurants/{id}/analytics/pages/{page}/export', {
    params: { id: restaurantId, page },
    query: exportQuery,
    requires: ['format'],
    file: /^text\/csv; charset=utf-8$/,
  }),
];

// The revenue forecast (contract/api/targets.calls.ts): days 1–42.
const forecastQuery: Query = {
  valid: { days: '14' },
  fields: { days: { refused: ['0', '43', '-1', 'abc', '1.5', ''] } },
  schema: forecastQuerySchema,
};
const forecastRoutes: RouteSpec[] = [
  fromCall('GET /franchise/analytics/forecast', { query: forecastQuery }),
  fromCall('GET /franchise/restaurants/{id}/analytics/forecast', { params: { id: restaurantId }, query: forecastQuery }),
];

// People (contract/people.contract.ts): the seed's first person is the owner's (id 1); the
// 15th is the rival's. Only string fields are listed: version and restaurant_id are numbers.
const personId: Param = { valid: '1', refused: ['15', '0', '-1', 'abc', '1.5', '01', '1e1', '2147483648'] };
const personName: Field = { refused: ['', '   ', 'x'.repeat(201)] };
const role: Field = { refused: ['', 'Owner', 'manager', 'Manager '] };
const personStatus: Field = { refused: ['', 'active', 'Deleted'] };
let created = 0;
/** A valid create body with an e-mail no earlier run used. */
const newPersonBody = () => ({
  name: 'Fuzz Person',
  email: `fuzz.person.${++created}.${Math.random().toString(36).slice(2)}@example.com`,
  phone: '0412 345 678',
  state: 'NSW',
  post_code: '2150',
  picture: 'https://images.example.com/fuzz.png',
  restaurant_id: 1,
  role: 'Waiter',
  status: 'Active',
  password: 'fuzz-password',
  change_password: 'fuzz-password',
});
/** The person as the edit form sends it back: every field read, with the version read. */
async function personEditBody({ call, token }: PrepareApi): Promise<Record<string, unknown>> {
  const { id: _id, restaurant: _restaurant, ...fields } = (await call('GET', `${API}/people/${personId.valid}`, { token })).body.data;
  return fields;
}
const peopleRoutes: RouteSpec[] = [
  fromCall('GET /franchise/people'),
  fromCall('GET /franchise/people/{id}', { params: { id: personId } }),
  fromCall('POST /franchise/people', {
    body: {
      name: personName,
      email,
      role,
      status: personStatus,
      password: { refused: ['', 'short', 'x'.repeat(129)] },
      change_password: { refused: ['', 'does-not-match', 'x'.repeat(1025)] },
    },
    prepare: async () => ({ body: newPersonBody() }),
  }),
  fromCall('PUT /franchise/people/{id}', {
    params: { id: personId },
    body: { name: personName, email, role, status: personStatus },
    prepare: async (api) => ({ body: await personEditBody(api) }),
  }),
  fromCall('DELETE /franchise/people/{id}', {
    params: { id: personId },
    // A person of its own each run, so the seeded ones the other routes read stay.
    prepare: async ({ call, token }) => {
      const res = await call('POST', `${API}/people`, { token, body: newPersonBody() });
      return { params: { id: String(res.body.data.id) } };
    },
  }),
];

const required: Field = { refused: ['', '   ', 'x'.repeat(201)] };
/** The seed's first restaurant as the edit form sends it back, with the version read (abn_no unchanged). */
async function restaurantEditBody({ call, token }: PrepareApi): Promise<Record<string, unknown>> {
  const read = (await call('GET', `${API}/restaurants/${restaurantId.valid}`, { token })).body.data;
  const { id: _id, location: _location, subscriptions: _subscriptions, restaurant_user: _user, ...fields } = read;
  return fields;
}
let restaurantsCreated = 0;
/** A valid create body with an ABN no earlier run used (the answer then names no other restaurant). */
const newRestaurantBody = () => ({
  logo: null,
  name: `Fuzz Restaurant ${++restaurantsCreated}`,
  abn_no: validAbn(600_000_000 + restaurantsCreated),
  address: '1 Fuzz Street',
  suburb: 'Manly',
  post_code: '2095',
  city: 'Sydney',
  state: 'NSW',
  phone_no: '(02) 9977 1234',
  email: 'fuzz@example.com',
  business_type: 'Cafe',
  capacity: 40,
  status: 1,
});
const restaurantEditRoutes: RouteSpec[] = [
  fromCall('GET /franchise/restaurants/{id}', { params: { id: restaurantId } }),
  fromCall('PUT /franchise/restaurants/{id}', {
    params: { id: restaurantId },
    // The other details are optional: a blank one is none (tests/api/restaurant-edit.test.ts refuses bad ones).
    body: {
      name: required,
      address: required,
      state: { refused: ['', 'nsw', 'New South Wales', 'XX'] },
    },
    prepare: async (api) => ({ body: await restaurantEditBody(api) }),
  }),
  fromCall('POST /franchise/restaurants', {
    // The ABN and the other details are optional (tests/api/restaurant-create.test.ts refuses bad ones).
    body: {
      name: required,
      address: required,
      state: { refused: ['', 'nsw', 'New South Wales', 'XX'] },
    },
    prepare: async () => ({ body: newRestaurantBody() }),
  }),
];

// API keys (contract/api-keys.contract.ts): a name no earlier run used, as a name is unique among the live keys;
// restaurant_id is a number (or null), so only the name is listed.
let keys = 0;
const newApiKeyBody = () => ({ name: `Fuzz key ${++keys} ${Math.random().toString(36).slice(2)}`, restaurant_id: 1 });
const apiKeyRoutes: RouteSpec[] = [
  fromCall('GET /franchise/api-keys'),
  fromCall('POST /franchise/api-keys', {
    body: { name: { refused: ['', '   ', 'x'.repeat(101)] } },
    prepare: async () => ({ body: newApiKeyBody() }),
  }),
  fromCall('DELETE /franchise/api-keys/{id}', {
    params: { id: { valid: '1', refused: ['0', '-1', 'abc', '1.5', '01', '1e1', '2147483647', '2147483648'] } },
    // A key of its own each run: a revoked key is gone.
    prepare: async ({ call, token }) => {
      const res = await call('POST', `${API}/api-keys`, { token, body: newApiKeyBody() });
      return { params: { id: String(res.body.data.id) } };
    },
  }),
];

// Team (contract/team.contract.ts), owners only: the seed's third member (id 3) is the rival's owner.
// restaurant_ids is a list and version a number, so only the string fields are listed.
const memberId: Param = { valid: '2', refused: ['3', '0', '-1', 'abc', '1.5', '01', '1e1', '2147483648'] };
const memberRole: Field = { refused: ['', 'Owner', 'Manager', 'admin', 'owner '] };
let members = 0;
/** A valid invitation with an address no earlier run used. */
const newMemberBody = () => ({
  email: `fuzz.member.${++members}.${Math.random().toString(36).slice(2)}@example.com`,
  name: 'Fuzz Member',
  role: 'manager',
  restaurant_ids: [1],
});
const invite = async ({ call, token }: PrepareApi): Promise<number> =>
  (await call('POST', `${API}/team`, { token, body: newMemberBody() })).body.data.id;
/** One invited manager, made once, whom the update and the resend name (never removed: their paths serve no DELETE). */
let fuzzMember: Promise<number> | undefined;
/** A new member's invitation link token, as their mail carries it. */
const invitationToken = async (api: PrepareApi): Promise<string> => {
  await invite(api);
  return new URL(api.lastMail()!.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
};
const passwordLink: Query = {
  valid: { token: 'x'.repeat(43) },
  fields: { token: { refused: ['', 'too-short', 'x'.repeat(257)] } },
  schema: passwordLinkQuery,
};
const teamRoutes: RouteSpec[] = [
  fromCall('GET /franchise/team'),
  fromCall('POST /franchise/team', {
    body: { email, name: required, role: memberRole },
    prepare: async () => ({ body: newMemberBody() }),
  }),
  fromCall('PUT /franchise/team/{id}', {
    params: { id: memberId },
    body: { name: required, role: memberRole },
    prepare: async (api) => {
      const id = await (fuzzMember ??= invite(api));
      const read = (await api.call('GET', `${API}/team`, { token: api.token })).body.data.find((m: { id: number }) => m.id === id);
      return { params: { id: String(id) }, body: { name: 'Fuzz Member', role: 'manager', restaurant_ids: [1, 2], version: read.version } };
    },
  }),
  fromCall('DELETE /franchise/team/{id}', {
    params: { id: memberId },
    // A member of its own each run: a removed one is gone.
    prepare: async (api) => ({ params: { id: String(await invite(api)) } }),
  }),
  fromCall('POST /franchise/team/{id}/invitation', {
    params: { id: memberId },
    prepare: async (api) => ({ params: { id: String(await (fuzzMember ??= invite(api))) } }),
  }),
];

// The activity log (contract/activity.contract.ts), owners only: its page and export take the same query.
const activityQuery: Query = {
  valid: { page: '1', user_id: '1', entity: 'profile', from: '2026-11-01', to: '2026-11-22' },
  fields: {
    page: { refused: ['0', '-1', 'abc', '1.5', '', '2147483648'] },
    user_id: { refused: ['0', '-1', 'abc', '1.5', '', '2147483648'] },
    entity: { refused: ['', 'people', 'Profile', 'api-key', 'profile '] },
    from: { refused: ['', '2026-02-30', '2026-11-1', 'yesterday', '2026-11-01T00:00:00Z', '1999-12-31'] },
    // Before from, or not a date.
    to: { refused: ['2026-10-31', '', '2026-13-01', '22/11/2026'] },
  },
  schema: activityQuerySchema,
};
const activityRoutes: RouteSpec[] = [
  fromCall('GET /franchise/activity', { query: activityQuery }),
  fromCall('GET /franchise/activity/export', { query: activityQuery, file: /^text\/csv; charset=utf-8$/ }),
  fromCall('GET /franchise/activity/members'),
];

// The ingest calls (contract/ingest.contract.ts), with a key of the demo owner's franchise made
// once, and a menu item and person the records name; the console's import takes the same bodies.
let integration: Promise<{ authorization: string; email: string }> | undefined;
const integrationOf = ({ call, token }: PrepareApi) =>
  (integration ??= (async () => {
    const key = await call('POST', `${API}/api-keys`, { token, body: { ...newApiKeyBody(), restaurant_id: null } });
    const authorization = `Bearer ${key.body.data.secret}`;
    const item = { sku: 'FUZZ-1', name: 'Fuzz Fries', price_cents: 500, menu: 'All Day', is_combo: false };
    await call('PUT', '/api/v1/ingest/menu-items', { headers: { Authorization: authorization }, body: { items: [item] } });
    const people = (await call('GET', `${API}/people`, { token })).body.data as { email: string; restaurant_id: number }[];
    return { authorization, email: people.find((p) => p.restaurant_id === 1)!.email };
  })());
const INGEST_BODIES = {
  items: () => [{ sku: 'FUZZ-1', name: 'Fuzz Fries', price_cents: 500, menu: 'All Day', is_combo: false }],
  orders: () => [
    {
      external_id: 'fuzz-order-1',
      restaurant_id: 1,
      placed_at: '2026-11-20T12:00:00+11:00',
      channel: 'takeaway',
      source: 'app',
      guests: 1,
      customer_ref: 'fuzz-customer',
      status: 'completed',
      lines: [{ sku: 'FUZZ-1', quantity: 2, amount_cents: 1000 }],
      payments: [{ method: 'app', amount_cents: 1000 }],
    },
  ],
  shifts: (email: string) => [
    {
      external_id: 'fuzz-shift-1',
      restaurant_id: 1,
      person_email: email,
      day: '2026-11-20',
      assigned_minutes: 240,
      actual_minutes: 230,
      hourly_rate_cents: 3100,
      attended: true,
    },
  ],
  purchases: () => [
    {
      external_id: 'fuzz-purchase-1',
      restaurant_id: 1,
      supplier: 'Fuzz Supplies',
      day: '2026-11-20',
      category: 'snacks',
      quantity: 3,
      amount_cents: 900,
    },
  ],
  records: () => [{ restaurant_id: 1, external_id: 'fuzz-never-sent' }],
  targets: () => [{ restaurant_id: 1, day: '2026-12-01', revenue_cents: 450_000, labour_cost_pct: 28.5 }],
};
const batch: Field = { refused: ['', 'orders', '[]'] };
const BULK_BYTES = 8 * 1024 * 1024;
const ingestRoute = (key: keyof Calls, field: keyof typeof INGEST_BODIES): RouteSpec =>
  fromCall(key, {
    body: { [field]: batch },
    strict: true,
    maxBodyBytes: BULK_BYTES,
    prepare: async (api) => {
      const { authorization, email } = await integrationOf(api);
      return { authorization, body: { [field]: INGEST_BODIES[field](email) } };
    },
  });
const ingestRoutes: RouteSpec[] = [
  fromCall('GET /ingest/restaurants', { prepare: async (api) => ({ authorization: (await integrationOf(api)).authorization }) }),
  ingestRoute('PUT /ingest/menu-items', 'items'),
  ingestRoute('POST /ingest/orders', 'orders'),
  ingestRoute('POST /ingest/shifts', 'shifts'),
  ingestRoute('POST /ingest/purchases', 'purchases'),
  ingestRoute('POST /ingest/shifts/remove', 'records'),
  ingestRoute('POST /ingest/purchases/remove', 'records'),
  ingestRoute('PUT /ingest/targets', 'targets'),
  fromCall('GET /franchise/menu-items'),
  // The owner's costs, for the SKU the integration sent (docs/product.md#costs).
  fromCall('PUT /franchise/menu-items/costs', {
    body: { costs: batch },
    strict: true,
    prepare: async (api) => {
      await integrationOf(api);
      return { body: { costs: [{ sku: 'FUZZ-1', cost_cents: 150 }] } };
    },
  }),
  fromCall('POST /franchise/import/{kind}', {
    params: { kind: { valid: 'orders', refused: ['people', 'Orders', 'order', 'menu_items', '..', '%2e%2e'] } },
    body: { orders: batch },
    strict: true,
    maxBodyBytes: BULK_BYTES,
    prepare: async (api) => {
      await integrationOf(api);
      return { body: { orders: INGEST_BODIES.orders() } };
    },
  }),
];

// Scheduled report mails (contract/report-subscriptions.contract.ts): weekday and hour are numbers.
const subscriptionBody = () => ({ page: 'revenue', range: '7days', frequency: 'weekly', weekday: 1, hour: 7 });
/** Makes room under the member's limit (runs create many), then a subscription of its own for the run. */
async function newSubscription({ call, token }: PrepareApi): Promise<number> {
  const mine = (await call('GET', `${API}/report-subscriptions`, { token })).body.data as { id: number }[];
  if (mine.length >= MAX_SUBSCRIPTIONS_PER_MEMBER - 1)
    for (const { id } of mine) await call('DELETE', `${API}/report-subscriptions/${id}`, { token });
  return (await call('POST', `${API}/report-subscriptions`, { token, body: subscriptionBody() })).body.data.id;
}
const subscriptionId: Param = { valid: '1', refused: ['0', '-1', 'abc', '1.5', '01', '1e1', '2147483647', '2147483648'] };
// The token the server derives for a subscription (the test app's secret), as a mail's link carries it.
const unsubscribe: Query = {
  valid: { token: 'x'.repeat(43) },
  fields: { token: { refused: ['', 'short', 'x'.repeat(44), '!'.repeat(43), 'x'.repeat(42) + '='] } },
  schema: unsubscribeQuery,
};
const unsubscribePrepare = async (api: PrepareApi): Promise<Prepared> => ({
  query: { token: unsubscribeToken(testConfig().jwtSecret, await newSubscription(api)) },
});
const reportSubscriptionRoutes: RouteSpec[] = [
  fromCall('GET /franchise/report-subscriptions'),
  fromCall('POST /franchise/report-subscriptions', {
    body: {
      page: { refused: ['', 'Revenue', 'revenues', 'pages', 'dashboard '] },
      range: { refused: ['', '7DAYS', '30days', 'daily', '1 month'] },
      frequency: { refused: ['', 'Daily', 'monthly', 'hourly', 'weekly '] },
    },
    prepare: async (api) => {
      await newSubscription(api);
      return { body: subscriptionBody() };
    },
  }),
  fromCall('DELETE /franchise/report-subscriptions/{id}', {
    params: { id: subscriptionId },
    prepare: async (api) => ({ params: { id: String(await newSubscription(api)) } }),
  }),
  fromCall('POST /franchise/report-subscriptions/{id}/send', {
    params: { id: subscriptionId },
    prepare: async (api) => ({ params: { id: String(await newSubscription(api)) } }),
  }),
  fromCall('GET /unsubscribe', { query: unsubscribe, prepare: unsubscribePrepare }),
  fromCall('POST /unsubscribe', { query: unsubscribe, prepare: unsubscribePrepare }),
];

// Alerts (contract/alerts.contract.ts): rules are owners only; restaurant_id, threshold and recipient_ids are numbers.
const alertRuleBody = () => ({ kind: 'no_trade', restaurant_id: null, threshold: 1, recipient_ids: [1] });
const alertRuleKind: Field = { refused: ['', 'labour', 'Labour_cost', 'no-trade', 'revenue_drop '] };
/** Makes room under the franchise's limit (runs create many), then a rule of its own for the run. */
async function newAlertRule({ call, token }: PrepareApi): Promise<{ id: number; version: number }> {
  const all = (await call('GET', `${API}/alert-rules`, { token })).body.data as { id: number }[];
  if (all.length >= MAX_ALERT_RULES - 1) for (const { id } of all) await call('DELETE', `${API}/alert-rules/${id}`, { token });
  return (await call('POST', `${API}/alert-rules`, { token, body: alertRuleBody() })).body.data;
}
/**
 * An alert addressed to the demo owner, made once: a "no trade by 01:00" rule for every branch, which the
 * creation's round evaluates at the test clock (11:00 in Sydney); acknowledging it again is still 200.
 */
let ownerAlert: Promise<number> | undefined;
async function findOwnerAlert(api: PrepareApi): Promise<number> {
  await newAlertRule(api);
  for (let i = 0; i < 100; i++) {
    const [alert] = (await api.call('GET', `${API}/alerts`, { token: api.token })).body.data.items as { id: number }[];
    if (alert) return alert.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('No alert was raised for the route table');
}
const alertId: Param = { valid: '1', refused: ['0', '-1', 'abc', '1.5', '01', '1e1', '2147483647', '2147483648'] };
const alertRoutes: RouteSpec[] = [
  fromCall('GET /franchise/alert-rules'),
  fromCall('POST /franchise/alert-rules', {
    body: { kind: alertRuleKind },
    prepare: async (api) => {
      await newAlertRule(api);
      return { body: alertRuleBody() };
    },
  }),
  fromCall('POST /franchise/alert-rules/preview', {
    body: { kind: alertRuleKind },
    query: {
      valid: { days: '90' },
      fields: { days: { refused: ['0', '-1', 'abc', '1.5', '401'] } },
      schema: previewQuerySchema,
    },
    prepare: async () => ({ body: alertRuleBody() }),
  }),
  fromCall('PUT /franchise/alert-rules/{id}', {
    params: { id: alertId },
    body: { kind: alertRuleKind },
    prepare: async (api) => {
      const { id, version } = await newAlertRule(api);
      return { params: { id: String(id) }, body: { ...alertRuleBody(), threshold: 2, version } };
    },
  }),
  fromCall('DELETE /franchise/alert-rules/{id}', {
    params: { id: alertId },
    prepare: async (api) => ({ params: { id: String((await newAlertRule(api)).id) } }),
  }),
  fromCall('GET /franchise/alerts', {
    query: {
      valid: { status: 'all', page: '1' },
      fields: { status: { refused: ['', 'read', 'UNREAD', 'all '] }, page: { refused: ['0', '-1', 'abc', '1.5', '100001'] } },
      schema: alertsQuerySchema,
    },
  }),
  fromCall('GET /franchise/alerts/unread'),
  fromCall('POST /franchise/alerts/{id}/acknowledge', {
    params: { id: alertId },
    prepare: async (api) => ({ params: { id: String(await (ownerAlert ??= findOwnerAlert(api))) } }),
  }),
  fromCall('POST /franchise/alerts/acknowledge-all'),
];

export const ROUTES: RouteSpec[] = [
  fromCall('POST /franchise/login', { body: { email, password } }),
  fromCall('POST /franchise/logout'),
  fromCall('GET /franchise/profile'),
  fromCall('GET /franchise/getting-started'),
  fromCall('POST /franchise/getting-started/dismiss'),
  fromCall('PUT /franchise/profile', {
    body: { name: required, email },
    // The profile as read, with its version; no password change, so the run's tokens stay valid.
    prepare: async ({ call, token }) => {
      const { id: _id, franchise: _franchise, ...fields } = (await call('GET', `${API}/profile`, { token })).body.data.user;
      return { body: fields };
    },
  }),
  fromCall('POST /franchise/refresh'),
  fromCall('GET /franchise/restaurants'),
  fromCall('GET /franchise/test'),
  fromCall('GET /health'),
  // The OpenAPI document is JSON without the envelope.
  fromCall('GET /openapi.json', { file: /^application\/json; charset=utf-8$/ }),
  fromCall('POST /franchise/password/forgot', { body: { email } }),
  fromCall('GET /franchise/password/link', {
    query: passwordLink,
    prepare: async (api) => ({ query: { token: await invitationToken(api) } }),
  }),
  fromCall('POST /franchise/password/reset', {
    body: {
      token: { refused: ['', 'too-short', 'x'.repeat(257)] },
      password,
      // Anything but the password itself.
      password_confirmation: { refused: ['', 'does-not-match', 'x'.repeat(1025)] },
    },
  }),
  ...analyticsRoutes,
  ...pageRoutes,
  ...targetRoutes,
  ...forecastRoutes,
  ...peopleRoutes,
  ...restaurantEditRoutes,
  ...apiKeyRoutes,
  ...teamRoutes,
  ...ingestRoutes,
  ...activityRoutes,
  ...reportSubscriptionRoutes,
  ...alertRoutes,
];
