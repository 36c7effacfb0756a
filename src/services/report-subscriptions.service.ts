import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import type { CreateSubscriptionInput } from '@contract/report-subscriptions.contract';
import { ApiError, callApi, callApiEnvelope } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const REPORT_SUBSCRIPTION_ERRORS = {
  list: 'Failed to fetch report mails',
  create: 'Failed to add the report mail',
  remove: 'Failed to remove the report mail',
  send: 'Failed to mail the report',
} as const;

/** The signed-in member's scheduled report mails (docs/reports.md); each rejects with ApiError carrying the server's message or its default. */
export function createReportSubscriptionsService(client: HttpClient) {
  const call = callsOf(client);
  return {
    /** An answer that is not a list (a proxy's page, an older server) is a failure the section shows, not a crash of the page. */
    list: async () => {
      const items = await callApi<ReportSubscription[]>(REPORT_SUBSCRIPTION_ERRORS.list, () => call('GET /franchise/report-subscriptions'));
      if (!Array.isArray(items)) throw new ApiError(REPORT_SUBSCRIPTION_ERRORS.list, 200, items);
      return items;
    },
    create: (body: CreateSubscriptionInput) =>
      callApi<ReportSubscription>(REPORT_SUBSCRIPTION_ERRORS.create, () => call('POST /franchise/report-subscriptions', { body })),
    remove: (id: number) =>
      callApi<null>(REPORT_SUBSCRIPTION_ERRORS.remove, () => call('DELETE /franchise/report-subscriptions/{id}', { params: { id } }), {
        nullable: true,
      }).then(() => undefined),
    /** Mails the report now; resolves with the server's sentence ("Report mailed to …"). */
    send: async (id: number): Promise<string> =>
      (
        await callApiEnvelope<null>(
          REPORT_SUBSCRIPTION_ERRORS.send,
          () => call('POST /franchise/report-subscriptions/{id}/send', { params: { id } }),
          { nullable: true },
        )
      ).message,
  };
}

export type ReportSubscriptionsService = ReturnType<typeof createReportSubscriptionsService>;

export const reportSubscriptionsService = createReportSubscriptionsService(httpClient);
