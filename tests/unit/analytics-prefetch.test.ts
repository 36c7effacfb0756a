import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AnalyticsKind, AnalyticsQuery } from '@contract/analytics.contract';
import { dashboardMachine } from '../../src/machines/dashboard.machine';
import { CARD_KINDS, prefetchDashboard, type DashboardKind } from '../../src/machines/support/dashboard-calls';
import { ApiError } from '../../src/services/api-error';
import { createAnalyticsPrefetch, PREFETCH_TTL_MS, type AnalyticsCall } from '../../src/services/analytics-prefetch';
import { analyticsService, type AnalyticsScope } from '../../src/services/analytics.service';
import { sessionStore } from '../../src/services/session-storage';
import { TRADE } from '../model/models/dashboard.fixtures';

const revenues: AnalyticsCall = { kind: 'revenues', scope: { restaurantId: null }, query: { period: '7days' } };
const bestSellers: AnalyticsCall = { kind: 'best-sellers', scope: { restaurantId: null }, query: { period: '7days', limit: 5 } };

/** A prefetch over a fake service whose every call answers with its own number (and whether it carried a token). */
function setUp() {
  let clock = 1_000;
  let stored: string | null = 'token-a';
  const calls: { kind: AnalyticsKind; scope: AnalyticsScope; query?: AnalyticsQuery; token?: string }[] = [];
  const failing = new Set<number>();
  const fetch = vi.fn(async (kind: AnalyticsKind, scope: AnalyticsScope, query?: AnalyticsQuery, token?: string) => {
    calls.push({ kind, scope, query, token });
    const n = calls.length;
    if (failing.has(n)) throw new ApiError('Failed to fetch revenue data', 500);
    return { n, token } as never;
  });
  const prefetch = createAnalyticsPrefetch({ analytics: { fetch }, storage: { readToken: () => stored }, now: () => clock });
  return {
    prefetch,
    calls,
    failCall: (n: number) => failing.add(n),
    tick: (ms: number) => (clock += ms),
    store: (token: string | null) => (stored = token),
  };
}

describe('analytics prefetch', () => {
  it('starts each call at once with the token not stored yet, and hands its answer over once', async () => {
    const { prefetch, calls } = setUp();
    prefetch.start([revenues, bestSellers], 'token-a');
    expect(calls).toEqual([
      { ...revenues, token: 'token-a' },
      { ...bestSellers, token: 'token-a' },
    ]);
    await expect(prefetch.fetch(bestSellers)).resolves.toEqual({ n: 2, token: 'token-a' });
    await expect(prefetch.fetch(revenues)).resolves.toEqual({ n: 1, token: 'token-a' });
    // Taken: the next ask (a Retry, an Apply of the same filters) is a call of its own, with the stored token.
    await expect(prefetch.fetch(revenues)).resolves.toEqual({ n: 3, token: undefined });
    expect(calls).toHaveLength(3);
  });

  it('never hands over an answer older than its time to live', async () => {
    const { prefetch, tick } = setUp();
    prefetch.start([revenues, bestSellers], 'token-a');
    tick(PREFETCH_TTL_MS);
    await expect(prefetch.fetch(revenues)).resolves.toEqual({ n: 1, token: 'token-a' });
    tick(1);
    await expect(prefetch.fetch(bestSellers)).resolves.toEqual({ n: 3, token: undefined });
  });

  it('answers another range, branch or limit with a call of its own, and keeps the prefetched one for its own call', async () => {
    const { prefetch, calls } = setUp();
    prefetch.start([revenues, bestSellers], 'token-a');
    await expect(prefetch.fetch({ ...revenues, query: { period: '14days' } })).resolves.toMatchObject({ n: 3 });
    await expect(prefetch.fetch({ ...revenues, scope: { restaurantId: 7 } })).resolves.toMatchObject({ n: 4 });
    await expect(prefetch.fetch({ ...bestSellers, query: { period: '7days', limit: 10 } })).resolves.toMatchObject({ n: 5 });
    expect(calls.slice(2).map((c) => c.token)).toEqual([undefined, undefined, undefined]);
    // The same query with its keys in another order is the same call.
    await expect(prefetch.fetch({ ...bestSellers, query: { limit: 5, period: '7days' } })).resolves.toEqual({ n: 2, token: 'token-a' });
  });

  it('calls again when the early call failed', async () => {
    const { prefetch, failCall } = setUp();
    failCall(1);
    prefetch.start([revenues], 'token-a');
    await expect(prefetch.fetch(revenues)).resolves.toEqual({ n: 2, token: undefined });
  });

  it('hands nothing over once signed out or signed in as someone else, not even after signing back in', async () => {
    const { prefetch, store } = setUp();
    prefetch.start([revenues, bestSellers], 'token-a');
    store(null);
    await expect(prefetch.fetch(revenues)).resolves.toMatchObject({ n: 3, token: undefined });
    store('token-a');
    await expect(prefetch.fetch(bestSellers)).resolves.toMatchObject({ n: 4, token: undefined });
    prefetch.start([revenues], 'token-b');
    await expect(prefetch.fetch(revenues)).resolves.toMatchObject({ n: 6, token: undefined });
  });

  it('drops what an earlier sign-in started', async () => {
    const { prefetch, store } = setUp();
    prefetch.start([revenues, bestSellers], 'token-a');
    prefetch.start([revenues], 'token-b');
    store('token-b');
    await expect(prefetch.fetch(bestSellers)).resolves.toMatchObject({ n: 4, token: undefined });
    await expect(prefetch.fetch(revenues)).resolves.toEqual({ n: 3, token: 'token-b' });
  });
});

describe("the dashboard's prefetch", () => {
  afterEach(() => vi.restoreAllMocks());

  // The cards' calls, and the forecast card's last 14 days.
  const CALLS = CARD_KINDS.length + 1;

  beforeEach(() => {
    vi.spyOn(analyticsService, 'targets').mockResolvedValue(TRADE.targets);
    vi.spyOn(analyticsService, 'forecast').mockResolvedValue(TRADE.forecast.forecast);
  });

  async function openDashboard(search: string) {
    const actor = createActor(dashboardMachine, { input: { search, branches: [{ id: 7, name: 'Bondi' }] } }).start();
    await waitFor(actor, (s) => !s.hasTag('busy'));
    actor.stop();
  }

  it('is what the dashboard at its default filters asks: each card takes its answer, and no call is made twice', async () => {
    vi.spyOn(sessionStore, 'readToken').mockReturnValue('token-a');
    const fetch = vi.spyOn(analyticsService, 'fetch').mockImplementation(async (kind) => TRADE[kind as DashboardKind] as never);
    prefetchDashboard('token-a');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(CALLS));
    await openDashboard('');
    expect(fetch).toHaveBeenCalledTimes(CALLS);
    expect(fetch.mock.calls.every((call) => call[3] === 'token-a')).toBe(true);
  });

  it('is not what the dashboard of another range or branch shows', async () => {
    vi.spyOn(sessionStore, 'readToken').mockReturnValue('token-a');
    const fetch = vi.spyOn(analyticsService, 'fetch').mockImplementation(async (kind) => TRADE[kind as DashboardKind] as never);
    prefetchDashboard('token-a');
    await openDashboard('?range=14days&restaurant=7');
    expect(fetch).toHaveBeenCalledTimes(2 * CALLS);
    expect(fetch.mock.calls.slice(CALLS).every((call) => call[3] === undefined && call[1].restaurantId === 7)).toBe(true);
  });
});
