import * as z from 'zod';
import { API_KEY_ACCESS, API_KEY_NOT_FOUND_MESSAGE, createApiKeyInput } from '../api-keys.contract.js';
import { defineCalls } from './call.js';
import { id, instant } from './primitives.js';

const access = z.enum(API_KEY_ACCESS).meta({ description: '`ingest`: the ingest calls; `read`: the analytics and page report GETs' });

/** A live key as the list shows it; never its secret. */
export const apiKey = z.object({
  id,
  name: z.string(),
  restaurant_id: id.nullable().meta({ description: 'null: every branch' }),
  restaurant_name: z.string().nullable(),
  prefix: z.string().meta({ description: 'The secret’s first characters' }),
  access,
  created_at: instant,
  last_used_at: instant.nullable(),
});
export type ApiKey = z.output<typeof apiKey>;

/** The create call's answer: the only time the secret is sent. */
export const createdApiKey = z.object({
  id,
  name: z.string(),
  restaurant_id: id.nullable(),
  prefix: z.string(),
  access,
  secret: z.string().meta({ description: 'Sent in this answer only: the `Authorization: Bearer` of the calls its access allows' }),
  created_at: instant,
});
export type CreatedApiKey = z.output<typeof createdApiKey>;

/** The franchise's API keys for the ingest API and for reading the analytics (docs/integrations.md): owners only. */
export const API_KEY_CALLS = defineCalls({
  'GET /franchise/api-keys': {
    operationId: 'listApiKeys',
    summary: 'The franchise’s live API keys (never their secrets)',
    tag: 'Integrations',
    access: 'owner',
    success: { data: z.array(apiKey) },
  },
  'POST /franchise/api-keys': {
    operationId: 'createApiKey',
    summary: 'Create an API key, for every branch (restaurant_id null) or one',
    description:
      'The answer holds the secret, the only time it is sent. Names are unique among live keys (422 on `name`). `access` (default `ingest`): `ingest` keys call the ingest calls, `read` keys the analytics and page report GETs of their scope.',
    tag: 'Integrations',
    access: 'owner',
    body: createApiKeyInput,
    status: 201,
    success: { data: createdApiKey },
  },
  'DELETE /franchise/api-keys/{id}': {
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key: refused at once by every server',
    tag: 'Integrations',
    access: 'owner',
    notFound: API_KEY_NOT_FOUND_MESSAGE,
    success: { data: z.null() },
  },
});
