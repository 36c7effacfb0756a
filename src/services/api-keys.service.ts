import type { CreateApiKeyInput } from '@contract/api-keys.contract';
import type { ApiKey, CreatedApiKey } from '@contract/api/api-keys.calls';
import { callApi } from './api-error';
import { callsOf } from './call';
import { httpClient, type HttpClient } from './http-client';

export const FETCH_API_KEYS_FAILED = 'Failed to fetch API keys';
export const CREATE_API_KEY_FAILED = 'Failed to create the API key';
export const REVOKE_API_KEY_FAILED = 'Failed to revoke the API key';

/** The API key calls of the Integrations page (docs/integrations.md); each rejects with ApiError carrying the server's message or its default. */
export function createApiKeysService(client: HttpClient) {
  const call = callsOf(client);
  return {
    list: () => callApi<ApiKey[]>(FETCH_API_KEYS_FAILED, () => call('GET /franchise/api-keys')),
    create: (body: CreateApiKeyInput) => callApi<CreatedApiKey>(CREATE_API_KEY_FAILED, () => call('POST /franchise/api-keys', { body })),
    revoke: (id: number) =>
      callApi<null>(REVOKE_API_KEY_FAILED, () => call('DELETE /franchise/api-keys/{id}', { params: { id } }), {
        nullable: true,
      }).then(() => undefined),
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

export const apiKeysService = createApiKeysService(httpClient);
