import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { resolveJwtSecret } from '../../server/auth/tokens';
import { sourceHash } from '../../server/build/spa-build';
import { demoSeedAllowed, loadConfig } from '../../server/config';
import { DataDirLockedError, lockDataDir } from '../../server/data-dir-lock.mjs';
import { migrateToLatest } from '../../server/db/migrate';
import { seedIfEmpty } from '../../server/db/seed';
import { createMailer } from '../../server/mail/mailer';
import { openPgliteCopy, openTestDatabase } from './support/test-db';

const temp = () => mkdtempSync(join(tmpdir(), 'fc-infra-'));

describe('DATA_DIR lock', () => {
  it('refuses a second holder with a clear message, and takes over the lock of a dead process', () => {
    const dir = temp();
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir, process.pid + 1)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, process.pid + 1)).toThrow(
      `Another Franchise Console process (pid ${process.pid}) is using DATA_DIR ${dir}; stop it or set another DATA_DIR.`,
    );
    unlock();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);

    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeFileSync(join(dir, 'server.lock'), String(dead));
    const again = lockDataDir(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    again();
    rmSync(dir, { recursive: true });
  });
});

describe('PGlite driver', () => {
  it('serialises the single connection: a concurrent query neither sees nor interleaves with an open transaction', async () => {
    const { db } = await openPgliteCopy();
    const before = Number((await sql<{ n: number }>`select count(*)::int as n from franchises`.execute(db)).rows[0]!.n);
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finishSignal = new Promise<void>((resolve) => (finish = resolve));

    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('franchises').values({ name: 'Uncommitted Pty Ltd' }).execute();
        inserted();
        await finishSignal;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);

    await insertedSignal;
    let settled = false;
    const concurrent = db
      .selectFrom('franchises')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => {
        settled = true;
        return Number(row.n);
      });
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false);
    finish();
    expect(await transaction).toBe('roll back');
    expect(await concurrent).toBe(before);
    await db.destroy();
  });
});

describe('database setup', () => {
  it('applies a migration the database has not recorded (the start-up fast path never skips one)', async () => {
    const database = await openTestDatabase();
    try {
      await sql`drop table revoked_sessions`.execute(database.db);
      await sql`delete from kysely_migration where name = '2026-11-23-01-session-families'`.execute(database.db);
      await migrateToLatest(database.db);
      const { rows } = await sql<{ present: boolean }>`select to_regclass('revoked_sessions') is not null as present`.execute(database.db);
      expect(rows[0]?.present).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('migrates and seeds idempotently', async () => {
    const database = await openTestDatabase();
    try {
      await migrateToLatest(database.db);
      expect(await seedIfEmpty(database.db)).toBe(false);
      const franchises = await database.db.selectFrom('franchises').select('name').orderBy('id').execute();
      expect(franchises.map((f) => f.name)).toEqual(['Harbour Eats Group', 'Southern Cross Dining Co']);
      // Both drivers return the same JS types.
      const row = (
        await sql<{ d: unknown; i: unknown; t: unknown }>`select date '2026-01-31' as d, 9007199254740::int8 as i, now() as t`.execute(
          database.db,
        )
      ).rows[0]!;
      expect(row.d).toBe('2026-01-31');
      expect(row.i).toBe(9007199254740);
      expect(row.t).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });
});

describe('configuration', () => {
  it('has the documented defaults and rejects bad values with a readable message', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      trustProxy: false,
      accessTokenTtl: 3600,
      refreshWindow: 1209600,
      smtpUrl: undefined,
      seedDemo: undefined,
    });
    expect(
      loadConfig({ PORT: '9000', TRUST_PROXY: '1', PUBLIC_URL: 'https://fc.example.com/', DATABASE_URL: '', SEED_DEMO: '1' }),
    ).toMatchObject({
      port: 9000,
      trustProxy: true,
      seedDemo: true,
      publicUrl: 'https://fc.example.com',
      databaseUrl: undefined,
    });
    expect(() => loadConfig({ PORT: 'eighty', JWT_SECRET: 'short' })).toThrow(/PORT[\s\S]*JWT_SECRET/);
  });

  it('seeds the demo into the embedded database unless SEED_DEMO=0, and into PostgreSQL only with SEED_DEMO=1', () => {
    const allowed = (env: NodeJS.ProcessEnv) => demoSeedAllowed(loadConfig(env));
    const pg = 'postgres://ci@127.0.0.1/ci';
    expect([allowed({}), allowed({ SEED_DEMO: '1' }), allowed({ SEED_DEMO: '0' }), allowed({ SEED_DEMO: 'off' })]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([
      allowed({ DATABASE_URL: pg }),
      allowed({ DATABASE_URL: pg, SEED_DEMO: '1' }),
      allowed({ DATABASE_URL: pg, SEED_DEMO: '0' }),
    ]).toEqual([false, true, false]);
  });

  it('generates the JWT secret once, keeps it private in DATA_DIR, and prefers JWT_SECRET', () => {
    const dir = temp();
    const first = resolveJwtSecret(loadConfig({ DATA_DIR: dir })).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(64);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir })).jwtSecret).toBe(first);
    expect(resolveJwtSecret(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'e'.repeat(40) })).jwtSecret).toBe('e'.repeat(40));
    rmSync(dir, { recursive: true });
  });
});

describe('outbox mailer', () => {
  const link = 'https://fc.example.test/change-password?token=abc_DEF-123';
  const sendOne = async (production: boolean) => {
    const dir = temp();
    const lines: string[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'FC <no-reply@example.test>', dataDir: dir, production },
      { info: (l) => lines.push(l), error: () => {} },
    );
    await mailer.send({ to: 'owner@example.com', subject: 'Reset', text: `Open ${link}\n` });
    const files = readdirSync(join(dir, 'outbox'));
    const raw = files.length === 1 ? readFileSync(join(dir, 'outbox', files[0]!), 'utf8') : '';
    rmSync(dir, { recursive: true });
    return { files, raw, lines };
  };

  it('writes an .eml file to DATA_DIR/outbox and logs the link', async () => {
    const { files, raw, lines } = await sendOne(false);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{8}\.eml$/);
    expect(raw).toMatch(/^To: owner@example.com$/m);
    expect(raw).toMatch(/^Subject: Reset$/m);
    expect(raw).toContain(link);
    expect(lines).toContain(`Link in the mail to owner@example.com: ${link}`);
  });

  it('never logs a link under NODE_ENV=production (the outbox file still has it)', async () => {
    const { raw, lines } = await sendOne(true);
    expect(raw).toContain(link);
    expect(lines.join('\n')).not.toContain('token=');
    expect(loadConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).production).toBe(false);
  });
});

describe('SPA build hash', () => {
  it('changes when a source file changes', () => {
    const root = temp();
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'main.tsx'), 'one');
    writeFileSync(join(root, 'index.html'), '<html></html>');
    const first = sourceHash(root);
    expect(sourceHash(root)).toBe(first);
    writeFileSync(join(root, 'src', 'main.tsx'), 'two');
    expect(sourceHash(root)).not.toBe(first);
    rmSync(root, { recursive: true });
  });
});
