import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { constants, gunzip, gzip } from 'node:zlib';
import { sql } from 'kysely';
import { pgliteDatabase } from './database.js';
import { isUpToDate, migrateToLatest } from './migrate.js';
import { betweenTransactions, type PgliteSession } from './pglite-dialect.js';
import { PgliteThread } from './pglite-thread.mjs';

/** A backup or restore the operator asked for that cannot be done as asked: its message is enough. */
export class BackupRefusal extends Error {}

/**
 * A consistent copy of the embedded database: its data directory as a tar, taken between two
 * transactions, so every committed transaction is in it and no part of any other.
 */
export async function snapshotEmbedded(session: PgliteSession): Promise<Uint8Array> {
  const dump = session.dumpDataDir?.bind(session);
  if (!dump) throw new Error('This database session cannot dump its data directory');
  const tar = await betweenTransactions(session, dump);
  return new Uint8Array(await tar.arrayBuffer());
}

// The fastest level: a data directory is mostly empty pages and log segments, which compress as well at 1 as at 6.
const GZIP = { level: constants.Z_BEST_SPEED };

/** Writes the snapshot gzipped, through a temporary file renamed into place: FILE is whole or absent. Returns its size in bytes. */
export async function writeBackupFile(file: string, tar: Uint8Array): Promise<number> {
  const packed = await promisify(gzip)(tar, GZIP);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const fd = openSync(partial, 'wx', 0o600);
    try {
      writeSync(fd, packed);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return packed.byteLength;
}

/** The tar in a backup file (gzipped as `writeBackupFile` writes it, or a plain tar). */
export async function readBackupFile(file: string): Promise<Uint8Array> {
  const bytes = readFileSync(file);
  return bytes[0] === 0x1f && bytes[1] === 0x8b ? promisify(gunzip)(bytes) : bytes;
}

/**
 * Loads a snapshot into DATA_DIR/pglite (which must not hold a database), checks that it opens and
 * brings its schema up to date (a backup from an older version). Returns what it holds.
 */
export async function restoreEmbedded(dataDir: string, tar: Uint8Array) {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const thread = new PgliteThread({ dataDir: dir, loadDataDir: tar });
  await thread.waitReady;
  const db = pgliteDatabase(thread);
  try {
    const migrated = !(await isUpToDate(db));
    if (migrated) await migrateToLatest(db);
    const { rows } = await sql<{ franchises: number; orders: number }>`select
      (select count(*)::int from franchises) as franchises, (select count(*)::int from orders) as orders`.execute(db);
    return { migrated, ...rows[0]! };
  } finally {
    await db.destroy();
  }
}
