import { ALERT_CALLS, ALERT_RULE_CALLS } from './alerts.calls.js';
import { ACTIVITY_CALLS } from './activity.calls.js';
import { API_KEY_CALLS } from './api-keys.calls.js';
import { AUTH_CALLS } from './auth.calls.js';
import { PROFILE_CALLS } from './profile.calls.js';
import { PEOPLE_CALLS } from './people.calls.js';
import { RESTAURANT_CALLS } from './restaurants.calls.js';
import { TEAM_CALLS } from './team.calls.js';
import { REPORT_SUBSCRIPTION_CALLS } from './report-subscriptions.calls.js';

/**
 * Every call defined in contract/api, by key. Calls move here domain by domain from the server's own
 * route files (docs/architecture.md, "Adding a call"); the OpenAPI document holds both until then.
 */
export const CALLS = {
  ...AUTH_CALLS,
  ...PROFILE_CALLS,
  ...REPORT_SUBSCRIPTION_CALLS,
  ...ALERT_RULE_CALLS,
  ...ALERT_CALLS,
  ...API_KEY_CALLS,
  ...PEOPLE_CALLS,
  ...RESTAURANT_CALLS,
  ...TEAM_CALLS,
  ...ACTIVITY_CALLS,
};
export type Calls = typeof CALLS;
