import type { Handler, Hono } from 'hono';
import type { AppEnv } from '../app-deps.js';

/**
 * GET /api/v1/openapi.json: the document of every route registered on `api` (the Hono app mounted at
 * /api/v1), built on the first request, once all routes are in, and then kept as text. The builder
 * is imported then too, so a start does not load it.
 */
export function openApiRoute(api: Hono<AppEnv>): Handler<AppEnv> {
  let text: Promise<string> | undefined;
  return async (c) => {
    text ??= import('./openapi.js')
      .then(({ buildOpenApiDocument }) => JSON.stringify(buildOpenApiDocument(api.routes)))
      .catch((error: unknown) => {
        text = undefined;
        throw error;
      });
    return c.body(await text, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  };
}
