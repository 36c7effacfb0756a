import { describe, expect, it, vi } from 'vitest';
import { ACTIVITY_ERRORS, activityQueryOf, createActivityService } from '../../src/services/activity.service';
import { ApiError } from '../../src/services/api-error';
import type { FileClient, HttpClient } from '../../src/services/http-client';

const NONE = { userId: null, entity: null, from: null, to: null };
const ALL = { userId: 2, entity: 'member' as const, from: '2026-11-01', to: '2026-11-20' };

function setup({
  request = async () => ({ status: 'success', message: 'ok', data: { items: [], page: 1, total: 0 } }),
  download = async () => ({ blob: new Blob(['at\r\n']), headers: new Headers() }),
}: { request?: (...args: unknown[]) => Promise<unknown>; download?: (...args: unknown[]) => Promise<unknown> } = {}) {
  const client = { request: vi.fn(request), refresh: vi.fn(), download: vi.fn(download) };
  return { service: createActivityService(client as unknown as HttpClient & FileClient), client };
}

describe('activity service', () => {
  it('names only the filters that are set, and the page when one is asked for', () => {
    expect(activityQueryOf(NONE, 1)).toEqual({ page: 1 });
    expect(activityQueryOf(NONE)).toEqual({});
    expect(activityQueryOf(ALL, 3)).toEqual({ page: 3, user_id: 2, entity: 'member', from: '2026-11-01', to: '2026-11-20' });
  });

  it('reads a page and the members through the activity calls', async () => {
    const { service, client } = setup();
    await service.page(ALL, 2);
    await service.members();
    expect(client.request.mock.calls).toEqual([
      ['/franchise/activity', { method: 'GET', query: { page: 2, user_id: 2, entity: 'member', from: '2026-11-01', to: '2026-11-20' } }],
      ['/franchise/activity/members', { method: 'GET' }],
    ]);
  });

  it('exports the filters (no page) as the file the server named, waiting as long as the page exports do', async () => {
    const headers = new Headers({ 'Content-Disposition': 'attachment; filename="activity_2026-11-01_2026-11-20.csv"' });
    const blob = new Blob(['at\r\n']);
    const { service, client } = setup({ download: async () => ({ blob, headers }) });
    expect(await service.exportCsv(ALL)).toEqual({ blob, filename: 'activity_2026-11-01_2026-11-20.csv' });
    expect(client.download.mock.calls).toEqual([
      ['/franchise/activity/export', { query: { user_id: 2, entity: 'member', from: '2026-11-01', to: '2026-11-20' }, timeout: 30_000 }],
    ]);
  });

  it('keeps the server’s message, else the call’s default', async () => {
    const { service } = setup({
      request: async () => {
        throw new ApiError('An unexpected error occurred', 500);
      },
      download: async () => {
        throw new ApiError('Too many exports in progress', 429, { status: 'error', message: 'Too many exports in progress' });
      },
    });
    await expect(service.page(NONE, 1)).rejects.toMatchObject({ message: ACTIVITY_ERRORS.page, status: 500 });
    await expect(service.members()).rejects.toMatchObject({ message: ACTIVITY_ERRORS.members });
    await expect(service.exportCsv(NONE)).rejects.toMatchObject({ message: 'Too many exports in progress', status: 429 });
  });
});
