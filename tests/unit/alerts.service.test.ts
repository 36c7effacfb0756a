import { describe, expect, it, vi } from 'vitest';
import type { AlertRule, AlertsPage } from '@contract/api/alerts.calls';
import { ALERT_ERRORS, createAlertsService } from '../../src/services/alerts.service';
import { ApiError } from '../../src/services/api-error';
import type { HttpClient } from '../../src/services/http-client';

const RULE: AlertRule = {
  id: 4,
  kind: 'labour_cost',
  restaurant_id: null,
  threshold: 35,
  recipient_ids: [1],
  version: 1,
  created_at: '2026-11-20T03:15:00.000Z',
};
const PAGE: AlertsPage = { items: [], total: 0, unread: 0, page: 1, page_size: 20 };

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const client = { request, refresh: vi.fn() } as unknown as HttpClient;
  return { service: createAlertsService(client), request };
}

const success = (data: unknown) => ({ status: 'success', message: 'OK', data });

describe('alerts service', () => {
  it('reads and writes rules and the member’s alerts through their calls', async () => {
    const { service, request } = setup(async (path, options) => {
      const method = (options as { method?: string } | undefined)?.method;
      if (path === '/franchise/alert-rules' && method === 'GET') return success([RULE]);
      if (path === '/franchise/alerts') return success(PAGE);
      if (path === '/franchise/alerts/unread') return success({ unread: 3 });
      if (method === 'DELETE' || path.includes('acknowledge')) return success(null);
      return success(RULE);
    });
    const body = { kind: 'labour_cost' as const, restaurant_id: null, threshold: 35, recipient_ids: [1] };
    expect(await service.rules()).toEqual([RULE]);
    expect(await service.createRule(body)).toEqual(RULE);
    expect(await service.updateRule(4, { ...body, version: 1 })).toEqual(RULE);
    await service.removeRule(4);
    expect(await service.alerts('unread', 2)).toEqual(PAGE);
    expect(await service.unread()).toBe(3);
    await service.acknowledge(9);
    await service.acknowledgeAll();
    expect(request.mock.calls).toEqual([
      ['/franchise/alert-rules', { method: 'GET' }],
      ['/franchise/alert-rules', { method: 'POST', body }],
      ['/franchise/alert-rules/4', { method: 'PUT', body: { ...body, version: 1 } }],
      ['/franchise/alert-rules/4', { method: 'DELETE' }],
      ['/franchise/alerts', { method: 'GET', query: { status: 'unread', page: 2 } }],
      ['/franchise/alerts/unread', { method: 'GET' }],
      ['/franchise/alerts/9/acknowledge', { method: 'POST' }],
      ['/franchise/alerts/acknowledge-all', { method: 'POST' }],
    ]);
  });

  it('refuses answers of the wrong shape with the call’s default message, never a crash later', async () => {
    const { service } = setup(async () => success({ unexpected: true }));
    await expect(service.rules()).rejects.toMatchObject({ message: ALERT_ERRORS.rules });
    await expect(service.alerts('all', 1)).rejects.toMatchObject({ message: ALERT_ERRORS.alerts });
    await expect(service.unread()).rejects.toMatchObject({ message: ALERT_ERRORS.unread });
  });

  it('keeps the server’s refusal: its message, status and field errors', async () => {
    const message = 'Choose at least one member to tell';
    const { service } = setup(async () => {
      throw new ApiError(message, 422, { status: 'error', message, errors: { recipient_ids: [message] } });
    });
    await expect(service.createRule({ kind: 'attendance', restaurant_id: 7, threshold: 80, recipient_ids: [] })).rejects.toMatchObject({
      message,
      status: 422,
      data: { errors: { recipient_ids: [message] } },
    });
  });
});
