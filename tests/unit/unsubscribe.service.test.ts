import { describe, expect, it, vi } from 'vitest';
import type { UnsubscribeTarget } from '@contract/api/report-subscriptions.calls';
import { ApiError } from '../../src/services/api-error';
import type { HttpClient } from '../../src/services/http-client';
import { createUnsubscribeService, UNSUBSCRIBE_ERRORS } from '../../src/services/unsubscribe.service';

const TARGET: UnsubscribeTarget = { page: 'revenue', range: '7days', frequency: 'weekly' };

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const client = { request, refresh: vi.fn() } as unknown as HttpClient;
  return { service: createUnsubscribeService(client), request };
}

describe('unsubscribe service', () => {
  it('reads the link with a GET and uses it with a POST, the token in the query', async () => {
    const { service, request } = setup(async () => ({ status: 'success', message: 'ok', data: TARGET }));
    expect(await service.describe('tok')).toEqual(TARGET);
    expect(await service.unsubscribe('tok')).toEqual(TARGET);
    expect(request.mock.calls).toEqual([
      ['/unsubscribe', { method: 'GET', query: { token: 'tok' } }],
      ['/unsubscribe', { method: 'POST', query: { token: 'tok' } }],
    ]);
  });

  it('keeps the server’s message and status; gives each call its default when the server names none', async () => {
    const unknown = setup(async () => {
      throw new ApiError('This unsubscribe link is unknown or was already used', 404, { status: 'error', message: 'x' });
    });
    await expect(unknown.service.unsubscribe('tok')).rejects.toMatchObject({ status: 404, message: 'x' });
    const silent = setup(async () => {
      throw new ApiError('An unexpected error occurred', 500, undefined);
    });
    await expect(silent.service.describe('tok')).rejects.toMatchObject({ message: UNSUBSCRIBE_ERRORS.describe, status: 500 });
    await expect(silent.service.unsubscribe('tok')).rejects.toMatchObject({ message: UNSUBSCRIBE_ERRORS.unsubscribe, status: 500 });
  });
});
