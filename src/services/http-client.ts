import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import type { ApiSuccess } from '@contract/envelope';
import type { TokenResponse } from '@contract/auth.contract';
import { recordIdOf } from '@contract/record-id';
import { ApiError, toApiError, UNEXPECTED_ERROR } from './api-error';
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

/** A file the server made (an export): its bytes and the response headers (Content-Disposition names it). */
export type FileResponse = { blob: Blob; headers: Headers };

export type FileRequestOptions = Pick<RequestOptions, 'query'> & {
  /** Longer than a JSON call's where the server builds the file on request. */
  timeout?: number;
};

export type FileClient = {
  /** GET of a file, with the bearer and the 401 refresh-and-replay of `request`; rejects with ApiError carrying the JSON envelope's message. */
  download(path: string, options?: FileRequestOptions): Promise<FileResponse>;
};

/** Runs `task` while holding a lock shared by every tab of this origin. */
export type CrossTabLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export type HttpClientOptions = {
  baseURL: string;
  storage: SessionStore;
  now: () => number;
  onSessionExpired: () => void;
  /** A call about this restaurant answered 404: the member may have lost it (their branches changed). */
  onRestaurantMissing?: (restaurantId: number) => void;
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
  onRestaurantMissing = () => undefined,
  fetch,
  timeout = REQUEST_TIMEOUT_MS,
  lock = browserLock,
}: HttpClientOptions): HttpClient & FileClient {
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

  // A failed file call still answers with a JSON envelope, which arrives as a Blob since a Blob was asked for.
  async function sendFile(path: string, { query, timeout: fileTimeout }: FileRequestOptions, token: string | null): Promise<FileResponse> {
    try {
      const response = await $fetch.raw<Blob, 'blob'>(path, {
        query,
        timeout: fileTimeout ?? timeout,
        responseType: 'blob',
        headers: { Accept: '*/*', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      });
      return { blob: response._data ?? new Blob([]), headers: response.headers };
    } catch (error) {
      if (!(error instanceof FetchError) || !(error.data instanceof Blob)) throw toApiError(error);
      const status = error.response?.status ?? 0;
      let body: unknown;
      try {
        body = JSON.parse(await error.data.text());
      } catch {
        body = undefined;
      }
      const apiError = new ApiError(UNEXPECTED_ERROR, status, body);
      throw new ApiError(apiError.serverMessage ?? UNEXPECTED_ERROR, status, body);
    }
  }

  // The bearer goes out only while the stored token is still valid.
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

  /** One call with the stored token; on a 401, one refresh and one replay (docs/product.md#sign-in). */
  async function withSession<T>(path: string, options: { token?: string }, call: (token: string | null) => Promise<T>): Promise<T> {
    try {
      return await call(options.token ?? validToken());
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
        return await call(token);
      } catch (replayError) {
        if (replayError instanceof ApiError && replayError.status === 401) expireSession();
        throw replayError;
      }
    }
  }

  /** Reports a 404 of a call under `/franchise/restaurants/{id}`; the error goes on to the caller. */
  async function watchingRestaurant<T>(path: string, call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (error) {
      const id = restaurantIdOfPath(path);
      if (id !== null && error instanceof ApiError && error.status === 404) onRestaurantMissing(id);
      throw error;
    }
  }

  const request = <T>(path: string, options: RequestOptions = {}) =>
    watchingRestaurant(
      path,
      withSession(path, options, (token) => send<T>(path, options, token)),
    );
  const download = (path: string, options: FileRequestOptions = {}) =>
    watchingRestaurant(
      path,
      withSession(path, {}, (token) => sendFile(path, options, token)),
    );

  return { request, refresh, download };
}

/** The restaurant a call is about (`/franchise/restaurants/7`, `/franchise/restaurants/7/analytics/…`), else null. */
export function restaurantIdOfPath(path: string): number | null {
  return recordIdOf(/^\/franchise\/restaurants\/([^/?]+)(?:[/?]|$)/.exec(path)?.[1]) ?? null;
}

const sessionExpiredListeners = new Set<() => void>();
const restaurantMissingListeners = new Set<(restaurantId: number) => void>();

/** Lets the session actor hear that the HTTP client gave up on the session; returns the unsubscribe. */
export function subscribeSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

/** Lets the session actor hear that a call about a restaurant answered 404; returns the unsubscribe. */
export function subscribeRestaurantMissing(listener: (restaurantId: number) => void): () => void {
  restaurantMissingListeners.add(listener);
  return () => restaurantMissingListeners.delete(listener);
}

export const httpClient = createHttpClient({
  baseURL: '/api/v1',
  storage: sessionStore,
  now: Date.now,
  onSessionExpired: () => sessionExpiredListeners.forEach((listener) => listener()),
  onRestaurantMissing: (restaurantId) => restaurantMissingListeners.forEach((listener) => listener(restaurantId)),
});
