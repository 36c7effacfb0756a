import type { AlertRule, AlertsPage, CreateAlertRuleInput, UnreadAlerts, UpdateAlertRuleInput } from '@contract/alerts.contract';
import { ApiError, callApi } from './api-error';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const ALERT_ERRORS = {
  rules: 'Failed to fetch alert rules',
  create: 'Failed to add the alert rule',
  update: 'Failed to update the alert rule',
  remove: 'Failed to remove the alert rule',
  alerts: 'Failed to fetch alerts',
  unread: 'Failed to count unread alerts',
  acknowledge: 'Failed to acknowledge the alert',
  acknowledgeAll: 'Failed to acknowledge the alerts',
} as const;

export type AlertStatus = 'unread' | 'all';

const RULES = '/franchise/alert-rules';
const ALERTS = '/franchise/alerts';

/** An answer of the wrong shape (a proxy's page, an older server) is a failure the page shows, not a crash. */
function checked<T>(value: T, ok: (value: T) => boolean, fallback: string): T {
  if (!ok(value)) throw new ApiError(fallback, 200, value);
  return value;
}

/** The alert calls: rules (owners only) and the member's own alerts; each rejects with ApiError carrying the server's message or its default. */
export function createAlertsService(client: HttpClient) {
  return {
    rules: async () =>
      checked(await callApi<AlertRule[]>(ALERT_ERRORS.rules, () => client.request<AlertRule[]>(RULES)), Array.isArray, ALERT_ERRORS.rules),
    createRule: (body: CreateAlertRuleInput) =>
      callApi<AlertRule>(ALERT_ERRORS.create, () => client.request<AlertRule>(RULES, { method: 'POST', body })),
    updateRule: (id: number, body: UpdateAlertRuleInput) =>
      callApi<AlertRule>(ALERT_ERRORS.update, () => client.request<AlertRule>(`${RULES}/${id}`, { method: 'PUT', body })),
    removeRule: (id: number) =>
      callApi<null>(ALERT_ERRORS.remove, () => client.request<null>(`${RULES}/${id}`, { method: 'DELETE' }), { nullable: true }).then(
        () => undefined,
      ),
    /** One page of the member's alerts, newest first. */
    alerts: async (status: AlertStatus, page: number) =>
      checked(
        await callApi<AlertsPage>(ALERT_ERRORS.alerts, () => client.request<AlertsPage>(ALERTS, { query: { status, page } })),
        (answer) => Array.isArray(answer.items) && typeof answer.total === 'number',
        ALERT_ERRORS.alerts,
      ),
    /** How many of the member's alerts are unread: what the bell shows. */
    unread: async () =>
      checked(
        await callApi<UnreadAlerts>(ALERT_ERRORS.unread, () => client.request<UnreadAlerts>(`${ALERTS}/unread`)),
        (answer) => Number.isInteger(answer.unread) && answer.unread >= 0,
        ALERT_ERRORS.unread,
      ).unread,
    acknowledge: (id: number) =>
      callApi<unknown>(ALERT_ERRORS.acknowledge, () => client.request<unknown>(`${ALERTS}/${id}/acknowledge`, { method: 'POST' }), {
        nullable: true,
      }).then(() => undefined),
    acknowledgeAll: () =>
      callApi<unknown>(ALERT_ERRORS.acknowledgeAll, () => client.request<unknown>(`${ALERTS}/acknowledge-all`, { method: 'POST' }), {
        nullable: true,
      }).then(() => undefined),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

export const alertsService = createAlertsService(httpClient);
