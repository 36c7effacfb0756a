import * as z from 'zod';
import { displayName } from './text.js';
import { MAX_RECORD_ID } from './record-id.js';

/**
 * The API key calls (`/api/v1/franchise/api-keys`): an owner creates a key for an outside system
 * (a POS, a roster or supplier system) to call the ingest API with, or a read key for a BI tool to read
 * the analytics with, for every branch or for one.
 * The server validates with the schema; the client imports the types only. Unknown fields are dropped.
 */

export const API_KEY_NAME_MAX = 100;
export const API_KEY_NAME_TAKEN = 'An API key with this name already exists';
export const API_KEY_RESTAURANT_MESSAGE = 'Choose one of your restaurants, or all branches';

/** `ingest`: sends trade to the ingest calls; `read`: reads the analytics and page reports of its scope (BI tools). */
export const API_KEY_ACCESS = ['ingest', 'read'] as const;
export type ApiKeyAccess = (typeof API_KEY_ACCESS)[number];
export const API_KEY_ACCESS_MESSAGE = `must be one of ${API_KEY_ACCESS.join(', ')}`;

export const createApiKeyInput = z.object({
  name: displayName(API_KEY_NAME_MAX),
  // Required, null included: a forgotten scope must not silently become every branch.
  restaurant_id: z
    .number(API_KEY_RESTAURANT_MESSAGE)
    .int(API_KEY_RESTAURANT_MESSAGE)
    .min(1, API_KEY_RESTAURANT_MESSAGE)
    .max(MAX_RECORD_ID, API_KEY_RESTAURANT_MESSAGE)
    .nullable(),
  access: z.enum(API_KEY_ACCESS, { error: API_KEY_ACCESS_MESSAGE }).default('ingest'),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const API_KEY_NOT_FOUND_MESSAGE = 'API key not found';
