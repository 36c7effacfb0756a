import * as z from 'zod';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITIES,
  type ActivityItem,
  type ActivityMember,
  type ActivityPage,
} from '@contract/activity.contract.js';
import {
  ALERT_KINDS,
  ALERTS_PAGE_SIZE,
  type Alert,
  type AlertRule,
  type AlertsPage,
  type UnreadAlerts,
} from '@contract/alerts.contract.js';
import type { AnalyticsWindow, BestSellers, Headcounts, Orders, Procurement, Revenues, Roster } from '@contract/analytics.contract.js';
import { GROUPINGS, RANGES } from '@contract/analytics.contract.js';
import type { ApiKey, CreatedApiKey } from '@contract/api-keys.contract.js';
import type { ConnectivityCheck, FranchiseUser, Restaurant, TokenResponse } from '@contract/auth.contract.js';
import { AUSTRALIAN_STATES, PERSON_ROLES, PERSON_STATUSES } from '@contract/choices.js';
import type { ApiFailure } from '@contract/envelope.js';
import { MENUS, PURCHASE_CATEGORIES, type IngestResult, type RemovalResult } from '@contract/ingest.contract.js';
import { ANALYTICS_PAGES, type PageReport } from '@contract/page-reports.contract.js';
import type { Person } from '@contract/people.contract.js';
import type { Profile, ProfileSaved } from '@contract/profile.contract.js';
import type { RestaurantDetail } from '@contract/restaurants.contract.js';
import {
  REPORT_FREQUENCIES,
  REPORT_PAGES,
  type ReportSubscription,
  type UnsubscribeTarget,
} from '@contract/report-subscriptions.contract.js';
import type { Member } from '@contract/team.contract.js';
import type { keyRestaurants } from '../ingest/ingest.service.js';

/**
 * The `data` of the API's answers as zod schemas, for the OpenAPI document. The server types its
 * answers with the contract's TypeScript types; each schema here compiles only while its output type
 * and that type are assignable both ways, so the document cannot drift from what the handlers return.
 */

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** `schema`, checked by the compiler to describe exactly the contract type T. */
const exactly =
  <T>() =>
  <S extends z.ZodType>(schema: S & (Same<z.output<S>, T> extends true ? unknown : never)): S =>
    schema;

const id = z.int().min(1);
const instant = z.string().meta({ format: 'date-time' });
const calendarDay = z.string().meta({ format: 'date', description: 'YYYY-MM-DD, a calendar day in the franchise’s time zone' });
const dollars = z.number().meta({ description: 'Dollars, two decimals' });
const hours = z.number().meta({ description: 'Hours, two decimals' });
const percent = z.number().meta({ description: '0–100, one decimal' });

