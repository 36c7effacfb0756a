import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { HttpBindings } from '@hono/node-server';
import { authRoutes } from './auth/auth.routes.js';
import type { AuthUser } from './auth/franchise-users.repository.js';
import { passwordResetRoutes } from './auth/password-reset.js';
import { requireAuth } from './auth/require-auth.js';
import { createTokens } from './auth/tokens.js';
import type { AppConfig } from './config.js';
import type { TokenClaims } from './contract/auth.contract.js';
import type { Db } from './db/database.js';
import { errorHandler, failure, notFound } from './http/errors.js';
import { securityHeaders } from './http/security-headers.js';
import { staticSpa } from './http/static-spa.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import { restaurantsRoutes } from './restaurants/restaurants.routes.js';

export type AppDeps = {
  db: Db;
  config: AppConfig;
  /** Milliseconds since the epoch; tests pin it. */
  clock: () => number;
  mailer: Mailer;
  logger: Logger;
};

export type AppEnv = {
  // Absent under app.request() in tests: the client address is then 'unknown'.
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { auth: { claims: TokenClaims; user: AuthUser } };
};

export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const tokens = createTokens(deps.config, deps.clock);

  const api = new Hono<AppEnv>();
  api.use(
    methodNotAllowed({
      app: api,
      onMethodNotAllowed: (c, allowed) => failure(c, 405, 'Method not allowed', undefined, { Allow: allowed.join(', ') }),
    }),
  );
  api.use(bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => failure(c, 413, 'Request body is too large (limit 64 KiB)') }));
  api.route('/franchise', authRoutes(deps, tokens));
  api.route('/franchise/password', passwordResetRoutes(deps));
  api.route('/franchise/restaurants', restaurantsRoutes(deps, requireAuth(deps, tokens)));

  const app = new Hono<AppEnv>();
  app.use(securityHeaders);
  app.onError(errorHandler(deps.logger));
  app.notFound(notFound);
  app.route('/api/v1', api);
  app.all('/api/*', notFound);
  app.all('*', staticSpa(deps.config.distDir));
  return app;
}
