import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../server/db/database';
import { startServer, stopServer, type RunningServer } from '../e2e/support/server-process';
import { prepareIngestDataDir } from './support/ingest-data-dir';

// `npm run backup` while a server answers an ingest flood: the restored copy holds every batch
// acknowledged before the backup began, no batch in part, none sent after it ended, and exact rollups.

const BATCH = 200;
const SKUS = ['SNAP-1', 'SNAP-2'];

const orders = (batch: string) =>
  Array.from({ length: BATCH }, (_, i) => ({
    external_id: `${batch}-${i}`,
    restaurant_id: 1,
    placed_at: new Date(Date.UTC(2026, 8, 1 + (i % 30), 2 + (i % 9))).toISOString(),
    channel: i % 2 ? 'dine_in' : 'takeaway',
    source: 'pos',
    guests: 1 + (i % 3),
    customer_ref: i % 4 ? `snap-customer-${i % 53}` : null,
    status: 'completed',
    lines: SKUS.map((sku, j) => ({ sku, quantity: 1 + j, amount_cents: 400 * (j + 1) })),
    payments: [{ method: 'card', amount_cents: 1200 }],
  }));

/** `npm run <script> -- args` as an operator runs it, with exactly the database `env` names. */
function npmRun(script: string, env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], { env: { ...inherited, ...env }, stdio: 'pipe' });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

type Sent = { batch: string; sentAt: number; answeredAt?: number; status?: number };

/** Senders each posting one batch after another until `stop` says so; every call is recorded with its times. */
function flood(server: RunningServer, secret: string, stop: () => boolean, senders = 3) {
  const sent: Sent[] = [];
  const done = Promise.all(
    Array.from({ length: senders }, async () => {
      while (!stop()) {
        const call: Sent = { batch: `b${sent.length}`, sentAt: performance.now() };
        sent.push(call);
        const res = await fetch(`${server.url}/api/v1/ingest/orders`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ orders: orders(call.batch) }),
        });
        await res.arrayBuffer();
        Object.assign(call, { status: res.status, answeredAt: performance.now() });
      }
    }),
  );
  return { sent, done };
}

