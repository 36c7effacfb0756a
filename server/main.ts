import type { AddressInfo } from 'node:net';
import { serve, type HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from './app.js';
import { findUserByEmail, hasAnyUser } from './auth/franchise-users.repository.js';
import { firstOwnerHint } from './auth/owners.js';
import { resolveJwtSecret } from './auth/tokens.js';
import { ensureSpaBuilt } from './build/spa-build.js';
import { type Config, demoSeedAllowed, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.mjs';
import { type Db, openDatabase, pgliteDatabase } from './db/database.js';
import type { PgliteSession } from './db/pglite-dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { backfillDemoTrade, DEMO_ACCOUNTS, DEMO_MANAGER, seedIfEmpty } from './db/seed.js';
import { startHousekeeping } from './housekeeping.js';
import { serveLocalCalls } from './local-endpoint.js';
import { failure } from './http/errors.js';
import { securityHeaders } from './http/security-headers.js';
import { consoleLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';
import { mailReport, startReportScheduler } from './reports/scheduler.js';
import { mailAlert, startAlertScheduler } from './alerts/scheduler.js';

/** The embedded database `scripts/start.mjs` began opening, with DATA_DIR already locked, before this bundle loaded. */
export type EarlyDatabase = { session: PgliteSession; unlock: () => void };

/**
 * `npm start`: build the SPA if stale, migrate, seed the demo on first start (embedded database or SEED_DEMO), serve SPA and API.
 * It listens while the database opens; requests wait until the database is migrated and the SPA built.
 */
async function main(early?: EarlyDatabase): Promise<void> {
  let unlock = early?.unlock ?? (() => {});
  let opened: Db | undefined;
  const shutdown = new AbortController();
  try {
    const config = resolveJwtSecret(loadConfig());
    if (!early && !config.databaseUrl) unlock = lockDataDir(config.dataDir);
    const db = (opened = early ? pgliteDatabase(early.session) : openDatabase(config));

    // The app, the HTTP server and the SPA check need no database: done while PGlite opens in its thread.
    const mailer = createMailer(config, consoleLogger);
    // The alert scheduler starts once the database is ready; until then a rule change has nothing to wake.
    const wakeAlerts = () => void running.alerts?.wake();
    const app = createApp({ db, config, clock: Date.now, mailer, logger: consoleLogger, wakeAlerts });
    const gate = serveWhenReady(app, { hostname: config.host, port: config.port });
    const server = gate.server;

    // Ctrl-C or a supervisor's SIGTERM may come while migrating or back-filling (about 15 s on a first
    // start): the waiting requests get 503, the back-fill stops after its current day, and the database
    // closes before the lock is released.
    const running: {
      housekeeping?: ReturnType<typeof startHousekeeping>;
      reports?: ReturnType<typeof startReportScheduler>;
      alerts?: ReturnType<typeof startAlertScheduler>;
      localCalls?: Awaited<ReturnType<typeof serveLocalCalls>>;
    } = {};
    let toppingUp: Promise<void> = Promise.resolve();
    let starting: Promise<unknown> = Promise.resolve();
    const stop = (signal: string) => {
      if (shutdown.signal.aborted) return;
      shutdown.abort();
      consoleLogger.info(`${signal}: shutting down…`);
      gate.refuse();
      server.close(() => {
        void starting
          .catch(() => {})
          .then(() => toppingUp)
          .then(() => running.housekeeping?.stop())
          .then(() => running.reports?.stop())
          .then(() => running.alerts?.stop())
          .then(() => running.localCalls?.close())
          .then(() => db.destroy())
          .catch((error) => consoleLogger.error('closing the database failed', error))
          .finally(() => {
            unlock();
            process.exit(0);
          });
      });
      // Keep-alive connections would hold close() open; the requests in flight have finished by now.
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));

    // The first request through the app builds its router and compiles its middleware (~40 ms): done now,
    // on a route that needs no database, rather than for the first request after the database opens.
    void Promise.resolve(app.request('/api/v1/health')).catch((error: unknown) => consoleLogger.error('warming up the app failed', error));
    const prepared = (async () => {
      if (!config.skipSpaBuild) await ensureSpaBuilt({ root: process.cwd() });
      await migrateToLatest(db);
      return demoSeedAllowed(config) && (await seedIfEmpty(db));
    })();
    starting = prepared;
    // Whichever fails first ends the start (a port in use need not wait for the migration).
    const [seeded, info] = await Promise.all([prepared, gate.listening]);
    if (seeded && !shutdown.signal.aborted) {
      consoleLogger.info('Seeded the demo franchises.');
      // The first start serves 13 months of trade from its first answer (about 15 s here).
      const started = performance.now();
      const backfill = backfillDemoTrade(db, new Date(), {
        signal: shutdown.signal,
        onProgress: (p) => consoleLogger.info(`Generating demo trade: ${p.daysDone}/${p.days} days… (${p.franchise})`),
      });
      starting = backfill;
      const { orders } = await backfill;
      if (!shutdown.signal.aborted)
        consoleLogger.info(`Generated ${orders} demo orders in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
    if (shutdown.signal.aborted) return;
    running.housekeeping = startHousekeeping({ db, clock: Date.now, logger: consoleLogger });
    running.reports = startReportScheduler(
      { db, clock: Date.now, logger: consoleLogger },
      mailReport({ db, config, clock: Date.now, mailer }),
    );
    running.alerts = startAlertScheduler({ db, clock: Date.now, logger: consoleLogger }, mailAlert({ config, clock: Date.now, mailer }));
    // `npm run backup` and `owner:create` ask this server: PGlite lets no other process open DATA_DIR.
    if (early)
      running.localCalls = await serveLocalCalls(config.dataDir, { session: early.session, db }, consoleLogger).catch((error: unknown) => {
        consoleLogger.error('Backups and owner:create cannot reach this server while it runs', error);
        return undefined;
      });
    gate.open();
    consoleLogger.info(`Franchise Console is running at http://localhost:${info.port}`);

    server.on('error', (error) => consoleLogger.error('the HTTP server failed', error));

    // Every later start (of a demo database) tops the trade up to the current hour, one day per
    // transaction, so a request waits at most one day's write. Both start once the waiting requests are let through.
    setImmediate(() => {
      // Only for the start-up message, so asked once the server already answers.
      void printAccountHints(db, config).catch((error: unknown) => consoleLogger.error('reading the accounts failed', error));
      if (demoSeedAllowed(config) && !seeded && !shutdown.signal.aborted) toppingUp = topUpDemoTrade(db, shutdown.signal);
    });
  } catch (error) {
    // A stop in progress closes the database and releases the lock itself.
    if (shutdown.signal.aborted) return;
    await (opened?.destroy() ?? early?.session.close())?.catch(() => {});
    unlock();
    throw error;
  }
}

/**
 * Listens at once; every request waits until `open()` is called (the database migrated, the SPA
 * built), so none is refused while the server starts and none is answered before it is ready. After
 * `refuse()` (stopped while starting) the waiting requests get 503.
 */
export function serveWhenReady(
  app: { fetch: (request: Request, env: HttpBindings) => Response | Promise<Response> },
  address: { hostname: string; port: number },
) {
  let settle!: (opened: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (settle = resolve));
  let server!: ReturnType<typeof serve>;
  const listening = new Promise<AddressInfo>((resolve, reject) => {
    server = serve(
      { fetch: async (request, env) => ((await ready) ? app.fetch(request, env as HttpBindings) : refusing.fetch(request)), ...address },
      resolve,
    );
    server.once('error', (error) =>
      reject(new CannotListenError(`Cannot listen on ${address.hostname}:${address.port}: ${error.message}`, { cause: error })),
    );
  });
  return { server, listening, open: () => settle(true), refuse: () => settle(false) };
}

/** What a request that waited for the start gets when the server stops before it opened. */
const refusing = new Hono()
  .use(securityHeaders)
  .all('*', (c) => failure(c, 503, 'The server is shutting down', undefined, { 'Retry-After': '5', Connection: 'close' }));

/** A port in use or not allowed: the operator's to fix, so its message is enough. */
export class CannotListenError extends Error {}

/** Entry of the server bundle, called by scripts/start.mjs. */
export function run(early?: EarlyDatabase): void {
  main(early).catch((error: unknown) => {
    console.error(error instanceof DataDirLockedError || error instanceof CannotListenError ? error.message : error);
    process.exit(1);
  });
}

/** One day per transaction, so requests never wait long behind it. */
async function topUpDemoTrade(db: Db, signal: AbortSignal): Promise<void> {
  try {
    const { days, orders } = await backfillDemoTrade(db, new Date(), { daysPerBatch: 1, signal });
    if (orders > 0) consoleLogger.info(`Demo trade topped up to now: ${days} day(s) added, ${orders} orders.`);
  } catch (error) {
    if (!signal.aborted) consoleLogger.error('topping up the demo trade failed', error);
  }
}

async function printAccountHints(db: Db, config: Config): Promise<void> {
  if (await findUserByEmail(db, DEMO_ACCOUNTS[0].email)) {
    consoleLogger.info('Demo accounts (published passwords):');
    for (const a of DEMO_ACCOUNTS) consoleLogger.info(`  ${a.email} / ${a.password}  (${a.franchise})`);
    if (await findUserByEmail(db, DEMO_MANAGER.email)) {
      const m = DEMO_MANAGER;
      consoleLogger.info(`  ${m.email} / ${m.password}  (${m.franchise}: manager of ${m.branches.join(' and ')})`);
    }
  } else if (!(await hasAnyUser(db))) consoleLogger.info(firstOwnerHint(config));
}
