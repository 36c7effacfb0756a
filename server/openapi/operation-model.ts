import { TAGS, type Call, type Tag } from '@contract/api/call.js';

// The shape of an entry of the OpenAPI description (operations.ts) and the helpers its tables share.

/** `bearer`: a console access token; `bearer-or-expired`: one also accepted expired, inside the refresh window; `api-key`: an Integrations key. */
export type Auth = 'public' | 'bearer' | 'bearer-or-expired' | 'api-key';

/** An entry of the document: a call as the contract defines it (contract/api/call.ts), with its auth as the document names it. */
export type Operation = Omit<Call, 'access' | 'notFound'> & { auth: Auth };

export type { ExtraError } from '@contract/api/call.js';
export { TAGS, type Tag };

/** Builds an entry of `tag`. */
export const op = (tag: Tag, operation: Omit<Operation, 'tag'>): Operation => ({ tag, ...operation });

const camel = (kebab: string) => kebab.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
export const pascal = (kebab: string) => camel(kebab).replace(/^\w/, (c) => c.toUpperCase());

export const OWNERS_ONLY = 'Owners only: to a manager the call does not exist (404).';

const AUTH_OF: Record<Call['access'], Auth> = {
  public: 'public',
  member: 'bearer',
  'member-or-expired': 'bearer-or-expired',
  owner: 'bearer',
  'ingest-key': 'api-key',
};

/** A call of the contract's tables as the document describes it. */
export function operationOf({ access, notFound: _notFound, description, ...call }: Call): Operation {
  const about = access === 'owner' ? [OWNERS_ONLY, description].filter(Boolean).join(' ') : description;
  const errors = access === 'owner' ? [...new Set([404 as const, ...(call.errors ?? [])])] : call.errors;
  return { ...call, auth: AUTH_OF[access], ...(about ? { description: about } : {}), ...(errors ? { errors } : {}) };
}
