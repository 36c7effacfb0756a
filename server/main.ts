import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { resolveJwtSecret } from './auth/tokens.js';
import { ensureSpaBuilt } from './build/spa-build.js';
import { loadConfig } from './config.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_ACCOUNTS, seedIfEmpty } from './db/seed.js';
import { consoleLogger } from './logger.js';
import { createMailer } from './mail/mailer.js';

/** `npm start`: build the SPA if stale, migrate, seed on first start, serve SPA and API. */
async function main(): Promise<void> {
  const config = resolveJwtSecret(loadConfig());
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    if (!config.skipSpaBuild) await ensureSpaBuilt({ root: process.cwd() });
    const db = openDatabase(config);
    await migrateToLatest(db);
    if (await seedIfEmpty(db)) consoleLogger.info('Seeded the demo franchises.');

    const app = createApp({ db, config, clock: Date.now, mailer: createMailer(config, consoleLogger), logger: consoleLogger });
    const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
      consoleLogger.info(`Franchise Console is running at http://localhost:${info.port}`);
      consoleLogger.info('Demo accounts:');
      for (const a of DEMO_ACCOUNTS) consoleLogger.info(`  ${a.email} / ${a.password}  (${a.franchise})`);
    });
    server.on('error', (error) => {
      consoleLogger.error(`Cannot listen on ${config.host}:${config.port}:`, error);
      void db.destroy().finally(() => {
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
        void db
          .destroy()
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
