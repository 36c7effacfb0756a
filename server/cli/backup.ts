import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { DataDirLockedError, lockDataDir, lockHolder } from '../data-dir-lock.mjs';
import { BackupRefusal, readBackupFile, restoreEmbedded, snapshotEmbedded, writeBackupFile } from '../db/backup.js';
import { requestSnapshot } from '../local-endpoint.js';
import { openEmbedded } from '../db/pglite-thread.mjs';

/**
 * `npm run backup -- FILE`: a consistent snapshot of the embedded database in DATA_DIR, taken by the
 * server using it (which keeps answering) or, when none runs, by this process.
 * `npm run restore -- FILE`: loads one into an empty DATA_DIR while no server runs.
 * Exit codes: 0 done, 1 refused or failed, 2 bad arguments.
 */
const USAGE = {
  backup: 'Usage: npm run backup -- <file>   e.g. npm run backup -- backups/fc-$(date +%F-%H%M).tar.gz',
  restore: 'Usage: npm run restore -- <file>   into an empty DATA_DIR, with no server running',
};
const POSTGRES = {
  backup:
    'DATABASE_URL is set: back PostgreSQL up with pg_dump, e.g. pg_dump --format=custom --file=fc.dump "$DATABASE_URL" (docs/operations.md, Backups).',
  restore:
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g. pg_restore --clean --if-exists --no-owner --dbname "$DATABASE_URL" fc.dump (docs/operations.md, Backups).',
};

type Command = keyof typeof USAGE;

class UsageError extends Error {}

function fileArgument(command: Command): string | undefined {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(3), options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE[command]}`);
  }
  if (parsed.values.help) return undefined;
  if (parsed.positionals.length !== 1) throw new UsageError(USAGE[command]);
  return parsed.positionals[0];
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The snapshot, from the server holding DATA_DIR or, when none does, taken here under the same lock. */
async function snapshot(dataDir: string): Promise<{ tar: Uint8Array; by: string }> {
  if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) throw new BackupRefusal(`There is no database in DATA_DIR ${resolve(dataDir)}.`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return { tar: await requestSnapshot(dataDir), by: 'the running server' };
  }
  try {
    const session = openEmbedded(dataDir);
    try {
      return { tar: await snapshotEmbedded(session), by: 'this process, no server running' };
    } finally {
      await session.close();
    }
  } finally {
    unlock();
  }
}

async function backup(file: string, dataDir: string): Promise<void> {
  const started = performance.now();
  const { tar, by } = await snapshot(dataDir);
  const taken = seconds(started);
  const size = await writeBackupFile(file, tar);
  console.log(
    `Backed up DATA_DIR ${resolve(dataDir)} to ${file}: ${(size / 1e6).toFixed(1)} MB ` +
      `(${(tar.byteLength / 1e6).toFixed(1)} MB unpacked), snapshot by ${by} in ${taken}, ${seconds(started)} in all.`,
  );
}

async function restore(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupRefusal(`No backup file ${file}.`);
  const holder = lockHolder(dataDir);
  if (holder !== undefined)
    throw new BackupRefusal(`A server (pid ${holder}) is using DATA_DIR ${resolve(dataDir)}: stop it, and restore into an empty DATA_DIR.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupRefusal(`DATA_DIR ${resolve(dataDir)} is not empty: restore into a new or empty directory and point DATA_DIR at it.`);
  const started = performance.now();
  const tar = await readBackupFile(file);
  const unlock = lockDataDir(dataDir);
  try {
    const restored = await restoreEmbedded(dataDir, tar).catch((error: unknown) => {
      // DATA_DIR was empty: leave it so, for the next attempt.
      rmSync(join(dataDir, 'pglite'), { recursive: true, force: true });
      throw error;
    });
    console.log(
      `Restored ${file} into DATA_DIR ${resolve(dataDir)} in ${seconds(started)}: ${restored.franchises} franchise(s), ` +
        `${restored.orders} orders; schema ${restored.migrated ? 'migrated to' : 'already at'} the latest version.`,
    );
  } finally {
    unlock();
  }
}

async function main(command: Command): Promise<void> {
  const file = fileArgument(command);
  if (!file) return console.log(USAGE[command]);
  const config = loadConfig();
  if (config.databaseUrl) throw new BackupRefusal(POSTGRES[command]);
  await (command === 'backup' ? backup : restore)(file, config.dataDir);
}

const command = process.argv[2];
if (command !== 'backup' && command !== 'restore') throw new Error(`Unknown command ${command}: backup or restore`);
main(command).then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof BackupRefusal || error instanceof UsageError || error instanceof DataDirLockedError;
    console.error(known ? error.message : error);
    // Exits even when a database thread that failed to open is still alive.
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
