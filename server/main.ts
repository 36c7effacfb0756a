import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { findUserByEmail, hasAnyUser } from './auth/franchise-users.repository.js';
import { FIRST_OWNER_HINT } from './auth/owners.js';
import { resolveJwtSecret } from './auth/tokens.js';
import { ensureSpaBuilt } from './build/spa-build.js';
import { demoSeedAllowed, loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed.js';
import { startHousekeeping } from './housekeeping.js';
import { consoleLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';

/** `npm start`: build the SPA if stale, migrate, seed the demo on first start (embedded database or SEED_DEMO), serve SPA and API. */
async function main(): Promise<void> {
  const config = resolveJwtSecret(loadConfig());
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    if (!config.skipSpaBuild) await ensureSpaBuilt({ root: process.cwd() });
    const db = openDatabase(config);
    await migrateToLatest(db);
    if (demoSeedAllowed(config) && (await seedIfEmpty(db))) consoleLogger.info('Seeded the demo franchises.');
    const demo = (await findUserByEmail(db, DEMO_ACCOUNTS[0].email)) !== undefined;
    const noAccounts = !(await hasAnyUser(db));

    const app = createApp({ db, config, clock: Date.now, mailer: createMailer(config, consoleLogger), logger: consoleLogger });
    const housekeeping = startHousekeeping({ db, clock: Date.now, logger: consoleLogger });
    const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
      consoleLogger.info(`Franchise Console is running at http://localhost:${info.port}`);
      if (demo) {
        consoleLogger.info('Demo accounts (published passwords):');
        for (const a of DEMO_ACCOUNTS) consoleLogger.info(`  ${a.email} / ${a.password}  (${a.franchise})`);
      }
      if (noAccounts) consoleLogger.info(FIRST_OWNER_HINT);
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
      server.close(() => {
        void housekeeping
          .stop()
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
    unlock();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