/** Orders stored per batch, and how many orders lack any of their lines. */
async function storedBatches(dataDir: string) {
  const db = openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const { rows } = await sql<{ batch: string; n: number }>`select split_part(external_id, '-', 1) as batch, count(*)::int as n
      from orders where external_id like 'b%' group by 1`.execute(db);
    const { rows: partial } = await sql<{ n: number }>`select count(*)::int as n from orders o where o.external_id like 'b%'
      and (select count(*) from order_lines l where l.order_id = o.id) <> ${SKUS.length}`.execute(db);
    return { count: (batch: string) => rows.find((r) => r.batch === batch)?.n ?? 0, batches: rows, partialOrders: partial[0]!.n };
  } finally {
    await db.destroy();
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm run backup and npm run restore on the embedded database', () => {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `fc-backup-${name}-`));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('backs up during an ingest flood; the restore holds every batch acknowledged before, none in part, none sent after', async () => {
    const dataDir = tempDir('live');
    const secret = await prepareIngestDataDir(dataDir, SKUS);
    const file = join(tempDir('files'), 'fc.tar.gz');
    const server = await startServer({ dataDir, env: { DATABASE_URL: '', SKIP_SPA_BUILD: '1', SEED_DEMO: '0' } });
    let stopping = false;
    const { sent, done } = flood(server, secret, () => stopping);
    let [began, ended] = [0, 0];
    try {
      await wait(1500);
      began = performance.now();
      const backup = await npmRun('backup', { DATA_DIR: dataDir }, [file]);
      ended = performance.now();
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/^Backed up DATA_DIR .* to .*fc\.tar\.gz: [\d.]+ MB .*snapshot by the running server in [\d.]+ s/);
      expect(backup.code).toBe(0);
      await wait(1000);

      // The way in is the server's alone: 127.0.0.1, a secret only DATA_DIR's owner may read.
      const endpointFile = join(dataDir, 'local-endpoint.json');
      expect(statSync(endpointFile).mode & 0o777).toBe(0o600);
      const { port } = JSON.parse(readFileSync(endpointFile, 'utf8')) as { port: number };
      const forged = await fetch(`http://127.0.0.1:${port}/snapshot`, { method: 'POST', headers: { Authorization: 'Bearer guessed' } });
      expect(forged.status).toBe(401);

      const refused = await npmRun('restore', { DATA_DIR: dataDir }, [file]);
      expect(refused.stderr).toMatch(/^A server \(pid \d+\) is using DATA_DIR .*: stop it, and restore into an empty DATA_DIR\.\n$/);
      expect(refused.code).toBe(1);
    } finally {
      stopping = true;
      await done;
      expect(await stopServer(server.process)).toBe(0);
    }

    // The server kept answering the flood while the backup ran.
    expect(sent.every((call) => call.status === 200)).toBe(true);
    const before = sent.filter((call) => call.answeredAt! < began);
    const during = sent.filter((call) => call.answeredAt! > began && call.answeredAt! < ended);
    const after = sent.filter((call) => call.sentAt > ended);
    expect(
      [before.length, during.length, after.length].every((n) => n > 0),
      `${before.length} ${during.length} ${after.length}`,
    ).toBe(true);

    const restoredDir = tempDir('restored');
    const restored = await npmRun('restore', { DATA_DIR: restoredDir }, [file]);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(
      /^Restored .* into DATA_DIR .*: 2 franchise\(s\), \d+ orders; schema already at the latest version\.\n$/,
    );
    expect(restored.code).toBe(0);

    const stored = await storedBatches(restoredDir);
    for (const call of before) expect(stored.count(call.batch), call.batch).toBe(BATCH);
    for (const call of after) expect(stored.count(call.batch), call.batch).toBe(0);
    expect(stored.batches.filter((b) => b.n !== BATCH)).toEqual([]);
    expect(stored.partialOrders).toBe(0);
    const check = await npmRun('rollups:rebuild', { DATA_DIR: restoredDir }, ['--check']);
    expect(check.stderr).toBe('');
    expect(check.code).toBe(0);

    // A non-empty DATA_DIR is refused; with no server running, the backup is taken by the command itself.
    const full = await npmRun('restore', { DATA_DIR: dataDir }, [file]);
    expect(full.stderr).toMatch(/^DATA_DIR .* is not empty: restore into a new or empty directory and point DATA_DIR at it\.\n$/);
    expect(full.code).toBe(1);
    const offlineFile = join(tempDir('offline'), 'fc.tar.gz');
    const offline = await npmRun('backup', { DATA_DIR: dataDir }, [offlineFile]);
    expect(offline.stdout).toMatch(/snapshot by this process, no server running/);
    expect(offline.code).toBe(0);
    const copyDir = tempDir('copy');
    expect((await npmRun('restore', { DATA_DIR: copyDir }, [offlineFile])).code).toBe(0);
    const byBatch = (rows: { batch: string; n: number }[]) => rows.toSorted((x, y) => x.batch.localeCompare(y.batch));
    const last = byBatch((await storedBatches(dataDir)).batches);
    expect(last.length).toBe(sent.length);
    expect(byBatch((await storedBatches(copyDir)).batches)).toEqual(last);
  }, 240_000);

  it('points PostgreSQL at pg_dump and pg_restore instead', async () => {
    const env = { DATABASE_URL: 'postgres://fc@127.0.0.1:1/fc', DATA_DIR: tempDir('pg') };
    const backup = await npmRun('backup', env, ['fc.dump']);
    expect(backup.stderr).toMatch(/^DATABASE_URL is set: back PostgreSQL up with pg_dump, e\.g\. pg_dump --format=custom/);
    expect(backup.code).toBe(1);
    const restore = await npmRun('restore', env, ['fc.dump']);
    expect(restore.stderr).toMatch(/^DATABASE_URL is set: restore PostgreSQL with pg_restore/);
    expect(restore.code).toBe(1);
  });
});
