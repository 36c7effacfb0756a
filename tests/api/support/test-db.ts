import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteDatabase, postgresDatabase, type Db } from '../../../server/db/database';
import { TYPE_PARSERS } from '../../../server/db/pglite-options.mjs';
import { PgliteThread } from '../../../server/db/pglite-thread.mjs';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedIfEmpty } from '../../../server/db/seed';

/** The template is built in this thread: dumping needs PGlite itself. */
function createPglite(): PGlite {
  return new PGlite({ parsers: TYPE_PARSERS });
}

export type TestDatabase = {
  db: Db;
  /** Another handle on the same database, as a second server process would have. */
  openPeer(): Db;
  close(): Promise<void>;
};

const root = join(import.meta.dirname, '../../..');

/** The template is rebuilt whenever the schema, the seed or the locked PGlite version changes. */
function templateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  for (const file of [...walk(join(root, 'server/db')), join(root, 'server/auth/passwords.ts'), join(root, 'package-lock.json')].sort()) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated and seeded PGlite data directory, built once (initdb costs seconds) and kept in the
 * temp dir across workers and runs; every test file loads its own copy of it.
 */
async function loadTemplate(): Promise<Buffer> {
  const file = join(tmpdir(), `franchise-console-template-${templateKey()}.tar`);
  if (existsSync(file)) return readFileSync(file);
  const pglite = createPglite();
  const db = pgliteDatabase(pglite);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await db.destroy();
  // Write then rename, so a parallel worker never reads half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return dump;
}

/** A copy of the template in its own database thread, as `npm start` runs the embedded database. */
async function openPgliteThread(): Promise<{ db: Db; thread: PgliteThread }> {
  const thread = new PgliteThread({ loadDataDir: new Uint8Array(await loadTemplate()) });
  return { db: pgliteDatabase(thread), thread };
}

async function openPglite(): Promise<TestDatabase> {
  const { db } = await openPgliteThread();
  return { db, openPeer: () => db, close: () => db.destroy() };
}

async function adminQuery(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server of DATABASE_URL (the role needs CREATEDB): its URL, and how to drop it. */
export async function createEmptyPostgres(databaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ft_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(databaseUrl, name) };
}

/**
 * DROP DATABASE … WITH (FORCE) refuses (42501) when it meets a backend it may not end (seen once in CI
 * after a file's tests, most likely an autovacuum worker): then our own sessions are ended and a plain
 * DROP, which stops autovacuum workers itself, is tried, a few times.
 */
async function dropDatabase(databaseUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(databaseUrl, `drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501' || attempt === 5) throw error;
      await adminQuery(
        databaseUrl,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and usename = current_user and pid <> pg_backend_pid()`,
      );
      try {
        await adminQuery(databaseUrl, `drop database if exists ${name}`);
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  }
}

/** A fresh database per test file on the server of DATABASE_URL. */
async function openPostgres(databaseUrl: string): Promise<TestDatabase> {
  const empty = await createEmptyPostgres(databaseUrl);
  const db = postgresDatabase(empty.url, 5);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const peers: Db[] = [];
  return {
    db,
    openPeer() {
      const peer = postgresDatabase(empty.url, 5);
      peers.push(peer);
      return peer;
    },
    async close() {
      for (const peer of peers) await peer.destroy();
      await db.destroy();
      await empty.drop();
    },
  };
}

export function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url) : openPglite();
}

/** A PGlite copy of the template regardless of DATABASE_URL, for tests of the PGlite driver itself. */
export const openPgliteCopy = openPgliteThread;
