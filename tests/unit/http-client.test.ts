import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/services/api-error';
import { createHttpClient, type CrossTabLock } from '../../src/services/http-client';
import { createSessionStore } from '../../src/services/session-storage';
import { failure, json, ok, OWNER } from './support/fake-server';
import { fakeJwt } from './support/jwt';

const NOW = Date.UTC(2025, 0, 1);
const VALID = fakeJwt(NOW / 1000 + 3600, { n: 1 });
const EXPIRED = fakeJwt(NOW / 1000 - 60);
const FRESH = fakeJwt(NOW / 1000 + 7200, { n: 2 });

type Call = { path: string; method: string; authorization: string | null };
type Handler = (call: Call, signal?: AbortSignal | null) => Response | Promise<Response>;

const unauthorized = () => failure(401, 'Unauthenticated');
const refreshed = (token = FRESH) => ok({ access_token: token, token_type: 'bearer', expires_in: 3600, user: OWNER });

/** A client over a fake fetch that records every call and answers with `handler`. */
function setup(handler: Handler, { token, timeout }: { token?: string; timeout?: number } = {}) {
  const onRestaurantMissing = vi.fn();
  const storage = createSessionStore({ local: localStorage, session: sessionStorage });
  if (token) storage.save({ token, user: OWNER, restaurants: [], remember: false });
  const calls: Call[] = [];
  const onSessionExpired = vi.fn();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      path: new URL(String(input), 'http://test').pathname,
      method: init?.method ?? 'GET',
      authorization: headers.get('Authorization'),
    };
    calls.push(call);
    return handler(call, init?.signal);
  });
  const client = createHttpClient({ baseURL: '/api/v1', storage, now: () => NOW, onSessionExpired, onRestaurantMissing, fetch, timeout });
  return { client, calls, storage, onSessionExpired, onRestaurantMissing };
}

const countRefreshes = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/franchise/refresh').length;

