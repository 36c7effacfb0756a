import type { RouteDeps } from '../app-deps.js';
import { API_KEY_CALLS } from '@contract/api/api-keys.calls.js';
import { callRoutes } from '../http/call-routes.js';
import { listApiKeys } from './api-keys.repository.js';
import { createApiKey, revokeApiKey } from './api-keys.service.js';

/**
 * The franchise's API keys for the ingest API (owners; to a manager the calls do not exist, 404).
 * The secret is in the create answer only; the database keeps its hash, and the activity log the
 * key's name and branch. Another franchise's key is 404.
 */
export function apiKeysRoutes(deps: RouteDeps) {
  const { db, clock } = deps;

  return callRoutes(deps, API_KEY_CALLS, {
    'GET /franchise/api-keys': async ({ c }) => ({
      data: await listApiKeys(db, c.get('auth').user.franchise.id),
      message: 'API keys retrieved',
    }),
    'POST /franchise/api-keys': async ({ c, body }) => {
      const created = await createApiKey(db, c.get('auth').user, body, new Date(clock()));
      return { data: created, message: `API key ${created.name} created` };
    },
    'DELETE /franchise/api-keys/{id}': async ({ c, params }) => {
      await revokeApiKey(db, c.get('auth').user, params.id, new Date(clock()));
      return { data: null, message: 'API key revoked' };
    },
  });
}
