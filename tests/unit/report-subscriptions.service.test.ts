import { describe, expect, it, vi } from 'vitest';
import type { ReportSubscription } from '@contract/api/report-subscriptions.calls';
import { ApiError } from '../../src/services/api-error';
import type { HttpClient } from '../../src/services/http-client';
import { createReportSubscriptionsService, REPORT_SUBSCRIPTION_ERRORS } from '../../src/services/report-subscriptions.service';

const SUBSCRIPTION: ReportSubscription = {
  id: 4,
  page: 'revenue',
  range: '7days',
  frequency: 'weekly',
  weekday: 1,
  hour: 7,
  next_run_at: '2026-11-29T20:00:00.000Z',
  created_at: '2026-11-25T04:30:00.000Z',
};
const BODY = { page: 'revenue', range: '7days', frequency: 'weekly', weekday: 1, hour: 7 } as const;

function setup(answer: (path: string, options: unknown) => Promise<unknown>) {
  const request = vi.fn(answer);
  const client = { request, refresh: vi.fn() } as unknown as HttpClient;
  return { service: createReportSubscriptionsService(client), request };
}

describe('report subscriptions service', () => {
  it('lists, creates, removes and sends through the report-subscriptions calls', async () => {
    const { service, request } = setup(async (path, options) => {
      const method = (options as { method?: string } | undefined)?.method;
      if (path.endsWith('/send')) return { status: 'success', message: 'Report mailed to olivia@example.com', data: null };
      return { status: 'success', message: 'ok', data: method === 'DELETE' ? null : method === 'POST' ? SUBSCRIPTION : [SUBSCRIPTION] };
    });
    expect(await service.list()).toEqual([SUBSCRIPTION]);
    expect(await service.create(BODY)).toEqual(SUBSCRIPTION);
    await expect(service.remove(4)).resolves.toBeUndefined();
    expect(await service.send(4)).toBe('Report mailed to olivia@example.com');
    expect(request.mock.calls).toEqual([
      ['/franchise/report-subscriptions', { method: 'GET' }],
      ['/franchise/report-subscriptions', { method: 'POST', body: BODY }],
      ['/franchise/report-subscriptions/4', { method: 'DELETE' }],
      ['/franchise/report-subscriptions/4/send', { method: 'POST' }],
    ]);
  });

  it('keeps the server’s message, status and field errors', async () => {
    const errors = { weekday: ['Choose a weekday for a weekly report, none for a daily one'] };
    const { service } = setup(async (path) => {
      if (path.endsWith('/send'))
        throw new ApiError('Too many report mails. Try again in 12 minutes.', 429, { status: 'error', message: 'x' });
      throw new ApiError(errors.weekday[0]!, 422, { status: 'error', message: errors.weekday[0], errors });
    });
    await expect(service.create({ ...BODY, weekday: null })).rejects.toMatchObject({ status: 422, data: { errors } });
    await expect(service.send(4)).rejects.toMatchObject({ status: 429 });
  });

  it('refuses a list answer that is not a list, so the page shows a failure instead of breaking', async () => {
    const { service } = setup(async () => ({ status: 'success', message: 'ok', data: { user: { id: 1 } } }));
    await expect(service.list()).rejects.toMatchObject({ message: REPORT_SUBSCRIPTION_ERRORS.list });
  });

  it('gives each call its default message when the server names none', async () => {
    const { service } = setup(async () => {
      throw new ApiError('An unexpected error occurred', 500, undefined);
    });
    await expect(service.list()).rejects.toMatchObject({ message: REPORT_SUBSCRIPTION_ERRORS.list, status: 500 });
    await expect(service.create(BODY)).rejects.toMatchObject({ message: REPORT_SUBSCRIPTION_ERRORS.create });
    await expect(service.remove(1)).rejects.toMatchObject({ message: REPORT_SUBSCRIPTION_ERRORS.remove });
    await expect(service.send(1)).rejects.toMatchObject({ message: REPORT_SUBSCRIPTION_ERRORS.send });
  });
});
