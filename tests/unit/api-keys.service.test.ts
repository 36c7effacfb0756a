import { describe, expect, it, vi } from 'vitest';
import type { ApiKey, CreatedApiKey } from '@contract/api/api-keys.calls';
import { ApiError } from '../../src/services/api-error';
import {
  CREATE_API_KEY_FAILED,
  createApiKeysService,
  FETCH_API_KEYS_FAILED,
  REVOKE_API_KEY_FAILED,
} from '../../src/services/api-keys.service';
import type { HttpClient } from '../../src/services/http-client';

const KEY = {
  id: 4,
  name: 'Kitchen POS',
  restaurant_id: 7,
  restaurant_name: 'Parramatta',
  prefix: 'fck_0a1b2c3d',
  access: 'read',
} as ApiKey;
const CREATED = {
  id: 4,
  name: 'Kitchen POS',
  restaurant_id: 7,
  prefix: 'fck_0a1b2c3d',
  access: 'read',
  secret: 'fck_0a1b2c3d_x',
} as CreatedApiKey;

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const client = { request, refresh: vi.fn() } as unknown as HttpClient;
  return { service: createApiKeysService(client), request };
}

describe('API keys service', () => {
  it('lists, creates and revokes through the api-keys calls', async () => {
    const { service, request } = setup(async (_, options) => {
      const method = (options as { method?: string } | undefined)?.method;
      return { status: 'success', message: 'ok', data: method === 'DELETE' ? null : method === 'POST' ? CREATED : [KEY] };
    });
    expect(await service.list()).toEqual([KEY]);
    expect(await service.create({ name: 'Kitchen POS', restaurant_id: 7, access: 'read' })).toEqual(CREATED);
    await expect(service.revoke(4)).resolves.toBeUndefined();
    expect(request.mock.calls).toEqual([
      ['/franchise/api-keys', { method: 'GET' }],
      ['/franchise/api-keys', { method: 'POST', body: { name: 'Kitchen POS', restaurant_id: 7, access: 'read' } }],
      ['/franchise/api-keys/4', { method: 'DELETE' }],
    ]);
  });

  it('keeps the server’s message and its field errors (a 422 on the name)', async () => {
    const errors = { name: ['An API key with this name already exists'] };
    const { service } = setup(async () => {
      throw new ApiError('An API key with this name already exists', 422, { status: 'error', message: errors.name[0], errors });
    });
    const failure = await service.create({ name: 'POS', restaurant_id: null }).catch((e: unknown) => e as ApiError);
    expect(failure).toMatchObject({ message: errors.name[0], status: 422, data: { errors } });
  });

  it('gives each call its default message when the server names none', async () => {
    const { service } = setup(async () => {
      throw new ApiError('An unexpected error occurred', 500, undefined);
    });
    await expect(service.list()).rejects.toMatchObject({ message: FETCH_API_KEYS_FAILED, status: 500 });
    await expect(service.create({ name: 'POS', restaurant_id: null })).rejects.toMatchObject({ message: CREATE_API_KEY_FAILED });
    await expect(service.revoke(1)).rejects.toMatchObject({ message: REVOKE_API_KEY_FAILED });
  });
});
