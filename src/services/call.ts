import { addressOf, type CallInput, type CallKey, type DataOf } from '@contract/api/call';
import type { Calls } from '@contract/api/calls';
import type { ApiSuccess } from '@contract/envelope';
import type { HttpClient } from './http-client';

type Input<K extends keyof Calls & CallKey> = CallInput<Calls, K>;

/**
 * The calls of the contract's table (contract/api) through `client`, typed by their entry: a call's
 * key names its method and path, and its params, body and query are what the entry validates.
 */
export function callsOf(client: HttpClient) {
  return <K extends keyof Calls & CallKey>(
    key: K,
    ...[input]: object extends Input<K> ? [input?: Input<K>] : [input: Input<K>]
  ): Promise<ApiSuccess<DataOf<Calls[K]>>> => {
    const { params, body, query } = (input ?? {}) as {
      params?: Record<string, number | string>;
      body?: object;
      query?: Record<string, string>;
    };
    const { method, path } = addressOf(key, params);
    return client.request<DataOf<Calls[K]>>(path, {
      method,
      ...(body === undefined ? {} : { body }),
      ...(query === undefined ? {} : { query }),
    });
  };
}
