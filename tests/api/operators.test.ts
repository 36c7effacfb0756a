import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '../../server/data-dir-lock.mjs';
import { openDatabase } from '../../server/db/database';
import { startServer, stopServer } from '../e2e/support/server-process';
import { createTestApp } from './support/test-app';
import { createEmptyPostgres } from './support/test-db';

const DATABASE_URL = process.env.DATABASE_URL;
const OWNER_ARGS = [
  '--email',
  'Ada@Example.org',
  '--name',
  'Ada Lovelace',
  '--franchise',
  'Analytical Eats',
  '--time-zone',
  'Australia/Perth',
];

/** `npm run <script>` exactly as an operator runs it, stdin piped in, on the database `env` names. */
function npmRun(script: string, env: Record<string, string | undefined>, args: string[], stdin: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...inherited, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

const ownerCreate = (env: Record<string, string | undefined>, args: string[], password = 'engine-of-numbers\n') =>
  npmRun('owner:create', env, args, password);

async function signIn(env: { DATA_DIR?: string; DATABASE_URL?: string }, password: string) {
  const db = openDatabase({ dataDir: env.DATA_DIR ?? tmpdir(), databaseUrl: env.DATABASE_URL });
  try {
    const t = createTestApp(db);
    const res = await t.call('POST', 'login', { body: { email: 'ada@example.org', password } });
    return { status: res.status, franchise: res.body?.data?.user?.franchise };
  } finally {
    await db.destroy();
  }
}

/** What every database gets: the same command, the same refusals. */
async function createsAndRefuses(env: { DATA_DIR?: string; DATABASE_URL?: string }) {
  const created = await ownerCreate(env, OWNER_ARGS);
  expect(created.stderr).toBe('');
  expect(created.code).toBe(0);
  expect(created.stdout).toContain('Created Analytical Eats (Australia/Perth) and its owner ada@example.org');
  expect(created.stdout).not.toContain('engine-of-numbers');

  const duplicate = await ownerCreate(env, OWNER_ARGS);
  expect(duplicate.code).toBe(1);
  expect(duplicate.stderr.trim()).toBe('An account with the e-mail ada@example.org already exists.');

  const short = await ownerCreate(env, ['--email', 'bob@example.org', '--name', 'Bob', '--franchise', 'Bobs'], 'seven77\n');
  expect(short.code).toBe(2);
  expect(short.stderr).toContain('password: Password must be at least 8 characters');

  expect(await signIn(env, 'engine-of-numbers')).toEqual({
    status: 200,
    franchise: { id: expect.any(Number), name: 'Analytical Eats', time_zone: 'Australia/Perth' },
  });
}

describe('npm run owner:create', () => {
  it('creates a franchise and its owner in DATA_DIR, refuses a duplicate e-mail, a short password, and a held DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-owner-'));
    try {
      const unlock = lockDataDir(dir);
      const locked = await ownerCreate({ DATA_DIR: dir }, OWNER_ARGS);
      unlock();
      expect(locked.code).toBe(1);
      expect(locked.stderr.trim()).toBe(
        `Another Franchise Console process (pid ${process.pid}) is using DATA_DIR ${dir} and takes no requests: a server still starting ` +
          '(run the command again once it answers), or a command of its own (run it again when it has finished).',
      );
      await createsAndRefuses({ DATA_DIR: dir });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('refuses bad arguments with the usage, before touching any database', async () => {
    const dir = join(tmpdir(), 'fc-owner-never-created');
    const missing = await ownerCreate({ DATA_DIR: dir }, ['--name', 'Ada']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--email: Invalid email address');
    expect(missing.stderr).toContain('--franchise: Franchise name is required');
    const zone = await ownerCreate({ DATA_DIR: dir }, [...OWNER_ARGS.slice(0, 6), '--time-zone', 'Mars/Olympus']);
    expect(zone.code).toBe(2);
    expect(zone.stderr).toContain('--time-zone: Unknown time zone');
    const controls = await ownerCreate({ DATA_DIR: dir }, [
      ...OWNER_ARGS.slice(0, 3),
      'Ada\nReply-To: thief@example.net',
      '--franchise',
      'Analytical\u202E Eats',
    ]);
    expect(controls.code).toBe(2);
    expect(controls.stderr).toContain('--name: Name cannot contain line breaks, tabs or other control characters');
    expect(controls.stderr).toContain('--franchise: Franchise name cannot contain line breaks, tabs or other control characters');
    const unknown = await ownerCreate({ DATA_DIR: dir }, [...OWNER_ARGS, '--role', 'admin']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Usage: npm run owner:create');
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  it.skipIf(!DATABASE_URL)(
    'creates the owner in PostgreSQL (DATABASE_URL)',
    async () => {
      const empty = await createEmptyPostgres(DATABASE_URL!);
      try {
        await createsAndRefuses({ DATABASE_URL: empty.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'fc-owner-pg-')) });
      } finally {
        await empty.drop();
      }
    },
    180_000,
  );
});

describe('npm run seed', () => {
  it('refuses to seed the demo into a database SEED_DEMO=0 keeps empty', async () => {
    const res = await npmRun('seed', { DATA_DIR: join(tmpdir(), 'fc-never-created'), SEED_DEMO: '0' }, [], '');
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('SEED_DEMO=0 keeps this database free of the demo franchises; unset it to seed them.');
  });

  it('refuses to put the demo accounts into PostgreSQL without SEED_DEMO=1', async () => {
    const res = await npmRun('seed', { DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none' }, [], '');
    expect(res.code).toBe(2);
    expect(res.stderr.trim()).toBe('The demo accounts have a published password: set SEED_DEMO=1 to seed them into PostgreSQL.');
  });
});

describe('npm start with SEED_DEMO=0 on the embedded database', () => {
  it('starts empty, says how to create the first owner, and an owner created then signs in to an empty franchise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-empty-'));
    try {
      const server = await startServer({ dataDir: dir, env: { DATABASE_URL: '', SKIP_SPA_BUILD: '1', SEED_DEMO: '0' } });
      try {
        const login = await fetch(`${server.url}/api/v1/franchise/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'owner@example.com', password: 'demo-password' }),
        });
        expect(login.status).toBe(401);
        await vi.waitFor(() => expect(server.output()).toContain('npm run owner:create -- --email'));
        expect(server.output()).not.toContain('demo-password');
      } finally {
        expect(await stopServer(server.process)).toBe(0);
      }
      const created = await ownerCreate({ DATA_DIR: dir }, OWNER_ARGS);
      expect(created.code, created.stderr).toBe(0);
      const db = openDatabase({ dataDir: dir, databaseUrl: undefined });
      try {
        const t = createTestApp(db);
        const token = await t.login({ email: 'ada@example.org', password: 'engine-of-numbers' });
        const restaurants = await t.call('GET', 'restaurants', { token });
        expect(restaurants.body.data).toEqual([]);
        expect(await db.selectFrom('orders').select('id').limit(1).execute()).toEqual([]);
      } finally {
        await db.destroy();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('npm run owner:create while a server runs', () => {
  it('is done by the server on its DATA_DIR, who signs in at once; elsewhere it is refused unless --offline', async () => {
    const [dir, elsewhere] = [mkdtempSync(join(tmpdir(), 'fc-running-')), join(tmpdir(), `fc-not-the-server-${process.pid}`)];
    try {
      const server = await startServer({ dataDir: dir, env: { DATABASE_URL: '', SKIP_SPA_BUILD: '1', SEED_DEMO: '0' } });
      const port = new URL(server.url).port;
      try {
        // The start message's command names this server's database exactly.
        await vi.waitFor(() => expect(server.output()).toContain(`  DATA_DIR=${dir} npm run owner:create -- --email you@example.com`));

        const wrong = await ownerCreate({ DATA_DIR: elsewhere, PORT: port }, OWNER_ARGS);
        expect(wrong.code).toBe(1);
        expect(wrong.stderr).toContain(`A Franchise Console server answers on port ${port}, but no server uses DATA_DIR ${elsewhere}`);
        expect(existsSync(elsewhere)).toBe(false);

        const short = await ownerCreate({ DATA_DIR: dir }, OWNER_ARGS, 'seven77\n');
        expect(short.code).toBe(2);
        expect(short.stderr).toContain('Cannot create the owner:\n  password: ');

        const created = await ownerCreate({ DATA_DIR: dir }, OWNER_ARGS);
        expect(created.stderr).toBe('');
        expect(created.stdout.trim()).toMatch(
          new RegExp(
            `^Created Analytical Eats \\(Australia/Perth\\) and its owner ada@example.org through the server running on DATA_DIR ${dir} \\(pid \\d+\\): they can sign in now\\.$`,
          ),
        );
        const login = await fetch(`${server.url}/api/v1/franchise/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: 'ada@example.org', password: 'engine-of-numbers' }),
        });
        expect(login.status).toBe(200);

        const again = await ownerCreate({ DATA_DIR: dir }, OWNER_ARGS);
        expect(again.code).toBe(1);
        expect(again.stderr.trim()).toBe('An account with the e-mail ada@example.org already exists.');

        const offline = await ownerCreate({ DATA_DIR: elsewhere, PORT: port }, [...OWNER_ARGS, '--offline']);
        expect(offline.code, offline.stderr).toBe(0);
        expect(offline.stdout).toContain(`in DATA_DIR ${elsewhere}; no server uses it now`);
      } finally {
        expect(await stopServer(server.process)).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 180_000);
});

describe.skipIf(!DATABASE_URL)('npm start on an empty PostgreSQL', () => {
  const start = async (env: Record<string, string>) => {
    const empty = await createEmptyPostgres(DATABASE_URL!);
    const server = await startServer({ env: { DATABASE_URL: empty.url, SKIP_SPA_BUILD: '1', SEED_DEMO: '', ...env } });
    return { empty, server };
  };

  it('seeds nothing without SEED_DEMO and says how to create the first owner', async () => {
    const { empty, server } = await start({});
    try {
      const login = await fetch(`${server.url}/api/v1/franchise/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'demo-password' }),
      });
      expect(login.status).toBe(401);
      await vi.waitFor(() => expect(server.output()).toContain('npm run owner:create -- --email'));
      expect(server.output()).not.toContain('demo-password');
    } finally {
      expect(await stopServer(server.process)).toBe(0);
      await empty.drop();
    }
  }, 180_000);

  it('seeds the demo franchises with SEED_DEMO=1', async () => {
    const { empty, server } = await start({ SEED_DEMO: '1' });
    try {
      const login = await fetch(`${server.url}/api/v1/franchise/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'owner@example.com', password: 'demo-password' }),
      });
      expect(login.status).toBe(200);
      await vi.waitFor(() => expect(server.output()).toContain('owner@example.com / demo-password'));
      expect(server.output()).not.toContain('npm run owner:create');
    } finally {
      expect(await stopServer(server.process)).toBe(0);
      await empty.drop();
    }
  }, 180_000);
});