describe('http client: headers', () => {
  it('sends JSON headers and the bearer of a stored, unexpired token', async () => {
    let headers: Headers | undefined;
    const storage = createSessionStore({ local: localStorage, session: sessionStorage });
    storage.save({ token: VALID, user: OWNER, restaurants: [], remember: true });
    const client = createHttpClient({
      baseURL: '/api/v1',
      storage,
      now: () => NOW,
      onSessionExpired: () => {},
      fetch: async (_input, init) => {
        headers = new Headers(init?.headers);
        return ok({ ok: true });
      },
    });
    await expect(client.request('/franchise/test')).resolves.toMatchObject({ status: 'success', data: { ok: true } });
    expect(headers?.get('Authorization')).toBe(`Bearer ${VALID}`);
    expect(headers?.get('Accept')).toBe('application/json');
    expect(headers?.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization with an expired token', async () => {
    const { client, calls } = setup(() => ok(null), { token: EXPIRED });
    await client.request('/franchise/test');
    expect(calls[0]?.authorization).toBeNull();
  });

  it('sends no Authorization without a stored token', async () => {
    const { client, calls } = setup(() => ok(null));
    await client.request('/franchise/test');
    expect(calls[0]?.authorization).toBeNull();
  });
});

describe('http client: 401, refresh and replay', () => {
  it('refreshes once with the current (expired) token and replays once with the new one', async () => {
    const { client, calls, storage } = setup(
      ({ path, authorization }) => {
        if (path.endsWith('/refresh')) return refreshed();
        return authorization === `Bearer ${FRESH}` ? ok({ user: OWNER }) : unauthorized();
      },
      { token: EXPIRED },
    );
    await expect(client.request('/franchise/profile')).resolves.toMatchObject({ data: { user: OWNER } });
    expect(calls.map((c) => [c.path, c.authorization])).toEqual([
      ['/api/v1/franchise/profile', null],
      ['/api/v1/franchise/refresh', `Bearer ${EXPIRED}`],
      ['/api/v1/franchise/profile', `Bearer ${FRESH}`],
    ]);
    expect(storage.readToken()).toBe(FRESH);
    expect(sessionStorage.getItem('authToken')).toBe(FRESH);
  });

  it('does not refresh a second time when the replay also gets 401: the session ends', async () => {
    const { client, calls, storage, onSessionExpired } = setup(({ path }) => (path.endsWith('/refresh') ? refreshed() : unauthorized()), {
      token: VALID,
    });
    await expect(client.request('/franchise/profile')).rejects.toMatchObject({ status: 401 });
    expect(countRefreshes(calls)).toBe(1);
    expect(calls).toHaveLength(3);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(storage.readToken()).toBeNull();
  });

  it('lets concurrent 401s share one refresh', async () => {
    const { client, calls } = setup(
      async ({ path, authorization }) => {
        if (path.endsWith('/refresh')) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return refreshed();
        }
        return authorization === `Bearer ${FRESH}` ? ok(path) : unauthorized();
      },
      { token: VALID },
    );
    const results = await Promise.all([
      client.request('/franchise/profile'),
      client.request('/franchise/restaurants'),
      client.request('/franchise/test'),
    ]);
    expect(results.map((r) => r.data)).toEqual(['/api/v1/franchise/profile', '/api/v1/franchise/restaurants', '/api/v1/franchise/test']);
    expect(countRefreshes(calls)).toBe(1);
  });

  it('clears the stored session and reports expiry when the refresh fails', async () => {
    const { client, storage, onSessionExpired } = setup(() => unauthorized(), { token: EXPIRED });
    await expect(client.request('/franchise/profile')).rejects.toBeInstanceOf(ApiError);
    expect(storage.read()).toEqual({ token: null, user: null, restaurants: [] });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('reports expiry without calling refresh when no token is stored', async () => {
    const { client, calls, onSessionExpired } = setup(() => unauthorized());
    await expect(client.request('/franchise/profile')).rejects.toMatchObject({ status: 401 });
    expect(countRefreshes(calls)).toBe(0);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a 401 of login itself (wrong credentials)', async () => {
    const { client, calls, onSessionExpired } = setup(() => failure(401, 'Invalid email or password'), {
      token: VALID,
    });
    await expect(client.request('/franchise/login', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(calls).toHaveLength(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('refresh() sends the stored token even when it has expired', async () => {
    const { client, calls } = setup(() => refreshed(), { token: EXPIRED });
    await expect(client.refresh()).resolves.toMatchObject({ access_token: FRESH });
    expect(calls[0]).toEqual({ path: '/api/v1/franchise/refresh', method: 'POST', authorization: `Bearer ${EXPIRED}` });
  });
});

describe('http client: errors and default messages', () => {
  it('keeps the server message, status and body', async () => {
    const body = { status: 'error', message: 'Too many attempts', errors: { email: ['slow down'] } };
    const { client } = setup(() => json(429, body));
    const error = await client.request('/franchise/test').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Too many attempts', status: 429, data: body });
  });

  it('falls back to the generic message when the server sent none', async () => {
    const { client } = setup(() => new Response('oops', { status: 503 }));
    await expect(client.request('/franchise/test')).rejects.toMatchObject({
      message: 'An unexpected error occurred',
      status: 503,
    });
  });

  it('gives a network failure status 0 and a client message', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client.request('/franchise/test').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect((error as ApiError).message).toMatch(/network/i);
  });

  it('times out after the configured delay (10 s by default) with status 0', async () => {
    vi.useFakeTimers();
    try {
      // Never answers; like a real fetch it gives up when its signal aborts.
      const { client } = setup(
        (_, signal) => new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
      );
      const pending = client.request('/franchise/test').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 0, message: 'The request timed out' });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('http client: a restaurant the member may have lost', () => {
  const notFound = () => failure(404, 'Restaurant not found');

  it.each([
    ['/franchise/restaurants/7', 7],
    ['/franchise/restaurants/7/analytics/pages/order', 7],
    ['/franchise/restaurants/12/analytics/revenues', 12],
  ])('reports a 404 of %s as restaurant %i, and still rejects with it', async (path, id) => {
    const { client, onRestaurantMissing } = setup(notFound, { token: VALID });
    await expect(client.request(path)).rejects.toMatchObject({ status: 404, message: 'Restaurant not found' });
    expect(onRestaurantMissing.mock.calls).toEqual([[id]]);
  });

  it("reports a branch export's 404 too", async () => {
    const { client, onRestaurantMissing } = setup(notFound, { token: VALID });
    await expect(client.download('/franchise/restaurants/9/analytics/pages/order/export')).rejects.toMatchObject({ status: 404 });
    expect(onRestaurantMissing.mock.calls).toEqual([[9]]);
  });

  it.each([
    ['a 404 elsewhere', '/franchise/people/7', notFound],
    ['the restaurant list', '/franchise/restaurants', notFound],
    ['another failure of a restaurant', '/franchise/restaurants/7', () => failure(503, 'Database unavailable')],
  ])('reports nothing for %s', async (_, path, answer) => {
    const { client, onRestaurantMissing } = setup(answer, { token: VALID });
    await expect(client.request(path)).rejects.toBeInstanceOf(ApiError);
    expect(onRestaurantMissing).not.toHaveBeenCalled();
  });
});

describe('http client: tabs sharing one stored token', () => {
  /** One in-order lock for the "tabs", as navigator.locks is for an origin. */
  function fifoLock(): CrossTabLock {
    let tail: Promise<unknown> = Promise.resolve();
    return (_name, task) => {
      const run = tail.then(task);
      tail = run.catch(() => {});
      return run;
    };
  }

  function twoTabs(lock: CrossTabLock) {
    const storage = createSessionStore({ local: localStorage, session: sessionStorage });
    storage.save({ token: EXPIRED, user: OWNER, restaurants: [], remember: true });
    const refreshedWith: string[] = [];
    let current = EXPIRED;
    // Like the server: a token already rotated is refused (and would end the sign-in).
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const authorization = new Headers(init?.headers).get('Authorization') ?? '';
      if (!String(input).endsWith('/refresh')) return ok('data');
      refreshedWith.push(authorization);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (authorization !== `Bearer ${current}`) return unauthorized();
      current = FRESH;
      return refreshed(FRESH);
    };
    const tab = () => createHttpClient({ baseURL: '/api/v1', storage, now: () => NOW, onSessionExpired: () => {}, fetch, lock });
    return { tabs: [tab(), tab()], refreshedWith, storage };
  }

  it('refresh one at a time: the tab that waited adopts the new token instead of presenting the rotated one', async () => {
    const { tabs, refreshedWith, storage } = twoTabs(fifoLock());
    const results = await Promise.all(tabs.map((t) => t.refresh()));
    expect(results.map((r) => r.access_token)).toEqual([FRESH, FRESH]);
    expect(refreshedWith).toEqual([`Bearer ${EXPIRED}`]);
    expect(storage.readToken()).toBe(FRESH);
  });

  it('without the lock both tabs present the same token and one is refused (what the lock prevents)', async () => {
    const { tabs, refreshedWith } = twoTabs((_name, task) => task());
    const results = await Promise.allSettled(tabs.map((t) => t.refresh()));
    expect(refreshedWith).toEqual([`Bearer ${EXPIRED}`, `Bearer ${EXPIRED}`]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
  });
});
