import * as z from 'zod';
import { ALERTS_PAGE_SIZE, createAlertRuleInput, updateAlertRuleInput } from '@contract/alerts.contract.js';
import { ACTIVITY_PAGE_SIZE } from '@contract/activity.contract.js';
import { createApiKeyInput } from '@contract/api-keys.contract.js';
import { forgotPasswordInput, loginInput, resetPasswordInput } from '@contract/auth.contract.js';
import {
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
import { createPersonInput, updatePersonInput } from '@contract/people.contract.js';
import { updateProfileInput } from '@contract/profile.contract.js';
import { createRestaurantInput, updateRestaurantInput } from '@contract/restaurants.contract.js';
import { createSubscriptionInput } from '@contract/report-subscriptions.contract.js';
import { inviteMemberInput, updateMemberInput } from '@contract/team.contract.js';
import * as answers from '@contract/api/analytics-answers.js';
import { errorEnvelope } from '@contract/api/primitives.js';
import { ingestResult, keyRestaurant, removalResult } from '@contract/api/ingest.calls.js';
import { alert, alertRule, alertsPage, unreadAlerts } from '@contract/api/alerts.calls.js';
import { apiKey, createdApiKey } from '@contract/api/api-keys.calls.js';
import { connectivityCheck, franchiseUser, tokenResponse } from '@contract/api/auth.calls.js';
import { profile, profileSaved } from '@contract/api/profile.calls.js';
import { activityItem, activityMember, activityPage } from '@contract/api/activity.calls.js';
import { person } from '@contract/api/people.calls.js';
import { restaurant, restaurantDetail } from '@contract/api/restaurants.calls.js';
import { member } from '@contract/api/team.calls.js';
import { reportSubscription, unsubscribeTarget } from '@contract/api/report-subscriptions.calls.js';

// The named schemas the document references (`#/components/…`) and what each query parameter means.

/** What a query parameter means, by name (its schema comes from the call's query). */
export const QUERY_PARAMETERS: Record<string, string> = {
  period: 'A range ending yesterday (7days, 14days: by day; 1month: by week; 3months: by month), or a grouping alone',
  start_date: 'With end_date: exactly these days (YYYY-MM-DD, inclusive, at most 400), grouped by `period` if it is a grouping',
  end_date: 'With start_date, not before it',
  limit: 'Length of the ranked lists: best sellers per list and the roster’s staff',
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

/** Named answer schemas, likewise. */
export const RESPONSE_COMPONENTS: Record<string, z.ZodType> = {
  ErrorEnvelope: errorEnvelope,
  ConnectivityCheck: connectivityCheck,
  FranchiseUser: franchiseUser,
  TokenResponse: tokenResponse,
  Profile: profile,
  ProfileSaved: profileSaved,
  Restaurant: restaurant,
  RestaurantDetail: restaurantDetail,
  Person: person,
  Member: member,
  ReportSubscription: reportSubscription,
  UnsubscribeTarget: unsubscribeTarget,
  AlertRule: alertRule,
  Alert: alert,
  AlertsPage: alertsPage,
  UnreadAlerts: unreadAlerts,
  ApiKey: apiKey,
  CreatedApiKey: createdApiKey,
  KeyRestaurant: keyRestaurant,
  IngestResult: ingestResult,
  RemovalResult: removalResult,
  AnalyticsWindow: answers.analyticsWindow,
  HeadcountAnalytics: answers.headcounts,
  RevenueAnalytics: answers.revenues,
  BestSellerAnalytics: answers.bestSellers,
  OrderAnalytics: answers.orders,
  RosterAnalytics: answers.roster,
  ProcurementAnalytics: answers.procurement,
  PageReport: answers.pageReport,
  ActivityItem: activityItem,
  ActivityPage: activityPage,
  ActivityMember: activityMember,
};
