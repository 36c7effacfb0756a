import type { Hono } from 'hono';
import { SERVICE_CALLS } from '@contract/api/service.calls.js';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { callRoutes } from '../http/call-routes.js';

/**
 * GET /health, liveness without the database (it answers as fast as the event loop is free: the
 * bench's responsiveness probe), and GET /openapi.json, the document of every route registered on
 * `api` (the Hono app mounted at /api/v1), built on the first request, once all routes are in, and
 * then kept as text. The builder is imported then too, so a start does not load it.
 */
export function serviceRoutes(deps: RouteDeps, api: Hono<AppEnv>) {
  let text: Promise<string> | undefined;
  return callRoutes(deps, SERVICE_CALLS, {
    'GET /health': async () => ({ data: { ok: true as const, time: new Date(deps.clock()).toISOString() }, message: 'Healthy' }),
    'GET /openapi.json': async ({ c }) => {
      text ??= import('./openapi.js')
        .then(({ buildOpenApiDocument }) => JSON.stringify(buildOpenApiDocument(api.routes)))
        .catch((error: unknown) => {
          text = undefined;
          throw error;
        });
      return c.body(await text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
    },
  });
}
