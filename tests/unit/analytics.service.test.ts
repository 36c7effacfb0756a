import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_KINDS } from '@contract/analytics.contract';
import { ApiError } from '../../src/services/api-error';
import { analyticsErrorMessage, createAnalyticsService } from '../../src/services/analytics.service';
import type { HttpClient, RequestOptions } from '../../src/services/http-client';

function clientAnswering(answer: (path: string) => unknown) {
  const calls: { path: string; options?: RequestOptions }[] = [];
  const client: HttpClient = {
    request: vi.fn(async (path: string, options?: RequestOptions) => {
      calls.push({ path, options });
      return answer(path) as never;
    }),
    refresh: vi.fn(),
  };
  return { client, calls };
}

describe('analytics service: calls and default messages', () => {
  it('calls the franchise-wide path without a branch and the restaurant path with one, passing the query', async () => {
    const { client, calls } = clientAnswering(() => ({ status: 'success', message: 'OK', data: { items: [] } }));
    const service = createAnalyticsService(client);
    await expect(service.bestSellers({ restaurantId: null }, { period: '7days', limit: 5 })).resolves.toEqual({ items: [] });
    await service.fetch('roster', { restaurantId: 7 }, { period: 'weekly', start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(calls).toEqual([
      { path: '/franchise/analytics/best-sellers', options: { query: { period: '7days', limit: 5 } } },
      {
        path: '/franchise/restaurants/7/analytics/roster',
        options: { query: { period: 'weekly', start_date: '2026-10-01', end_date: '2026-10-31' } },
      },
    ]);
  });

  it('sends a token not stored yet (the one a sign-in just got) with the call', async () => {
    const { client, calls } = clientAnswering(() => ({ status: 'success', message: 'OK', data: { items: [] } }));
    await createAnalyticsService(client).fetch('revenues', { restaurantId: null }, { period: '7days' }, 'new-token');
    expect(calls[0]!.options).toEqual({ query: { period: '7days' }, token: 'new-token' });
  });

  it.each(ANALYTICS_KINDS)('%s: one call per kind, each with its own path', async (kind) => {
    const { client, calls } = clientAnswering(() => ({ status: 'success', message: 'OK', data: { kind } }));
    await expect(createAnalyticsService(client).fetch(kind, { restaurantId: 3 })).resolves.toEqual({ kind });
    expect(calls[0]!.path).toBe(`/franchise/restaurants/3/analytics/${kind}`);
  });

  it('targets and forecast: the franchise-wide path without a branch, the restaurant path with one, through the typed client', async () => {
    const { client, calls } = clientAnswering(() => ({ status: 'success', message: 'OK', data: { totals: {} } }));
    const service = createAnalyticsService(client);
    await expect(service.targets({ restaurantId: null }, { period: '7days', like_for_like: true })).resolves.toEqual({ totals: {} });
    await service.targets({ restaurantId: 7 }, { period: '1month' });
    await service.forecast({ restaurantId: null }, 14);
    await service.forecast({ restaurantId: 9 }, 14);
    expect(calls).toEqual([
      { path: '/franchise/analytics/targets', options: { method: 'GET', query: { period: '7days', like_for_like: 'true' } } },
      { path: '/franchise/restaurants/7/analytics/targets', options: { method: 'GET', query: { period: '1month' } } },
      { path: '/franchise/analytics/forecast', options: { method: 'GET', query: { days: 14 } } },
      { path: '/franchise/restaurants/9/analytics/forecast', options: { method: 'GET', query: { days: 14 } } },
    ]);
  });

  it('targets and forecast: a failure without a message says which call, franchise-wide or per restaurant', async () => {
    const { client } = clientAnswering(() => ({ status: 'error' }));
    const service = createAnalyticsService(client);
    await expect(service.targets({ restaurantId: null })).rejects.toMatchObject({ message: 'Failed to fetch target data' });
    await expect(service.targets({ restaurantId: 2 })).rejects.toMatchObject({ message: 'Failed to fetch restaurant target data' });
    await expect(service.forecast({ restaurantId: null }, 14)).rejects.toMatchObject({ message: 'Failed to fetch forecast' });
    await expect(service.forecast({ restaurantId: 2 }, 14)).rejects.toMatchObject({ message: 'Failed to fetch restaurant forecast' });
  });

  it('names the default messages, franchise-wide and per restaurant', () => {
    expect(analyticsErrorMessage('headcounts', { restaurantId: null })).toBe('Failed to fetch headcount data');
    expect(analyticsErrorMessage('revenues', { restaurantId: null })).toBe('Failed to fetch revenue data');
    expect(analyticsErrorMessage('best-sellers', { restaurantId: null })).toBe('Failed to fetch best sellers data');
    expect(analyticsErrorMessage('headcounts', { restaurantId: 2 })).toBe('Failed to fetch restaurant headcount data');
    expect(analyticsErrorMessage('revenues', { restaurantId: 2 })).toBe('Failed to fetch restaurant revenue data');
    expect(analyticsErrorMessage('best-sellers', { restaurantId: 2 })).toBe('Failed to fetch restaurant best sellers data');
  });

  it("keeps the server's message and status", async () => {
    const { client } = clientAnswering(() => {
      throw new ApiError('start_date must be a date as YYYY-MM-DD', 422, { message: 'start_date must be a date as YYYY-MM-DD' });
    });
    await expect(createAnalyticsService(client).revenues({ restaurantId: null })).rejects.toMatchObject({
      name: 'ApiError',
      status: 422,
      message: 'start_date must be a date as YYYY-MM-DD',
    });
  });

  it('falls back to the default message without one, and refuses an answer that is not a success', async () => {
    const silent = clientAnswering(() => {
      throw new ApiError('An unexpected error occurred', 0);
    });
    await expect(createAnalyticsService(silent.client).revenues({ restaurantId: 4 })).rejects.toMatchObject({
      message: 'Failed to fetch restaurant revenue data',
      status: 0,
    });
    const odd = clientAnswering(() => ({ status: 'error', message: '' }));
    await expect(createAnalyticsService(odd.client).orders({ restaurantId: null })).rejects.toMatchObject({
      message: 'Failed to fetch orders data',
    });
  });
});
