import type { UnsubscribeTarget } from '@contract/api/report-subscriptions.calls';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

/** Defaults used when the server sent no message. */
export const UNSUBSCRIBE_ERRORS = {
  describe: 'Failed to read the unsubscribe link',
  unsubscribe: 'Failed to unsubscribe',
} as const;

/**
 * A report mail's unsubscribe link (no sign-in; docs/reports.md): what it stops, and using it. Each
 * resolves with the report mail the token names and rejects with ApiError (404 unknown or used, 422 not a link's token).
 */
export function createUnsubscribeService(client: HttpClient) {
  const call = callsOf(client);
  return {
    describe: (token: string) =>
      callApi<UnsubscribeTarget>(UNSUBSCRIBE_ERRORS.describe, () => call('GET /unsubscribe', { query: { token } })),
    unsubscribe: (token: string) =>
      callApi<UnsubscribeTarget>(UNSUBSCRIBE_ERRORS.unsubscribe, () => call('POST /unsubscribe', { query: { token } })),
  };
}

export type UnsubscribeService = ReturnType<typeof createUnsubscribeService>;

export const unsubscribeService = createUnsubscribeService(httpClient);
