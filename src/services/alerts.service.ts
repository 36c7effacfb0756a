import type { CreateAlertRuleInput, UpdateAlertRuleInput } from '@contract/alerts.contract';
import type { AlertRule, AlertsPage, UnreadAlerts } from '@contract/api/alerts.calls';
import type { AlertPreview } from '@contract/api/targets.calls';
import { ApiError, callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const ALERT_ERRORS = {
  rules: 'Failed to fetch alert rules',
  create: 'Failed to add the alert rule',
  update: 'Failed to update the alert rule',
  remove: 'Failed to remove the alert rule',
  preview: 'Failed to preview the alert rule',
  alerts: 'Failed to fetch alerts',
  unread: 'Failed to count unread alerts',
  acknowledge: 'Failed to acknowledge the alert',
  acknowledgeAll: 'Failed to acknowledge the alerts',
} as const;

export type AlertStatus = 'unread' | 'all';

/** An answer of the wrong shape (a proxy's page, an older server) is a failure the page shows, not a crash. */
function checked<T>(value: T, ok: (value: T) => boolean, fallback: string): T {
  if (!ok(value)) throw new ApiError(fallback, 200, value);
  return value;
}

/** The alert calls: rules (owners only) and the member's own alerts; each rejects with ApiError carrying the server's message or its default. */
export function createAlertsService(client: HttpClient) {
  const call = callsOf(client);
  return {
    rules: async () =>
      checked(await callApi<AlertRule[]>(ALERT_ERRORS.rules, () => call('GET /franchise/alert-rules')), Array.isArray, ALERT_ERRORS.rules),
    createRule: (body: CreateAlertRuleInput) =>
      callApi<AlertRule>(ALERT_ERRORS.create, () => call('POST /franchise/alert-rules', { body })),
    updateRule: (id: number, body: UpdateAlertRuleInput) =>
      callApi<AlertRule>(ALERT_ERRORS.update, () => call('PUT /franchise/alert-rules/{id}', { params: { id }, body })),
    /** What the rule would have fired over the last `days` closed days; nothing is saved. */
    previewRule: async (body: CreateAlertRuleInput, days: number) =>
      checked(
        await callApi<AlertPreview>(ALERT_ERRORS.preview, () => call('POST /franchise/alert-rules/preview', { body, query: { days } })),
        (answer) => Array.isArray(answer.alerts) && typeof answer.days === 'number',
        ALERT_ERRORS.preview,
      ),
    removeRule: (id: number) =>
      callApi<null>(ALERT_ERRORS.remove, () => call('DELETE /franchise/alert-rules/{id}', { params: { id } }), { nullable: true }).then(
        () => undefined,
      ),
    /** One page of the member's alerts, newest first. */
    alerts: async (status: AlertStatus, page: number) =>
      checked(
        await callApi<AlertsPage>(ALERT_ERRORS.alerts, () => call('GET /franchise/alerts', { query: { status, page } })),
        (answer) => Array.isArray(answer.items) && typeof answer.total === 'number',
        ALERT_ERRORS.alerts,
      ),
    /** How many of the member's alerts are unread: what the bell shows. */
    unread: async () =>
      checked(
        await callApi<UnreadAlerts>(ALERT_ERRORS.unread, () => call('GET /franchise/alerts/unread')),
        (answer) => Number.isInteger(answer.unread) && answer.unread >= 0,
        ALERT_ERRORS.unread,
      ).unread,
    acknowledge: (id: number) =>
      callApi<unknown>(ALERT_ERRORS.acknowledge, () => call('POST /franchise/alerts/{id}/acknowledge', { params: { id } }), {
        nullable: true,
      }).then(() => undefined),
    acknowledgeAll: () =>
      callApi<unknown>(ALERT_ERRORS.acknowledgeAll, () => call('POST /franchise/alerts/acknowledge-all'), {
        nullable: true,
      }).then(() => undefined),
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;

export const alertsService = createAlertsService(httpClient);
