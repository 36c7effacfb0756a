import type { CreateSubscriptionInput, ReportSubscription } from '@contract/report-subscriptions.contract';
import { ApiError, callApi, callApiEnvelope } from './api-error';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const REPORT_SUBSCRIPTION_ERRORS = {
  list: 'Failed to fetch report mails',
  create: 'Failed to add the report mail',
  remove: 'Failed to remove the report mail',
  send: 'Failed to mail the report',
} as const;

const PATH = '/franchise/report-subscriptions';

/** The signed-in member's scheduled report mails (README "Report subscriptions"); each rejects with ApiError carrying the server's message or its default. */
export function createReportSubscriptionsService(client: HttpClient) {
  return {
    /** An answer that is not a list (a proxy's page, an older server) is a failure the section shows, not a crash of the page. */
    list: async () => {
      const items = await callApi<ReportSubscription[]>(REPORT_SUBSCRIPTION_ERRORS.list, () => client.request<ReportSubscription[]>(PATH));
      if (!Array.isArray(items)) throw new ApiError(REPORT_SUBSCRIPTION_ERRORS.list, 200, items);
      return items;
    },
    create: (body: CreateSubscriptionInput) =>
      callApi<ReportSubscription>(REPORT_SUBSCRIPTION_ERRORS.create, () =>
        client.request<ReportSubscription>(PATH, { method: 'POST', body }),
      ),
    remove: (id: number) =>
      callApi<null>(REPORT_SUBSCRIPTION_ERRORS.remove, () => client.request<null>(`${PATH}/${id}`, { method: 'DELETE' }), {
        nullable: true,
      }).then(() => undefined),
    /** Mails the report now; resolves with the server's sentence ("Report mailed to …"). */
    send: async (id: number): Promise<string> =>
      (
        await callApiEnvelope<null>(REPORT_SUBSCRIPTION_ERRORS.send, () => client.request<null>(`${PATH}/${id}/send`, { method: 'POST' }), {
          nullable: true,
        })
      ).message,
  };
}

export type ReportSubscriptionsService = ReturnType<typeof createReportSubscriptionsService>;

export const reportSubscriptionsService = createReportSubscriptionsService(httpClient);
