import * as z from 'zod';
import type { ConnectivityCheck, FranchiseUser, TokenResponse } from '@contract/auth.contract.js';
import type { ApiFailure } from '@contract/envelope.js';
import { type IngestResult, type RemovalResult } from '@contract/ingest.contract.js';
import type { Profile, ProfileSaved } from '@contract/profile.contract.js';
import type { keyRestaurants } from '../ingest/ingest.service.js';
import { exactly, id, instant } from '@contract/api/primitives.js';

/**
 * The `data` of the API's answers as zod schemas, for the OpenAPI document. The server types its
 * answers with the contract's TypeScript types; each schema here compiles only while its output type
 * and that type are assignable both ways, so the document cannot drift from what the handlers return.
 */

export * from './analytics-responses.js';

export const errorEnvelope = exactly<ApiFailure>()(
  z.object({
    status: z.literal('error'),
    message: z.string().meta({ description: 'A sentence to show the user' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages by field, e.g. `email` or `orders[3].lines[0].sku`; `_` for the body as a whole' }),
  }),
);

export const connectivityCheck = exactly<ConnectivityCheck>()(z.object({ ok: z.literal(true), time: instant }));

export const franchiseUser = exactly<FranchiseUser>()(
  z.object({
    id,
    role: z.enum(['owner', 'manager']).meta({ description: 'An owner sees the whole franchise; a manager their branches only' }),
    name: z.string(),
    email: z.string(),
    picture: z.string().nullable(),
    phone: z.string().nullable(),
    state: z.string().nullable(),
    city: z.string().nullable(),
    street_address: z.string().nullable(),
    suburb: z.string().nullable(),
    post_code: z.string().nullable(),
    franchise: z.object({ id, name: z.string(), time_zone: z.string().meta({ description: 'IANA time zone, e.g. Australia/Sydney' }) }),
  }),
);

const tokenFields = {
  access_token: z.string().meta({ description: 'HS256 JWT with `exp` (seconds) and a `user` claim' }),
  token_type: z.literal('bearer'),
  expires_in: z.int().meta({ description: 'Seconds' }),
};
export const tokenResponse = exactly<TokenResponse>()(z.object({ ...tokenFields, user: franchiseUser }));

export const profile = exactly<Profile>()(franchiseUser.extend({ version: id }));
export const profileRead = exactly<{ user: Profile }>()(z.object({ user: profile }));
export const profileSaved = exactly<ProfileSaved>()(
  z.union([profileRead, z.object({ ...tokenFields, user: profile }).meta({ description: 'After a password change: a new token' })]),
);

export const keyRestaurant = exactly<Awaited<ReturnType<typeof keyRestaurants>>[number]>()(
  z.object({ id, name: z.string(), location: z.string() }),
);

export const ingestResult = exactly<IngestResult>()(z.object({ created: z.int(), updated: z.int(), unchanged: z.int() }));
export const removalResult = exactly<RemovalResult>()(z.object({ removed: z.int() }));