export const errorEnvelope = exactly<ApiFailure>()(
  z.object({
    status: z.literal('error'),
    message: z.string().meta({ description: 'A sentence to show the user' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages by field, e.g. `email` or `orders[3].lines[0].sku`; `_` for the body as a whole' }),
  }),
);

export const connectivityCheck = exactly<ConnectivityCheck>()(z.object({ ok: z.literal(true), time: instant }));

export const franchiseUser = exactly<FranchiseUser>()(
  z.object({
    id,
    role: z.enum(['owner', 'manager']).meta({ description: 'An owner sees the whole franchise; a manager their branches only' }),
    name: z.string(),
    email: z.string(),
    picture: z.string().nullable(),
    phone: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    street_address: z.string().nullable(),
    suburb: z.string().nullable(),
    post_code: z.string().nullable(),
    franchise: z.object({ id, name: z.string(), time_zone: z.string().meta({ description: 'IANA time zone, e.g. Australia/Sydney' }) }),
  }),
);

const tokenFields = {
  access_token: z.string().meta({ description: 'HS256 JWT with `exp` (seconds) and a `user` claim' }),
  token_type: z.literal('bearer'),
  expires_in: z.int().meta({ description: 'Seconds' }),
};
export const tokenResponse = exactly<TokenResponse>()(z.object({ ...tokenFields, user: franchiseUser }));

export const profile = exactly<Profile>()(franchiseUser.extend({ version: id }));
export const profileRead = exactly<{ user: Profile }>()(z.object({ user: profile }));
export const profileSaved = exactly<ProfileSaved>()(
  z.union([profileRead, z.object({ ...tokenFields, user: profile }).meta({ description: 'After a password change: a new token' })]),
);

const restaurantFields = {
  id,
  name: z.string(),
  logo: z.string().nullable(),
  abn_no: z.string().meta({ description: 'As the ABR prints it: "51 824 753 556"' }),
  address: z.string(),
  suburb: z.string(),
  post_code: z.string(),
  city: z.string(),
  state: z.string(),
  phone_no: z.string(),
  email: z.string(),
  business_type: z.string(),
  capacity: z.int(),
  status: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 Active, 0 Inactive' }),
  location: z.string().meta({ description: '"suburb, state"' }),
  subscriptions: z.array(z.object({ id, product_name: z.string(), plan_name: z.string(), web_link: z.string() })),
  restaurant_user: z
    .object({ id, name: z.string(), email: z.string() })
    .nullable()
    .meta({ description: 'The restaurant’s own sign-in; null for one added in the console' }),
};
export const restaurant = exactly<Restaurant>()(z.object(restaurantFields));
export const restaurantDetail = exactly<RestaurantDetail>()(z.object({ ...restaurantFields, version: id }));

export const person = exactly<Person>()(
  z.object({
    id,
    picture: z.string().nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    state: z
      .string()
      .nullable()
      .meta({ description: `One of ${AUSTRALIAN_STATES.join(', ')}` }),
    city: z.string().nullable(),
    street_address: z.string().nullable(),
    suburb: z.string().nullable(),
    post_code: z.string().nullable(),
    restaurant_id: id.nullable(),
    restaurant: z.string().nullable().meta({ description: 'The restaurant’s name' }),
    role: z.enum(PERSON_ROLES),
    status: z.enum(PERSON_STATUSES),
    version: id,
  }),
);

export const member = exactly<Member>()(
  z.object({
    id,
    email: z.string(),
    name: z.string(),
    role: z.enum(['owner', 'manager']),
    restaurant_ids: z.array(id).meta({ description: 'A manager’s branches; empty for an owner (every branch)' }),
    status: z.enum(['invited', 'active']).meta({ description: 'invited: no password yet (the invitation link sets it)' }),
    version: id,
  }),
);

export const reportSubscription = exactly<ReportSubscription>()(
  z.object({
    id,
    page: z.enum(REPORT_PAGES),
    range: z.enum(RANGES),
    frequency: z.enum(REPORT_FREQUENCIES),
    weekday: z.int().min(1).max(7).nullable().meta({ description: 'ISO weekday of a weekly report, 1 = Monday; null for a daily one' }),
    hour: z.int().min(0).max(23).meta({ description: 'Hour of the franchise’s clock the mail goes out' }),
    next_run_at: instant,
    created_at: instant,
  }),
);

export const alertRule = exactly<AlertRule>()(
  z.object({
    id,
    kind: z.enum(ALERT_KINDS),
    restaurant_id: id.nullable().meta({ description: 'null: every branch, also those added later' }),
    threshold: z.number().meta({ description: 'A percentage (one decimal); for no_trade the hour of the franchise’s clock' }),
    recipient_ids: z.array(id).meta({ description: 'The members told' }),
    version: id,
    created_at: instant,
  }),
);

export const alert = exactly<Alert>()(
  z.object({
    id,
    rule_id: id.nullable().meta({ description: 'null once the rule is deleted' }),
    kind: z.enum(ALERT_KINDS),
    threshold: z.number(),
    restaurant_id: id,
    restaurant_name: z.string(),
    day: calendarDay,
    value: z
      .number()
      .nullable()
      .meta({ description: 'What the day measured, in the rule’s unit; null for a share of revenue on a day without revenue' }),
    baseline: z
      .number()
      .nullable()
      .meta({ description: 'What it was compared with, in dollars (revenue_drop, shares of revenue); else null' }),
    summary: z.string().meta({ description: 'The sentence the console and the mail show' }),
    page: z.enum(ANALYTICS_PAGES),
    range: z.enum(RANGES).meta({ description: 'The shortest range ending yesterday that shows the day' }),
    created_at: instant,
    acknowledged_at: instant.nullable().meta({ description: 'When this member acknowledged it; null: unread' }),
  }),
);
export const alertsPage = exactly<AlertsPage>()(
  z.object({
    items: z.array(alert),
    total: z.int().min(0).meta({ description: 'Alerts the status matches' }),
    unread: z.int().min(0),
    page: id,
    page_size: z.int().meta({ description: `Alerts per page (${ALERTS_PAGE_SIZE})` }),
  }),
);
export const unreadAlerts = exactly<UnreadAlerts>()(z.object({ unread: z.int().min(0) }));

export const unsubscribeTarget = exactly<UnsubscribeTarget>()(
  z.object({ page: z.enum(REPORT_PAGES), range: z.enum(RANGES), frequency: z.enum(REPORT_FREQUENCIES) }),
);

export const apiKey = exactly<ApiKey>()(
  z.object({
    id,
    name: z.string(),
    restaurant_id: id.nullable().meta({ description: 'null: every branch' }),
    restaurant_name: z.string().nullable(),
    prefix: z.string().meta({ description: 'The secret’s first characters' }),
    created_at: instant,
    last_used_at: instant.nullable(),
  }),
);
export const createdApiKey = exactly<CreatedApiKey>()(
  z.object({
    id,
    name: z.string(),
    restaurant_id: id.nullable(),
    prefix: z.string(),
    secret: z.string().meta({ description: 'Sent in this answer only: the `Authorization: Bearer` of the ingest calls' }),
    created_at: instant,
  }),
);

export const keyRestaurant = exactly<Awaited<ReturnType<typeof keyRestaurants>>[number]>()(
  z.object({ id, name: z.string(), location: z.string() }),
);

export const ingestResult = exactly<IngestResult>()(z.object({ created: z.int(), updated: z.int(), unchanged: z.int() }));
export const removalResult = exactly<RemovalResult>()(z.object({ removed: z.int() }));

export const activityItem = exactly<ActivityItem>()(
  z.object({
    at: instant,
    user: z.object({
      id: id.nullable().meta({ description: 'null: an API key made the change' }),
      name: z.string().meta({ description: 'The member’s name then, or “API key “{name}””' }),
    }),
    action: z.enum(ACTIVITY_ACTIONS),
    entity: z.enum(ACTIVITY_ENTITIES),
    entity_id: z.string().nullable().meta({ description: 'The record’s id; null for an import or ingest batch' }),
    changes: z
      .record(z.string(), z.tuple([z.unknown(), z.unknown()]))
      .meta({ description: 'Each changed field as [before, after]; a secret as [null, "changed"], never its value' }),
  }),
);
export const activityPage = exactly<ActivityPage>()(
  z.object({ items: z.array(activityItem), page: id, total: z.int().min(0).meta({ description: 'Entries the filters match' }) }),
);
export const activityMember = exactly<ActivityMember>()(z.object({ id, name: z.string() }));

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
    staff: z.array(
      z.object({ person_id: id, name: z.string(), restaurant: z.string(), assigned_hours: hours, actual_hours: hours, percent }),
    ),
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
