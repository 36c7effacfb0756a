import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { findUserByEmail, hasAnyUser } from './auth/franchise-users.repository.js';
import { FIRST_OWNER_HINT } from './auth/owners.js';
import { resolveJwtSecret } from './auth/tokens.js';
import { ensureSpaBuilt } from './build/spa-build.js';
import { demoSeedAllowed, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.mjs';
import { type Db, openDatabase, pgliteDatabase } from './db/database.js';
import type { PgliteSession } from './db/pglite-dialect.js';
import { migrateToLatest } from './db/migrate.js';
import { backfillDemoTrade, DEMO_ACCOUNTS, seedIfEmpty } from './db/seed.js';
import { startHousekeeping } from './housekeeping.js';
import { consoleLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';

/** The embedded database `scripts/start.mjs` began opening, with DATA_DIR already locked, before this bundle loaded. */
export type EarlyDatabase = { session: PgliteSession; unlock: () => void };

/** `npm start`: build the SPA if stale, migrate, seed the demo on first start (embedded database or SEED_DEMO), serve SPA and API. */
async function main(early?: EarlyDatabase): Promise<void> {
  let unlock = early?.unlock ?? (() => {});
  let opened: Db | undefined;
  try {
    const config = resolveJwtSecret(loadConfig());
    if (!early && !config.databaseUrl) unlock = lockDataDir(config.dataDir);
    const db = (opened = early ? pgliteDatabase(early.session) : openDatabase(config));
    if (!config.skipSpaBuild) await ensureSpaBuilt({ root: process.cwd() });
    await migrateToLatest(db);
    const seeded = demoSeedAllowed(config) && (await seedIfEmpty(db));
    if (seeded) {
      consoleLogger.info('Seeded the demo franchises.');
      // The first start serves 13 months of trade from its first answer (about 15 s here).
      const started = performance.now();
      const { orders } = await backfillDemoTrade(db, new Date(), {
        onProgress: (p) => consoleLogger.info(`Generating demo trade: ${p.daysDone}/${p.days} days… (${p.franchise})`),
      });
      consoleLogger.info(`Generated ${orders} demo orders in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
    // Every later start (of a demo database) tops the trade up to the current hour once it answers.
    const topUp = new AbortController();
    let toppingUp: Promise<void> = Promise.resolve();

    const app = createApp({ db, config, clock: Date.now, mailer: createMailer(config, consoleLogger), logger: consoleLogger });
    const housekeeping = startHousekeeping({ db, clock: Date.now, logger: consoleLogger });
    const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
      consoleLogger.info(`Franchise Console is running at http://localhost:${info.port}`);
      // Only for the start-up message, so asked once the server already answers.
      void printAccountHints(db).catch((error: unknown) => consoleLogger.error('reading the accounts failed', error));
      if (demoSeedAllowed(config) && !seeded) toppingUp = topUpDemoTrade(db, topUp.signal);
    });
    server.on('error', (error) => {
      consoleLogger.error(`Cannot listen on ${config.host}:${config.port}:`, error);
      void housekeeping
        .stop()
        .then(() => db.destroy())
        .finally(() => {
          unlock();
          process.exit(1);
        });
    });

    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      consoleLogger.info(`${signal}: shutting down…`);
      topUp.abort();
      server.close(() => {
        void toppingUp
          .then(() => housekeeping.stop())
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
  } catch (error) {
    await (opened?.destroy() ?? early?.session.close())?.catch(() => {});
    unlock();
    throw error;
  }
}

/** Entry of the server bundle, called by scripts/start.mjs. */
export function run(early?: EarlyDatabase): void {
  main(early).catch((error: unknown) => {
    console.error(error instanceof DataDirLockedError ? error.message : error);
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

async function printAccountHints(db: Db): Promise<void> {
  if (await findUserByEmail(db, DEMO_ACCOUNTS[0].email)) {
    consoleLogger.info('Demo accounts (published passwords):');
    for (const a of DEMO_ACCOUNTS) consoleLogger.info(`  ${a.email} / ${a.password}  (${a.franchise})`);
  } else if (!(await hasAnyUser(db))) consoleLogger.info(FIRST_OWNER_HINT);
}
