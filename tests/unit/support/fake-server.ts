import { vi } from 'vitest';
import type { FranchiseUser, Restaurant } from '@contract/auth.contract';
import { accessCheckFake } from './access-check';

/** The member most tests sign in as: an owner, and two of the franchise's branches. */
export const OWNER = {
  id: 1,
  role: 'owner',
  name: 'Olivia',
  franchise: { id: 1, name: 'Harbour Eats', time_zone: 'Australia/Sydney' },
} as FranchiseUser;
export const RESTAURANTS = [
  { id: 7, name: 'Parramatta', location: 'Parramatta, NSW', status: 1, subscriptions: [] },
  { id: 9, name: 'Bondi Beach', location: 'Bondi, NSW', status: 1, subscriptions: [] },
] as unknown as Restaurant[];

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The server's success envelope. */
export const ok = (data: unknown, status = 200, message = 'ok') => json(status, { status: 'success', message, data });
/** The server's error envelope; `errors` keyed by field, as a 422 has them. */
export const failure = (status: number, message: string, errors?: Record<string, string[]>) =>
  json(status, { status: 'error', message, ...(errors ? { errors } : {}) });

/**
 * A request the app made. `path` is relative to /api/v1/franchise; another API path stays whole (/api/v1/unsubscribe),
 * and an address outside the API keeps its origin too, so no two addresses record alike. `query` is the address's own
 * (`?…`, or empty): `${path}${query}` is what was asked for.
 */
export type Call = { method: string; path: string; query: string; body: unknown };

const FRANCHISE = '/api/v1/franchise';
let access: ReturnType<typeof accessCheckFake> | undefined;

/**
 * The member the server knows: it answers the session's access reads with them from now on. A test calls it again
 * to play the member's access changed meanwhile.
 */
export function serveMember(stored: { user: FranchiseUser; restaurants: Restaurant[] }): void {
  access = accessCheckFake(stored);
}

/**
 * Stubs `fetch` with a fake server (undo with `vi.unstubAllGlobals()`): answers the session's access reads for the
 * member of `serveMember`, and records every other request in `calls` and answers it with `handler`.
 */
export function installFakeServer(handler: (call: Call) => Response | Promise<Response>): { calls: Call[] } {
  const calls: Call[] = [];
  access = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url);
      const checked = access?.(request.method, url.pathname);
      if (checked) return checked;
      const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
      const path = url.pathname.startsWith(`${FRANCHISE}/`)
        ? url.pathname.slice(FRANCHISE.length)
        : url.pathname.startsWith('/api/')
          ? url.pathname
          : `${url.origin}${url.pathname}`;
      const call = { method: request.method, path, query: url.search, body: text ? JSON.parse(text) : null };
      calls.push(call);
      return handler(call);
    }),
  );
  return { calls };
}
