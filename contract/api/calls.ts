import { ALERT_CALLS, ALERT_RULE_CALLS } from './alerts.calls.js';
import { ACTIVITY_CALLS } from './activity.calls.js';
import { ANALYTICS_CALLS, PAGE_REPORT_CALLS } from './analytics.calls.js';
import { API_KEY_CALLS } from './api-keys.calls.js';
import { AUTH_CALLS } from './auth.calls.js';
import { PROFILE_CALLS } from './profile.calls.js';
import { PEOPLE_CALLS } from './people.calls.js';
import { RESTAURANT_CALLS } from './restaurants.calls.js';
import { TEAM_CALLS } from './team.calls.js';
import { REPORT_SUBSCRIPTION_CALLS } from './report-subscriptions.calls.js';
import { IMPORT_CALLS, INGEST_CALLS } from './ingest.calls.js';
import { MENU_CALLS } from './menu.calls.js';
import { SERVICE_CALLS } from './service.calls.js';
import { GETTING_STARTED_CALLS } from './getting-started.calls.js';
import { ALERT_PREVIEW_CALLS, FORECAST_CALLS, TARGET_CALLS } from './targets.calls.js';

/** Every call of the API, by key (docs/architecture.md, "Adding a call"). */
export const CALLS = {
  ...SERVICE_CALLS,
  ...AUTH_CALLS,
  ...PROFILE_CALLS,
  ...GETTING_STARTED_CALLS,
  ...REPORT_SUBSCRIPTION_CALLS,
  ...ALERT_RULE_CALLS,
  ...ALERT_PREVIEW_CALLS,
  ...ALERT_CALLS,
  ...API_KEY_CALLS,
  ...PEOPLE_CALLS,
  ...RESTAURANT_CALLS,
  ...TEAM_CALLS,
  ...ACTIVITY_CALLS,
  ...ANALYTICS_CALLS,
  ...PAGE_REPORT_CALLS,
  ...TARGET_CALLS,
  ...FORECAST_CALLS,
  ...INGEST_CALLS,
  ...IMPORT_CALLS,
  ...MENU_CALLS,
};
export type Calls = typeof CALLS;
