import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { analyticsFigures } from './analytics/answers/analytics-answer.js';
import type { AnalyticsAnswers } from './analytics/analytics-answers.js';
import type { AuthUser } from './auth/franchise-users.repository.js';
import type { Tokens } from './auth/tokens.js';
import type { AppConfig } from './config.js';
import type { TokenClaims } from '@contract/auth.contract.js';
import type { Db } from './db/database.js';
import type { LiveApiKey } from './integrations/api-keys.repository.js';
import type { ReadCache } from './db/read-cache.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';

/** What the app is built from; tests pass their own database, clock and mailer. */
export type AppDeps = {
  db: Db;
  config: AppConfig;
  /** Milliseconds since the epoch; tests pin it. */
  clock: () => number;
  mailer: Mailer;
  logger: Logger;
  /** The computation behind the analytics cache; tests wrap it to count or fail computations. */
  analyticsFigures?: typeof analyticsFigures;
  /** Most analytics answers one process keeps (default 500). */
  analyticsCacheEntries?: number;
  /** Runs this server's alert round now: a rule was created or changed (absent: the next round finds it). */
  wakeAlerts?: () => void;
};

export type AppEnv = {
  // Absent under app.request() in tests: the client address is then 'unknown'.
  Bindings: Partial<HttpBindings> | undefined;
  Variables: { auth: { claims: TokenClaims; user: AuthUser }; apiKey: ApiKeyCaller };
};

/** The API key a call came with (set by requireApiKey): its name, its franchise, its one branch or null for all, and its access. */
export type ApiKeyCaller = Omit<LiveApiKey, 'lastUsedAt'>;

/** What every route factory receives: the deps plus the one token service and its middlewares. */
export type RouteDeps = AppDeps & {
  tokens: Tokens;
  /** Hot reads kept until the next write (embedded database only; docs/caching.md). */
  reads: ReadCache;
  /** The app's analytics answers, shared by the analytics calls and the page reports (docs/caching.md). */
  analytics: AnalyticsAnswers;
  /** A valid, unexpired, unrevoked bearer token. */
  authenticated: MiddlewareHandler<AppEnv>;
  /** Like `authenticated`, but an expired token passes while inside the refresh window. */
  authenticatedOrExpired: MiddlewareHandler<AppEnv>;
};
