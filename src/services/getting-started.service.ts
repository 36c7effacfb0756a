import type { GettingStarted } from '@contract/api/getting-started.calls';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

export const GETTING_STARTED_ERRORS = {
  read: 'Failed to fetch your first steps',
  dismiss: 'Failed to dismiss your first steps',
} as const;

/** An owner's first steps on an empty franchise (docs/product.md#getting-started). */
export function createGettingStartedService(client: HttpClient) {
  const call = callsOf(client);
  return {
    read: (): Promise<GettingStarted> => callApi(GETTING_STARTED_ERRORS.read, () => call('GET /franchise/getting-started')),
    dismiss: (): Promise<GettingStarted> => callApi(GETTING_STARTED_ERRORS.dismiss, () => call('POST /franchise/getting-started/dismiss')),
  };
}

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;
export const gettingStartedService = createGettingStartedService(httpClient);
