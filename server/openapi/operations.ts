import { CALLS } from '@contract/api/calls.js';
import { TAGS, type Call } from '@contract/api/call.js';

export type { ExtraError } from '@contract/api/call.js';
export { TAGS };
export { QUERY_PARAMETERS, REQUEST_COMPONENTS, RESPONSE_COMPONENTS } from './components.js';

/**
 * `bearer`: a console access token; `bearer-or-expired`: one also accepted expired, inside the refresh window;
 * `api-key`: an Integrations ingest key; `bearer-or-read-key`: a console access token or an Integrations read key.
 */
export type Auth = 'public' | 'bearer' | 'bearer-or-expired' | 'api-key' | 'bearer-or-read-key';

/** An entry of the document: a call as the contract defines it (contract/api/call.ts), with its auth as the document names it. */
export type Operation = Omit<Call, 'access' | 'notFound' | 'bodyByKind'> & { auth: Auth };

const OWNERS_ONLY = 'Owners only: to a manager the call does not exist (404).';

const AUTH_OF: Record<Call['access'], Auth> = {
  public: 'public',
  member: 'bearer',
  'member-or-expired': 'bearer-or-expired',
  owner: 'bearer',
  'ingest-key': 'api-key',
  'member-or-read-key': 'bearer-or-read-key',
};

/** A call of the contract's table as the document describes it. */
export function operationOf({ access, notFound: _notFound, bodyByKind: _bodies, description, ...call }: Call): Operation {
  const about = access === 'owner' ? [OWNERS_ONLY, description].filter(Boolean).join(' ') : description;
  const errors = access === 'owner' ? [...new Set([404 as const, ...(call.errors ?? [])])] : call.errors;
  return { ...call, auth: AUTH_OF[access], ...(about ? { description: about } : {}), ...(errors ? { errors } : {}) };
}

/**
 * What the OpenAPI document says about each call of the contract's table (contract/api), keyed by
 * "METHOD /path" as the app registers it under /api/v1 (`{name}` for a path parameter).
 */
export const OPERATIONS: Record<string, Operation> = Object.fromEntries(
  Object.entries(CALLS).map(([key, call]) => [key, operationOf(call)]),
);
