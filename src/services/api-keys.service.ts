import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@contract/api-keys.contract';
import { callApi } from './api-error';
import { httpClient, type HttpClient } from './http-client';

export const FETCH_API_KEYS_FAILED = 'Failed to fetch API keys';
export const CREATE_API_KEY_FAILED = 'Failed to create the API key';
export const REVOKE_API_KEY_FAILED = 'Failed to revoke the API key';

/** The API key calls of the Integrations page (README "API keys"); each rejects with ApiError carrying the server's message or its default. */
export function createApiKeysService(client: HttpClient) {
  return {
    list: () => callApi<ApiKey[]>(FETCH_API_KEYS_FAILED, () => client.request<ApiKey[]>('/franchise/api-keys')),
    create: (body: CreateApiKeyInput) =>
      callApi<CreatedApiKey>(CREATE_API_KEY_FAILED, () => client.request<CreatedApiKey>('/franchise/api-keys', { method: 'POST', body })),
    revoke: (id: number) =>
      callApi<null>(REVOKE_API_KEY_FAILED, () => client.request<null>(`/franchise/api-keys/${id}`, { method: 'DELETE' }), {
        nullable: true,
      }).then(() => undefined),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

export const apiKeysService = createApiKeysService(httpClient);
