import { ofetch, type FetchOptions } from 'ofetch';
import type { ApiSuccess } from '../../server/contract/envelope';
import type { TokenResponse } from '../../server/contract/auth.contract';
import { ApiError, toApiError } from './api-error';
import { sessionStore, type SessionStore } from './session-storage';
import { isTokenExpired, readTokenExpiry } from './token';

export const REQUEST_TIMEOUT_MS = 10_000;
const REFRESH_PATH = '/franchise/refresh';
/** Their 401 means "wrong credentials" or "cannot refresh", never "refresh and retry". */
const NO_REFRESH_PATHS = new Set(['/franchise/login', REFRESH_PATH]);

export type RequestOptions = Pick<FetchOptions<'json'>, 'method' | 'body' | 'query'> & {
  /** A token not stored yet (the one login just returned); otherwise the stored one is used. */
  token?: string;
};

export type HttpClient = {
  /** Resolves with the success envelope; rejects with ApiError. */
  request<T>(path: string, options?: RequestOptions): Promise<ApiSuccess<T>>;
  /** POST /franchise/refresh with the stored (possibly expired) token; concurrent callers share one call. */
  refresh(): Promise<TokenResponse>;
};

/** Runs `task` while holding a lock shared by every tab of this origin. */
export type CrossTabLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export type HttpClientOptions = {
  baseURL: string;
  storage: SessionStore;
  now: () => number;
  onSessionExpired: () => void;
  fetch?: typeof globalThis.fetch;
  timeout?: number;
  lock?: CrossTabLock;
};

/** The Web Locks API where the browser has it; one tab alone needs no lock. */
export const browserLock: CrossTabLock = <T>(name: string, task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request(name, task) as Promise<T>) : task();

export function createHttpClient({
  baseURL,
  storage,
  now,
  onSessionExpired,
  fetch,
  timeout = REQUEST_TIMEOUT_MS,
  lock = browserLock,
}: HttpClientOptions): HttpClient {
  const $fetch = ofetch.create(
    { baseURL, timeout, retry: false, headers: { Accept: 'application/json', 'Content-Type': 'application/json' } },
    fetch ? { fetch } : {},
  );

  async function send<T>(path: string, { method, body, query }: RequestOptions, token: string | null): Promise<ApiSuccess<T>> {
    try {
      return await $fetch<ApiSuccess<T>>(path, {
        method,
        body,
        query,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    } catch (error) {
      throw toApiError(error);
    }
  }

  // Spec §6: the bearer goes out only while the stored token is still valid.
  function validToken(): string | null {
    const token = storage.readToken();
    return token && !isTokenExpired(token, now()) ? token : null;
  }

  let inFlightRefresh: Promise<TokenResponse> | null = null;
  function refresh(): Promise<TokenResponse> {
    const seen = storage.readToken();
    // The server treats a rotated token presented again as stolen and ends the sign-in, so tabs
    // sharing one stored token refresh one at a time, and a tab that waited adopts the new token.
    inFlightRefresh ??= lock('franchise-token-refresh', async (): Promise<TokenResponse> => {
      const token = storage.readToken();
      if (!token) throw new ApiError('Token refresh failed', 401);
      const user = storage.read().user;
      if (token !== seen && user && !isTokenExpired(token, now())) {
        return {
          access_token: token,
          token_type: 'bearer',
          expires_in: (readTokenExpiry(token) ?? 0) - Math.floor(now() / 1000),
          user,
        };
      }
      const { data } = await send<TokenResponse>(REFRESH_PATH, { method: 'POST' }, token);
      if (!data?.access_token) throw new ApiError('Token refresh failed', 401, data);
      storage.replaceToken(data.access_token);
      return data;
    }).finally(() => {
      inFlightRefresh = null;
    });
    return inFlightRefresh;
  }

  function expireSession(): void {
    storage.clear();
    onSessionExpired();
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiSuccess<T>> {
    try {
      return await send<T>(path, options, options.token ?? validToken());
    } catch (error) {
      const refreshable = options.token === undefined && !NO_REFRESH_PATHS.has(path);
      if (!(error instanceof ApiError) || error.status !== 401 || !refreshable) throw error;
      let token: string;
      try {
        token = (await refresh()).access_token;
      } catch {
        expireSession();
        throw error;
      }
      // One replay only: a second 401 ends the session instead of refreshing again.
      try {
        return await send<T>(path, options, token);
      } catch (replayError) {
        if (replayError instanceof ApiError && replayError.status === 401) expireSession();
        throw replayError;
      }
    }
  }

  return { request, refresh };
}

const sessionExpiredListeners = new Set<() => void>();

/** Lets the session actor hear that the HTTP client gave up on the session; returns the unsubscribe. */
export function subscribeSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

export const httpClient = createHttpClient({
  baseURL: '/api/v1',
  storage: sessionStore,
  now: Date.now,
  onSessionExpired: () => sessionExpiredListeners.forEach((listener) => listener()),
});
