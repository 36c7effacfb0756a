import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { rebuildRollups } from '../../server/analytics/rollups';
import { openDatabase } from '../../server/db/database';
import { startServer, stopServer, type RunningServer } from '../e2e/support/server-process';
import { prepareIngestDataDir } from './support/ingest-data-dir';

// A server killed with SIGKILL while it writes a batch: after a restart the batch is wholly there or
// wholly absent, and the rollups still equal the raw rows.

const BATCH = 1000;
const SKUS = ['KILL-1', 'KILL-2', 'KILL-3'];

const orders = (prefix: string) =>
  Array.from({ length: BATCH }, (_, i) => ({
    external_id: `${prefix}-${i}`,
    restaurant_id: 1,
    placed_at: new Date(Date.UTC(2026, 9, 1 + (i % 28), 1 + (i % 10))).toISOString(),
    channel: i % 2 ? 'dine_in' : 'takeaway',
    source: i % 3 ? 'pos' : 'app',
    guests: 1 + (i % 4),
    customer_ref: i % 5 ? `kill-customer-${i % 97}` : null,
    status: 'completed',
    lines: SKUS.map((sku, j) => ({ sku, quantity: 1 + j, amount_cents: 500 * (j + 1) })),
    payments: [{ method: 'card', amount_cents: 3000 }],
  }));

/** Until the killed server's process is gone: the kernel may still be tearing it down when its parent has exited. */
async function lockReleased(dataDir: string): Promise<void> {
  const owner = Number(readFileSync(join(dataDir, 'server.lock'), 'utf8'));
  for (let i = 0; i < 300; i++) {
    try {
      process.kill(owner, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pid ${owner} still runs 30 s after SIGKILL`);
}

describe('a server killed during a batch', () => {
  it('leaves each batch wholly present or wholly absent, and the rollups exact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fc-kill-'));
    const secret = await prepareIngestDataDir(dir, SKUS);

    const start = () => startServer({ dataDir: dir, env: { DATABASE_URL: '', SKIP_SPA_BUILD: '1', SEED_DEMO: '0' } });
    const send = (server: RunningServer, prefix: string) =>
      fetch(`${server.url}/api/v1/ingest/orders`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ orders: orders(prefix) }),
      });

    let server = await start();
    const outcomes: string[] = [];
    try {
      // How long a batch takes once warm, so the kills land inside one (the first pays for the server's first use).
      expect((await send(server, 'warm')).status).toBe(200);
      const began = performance.now();
      expect((await send(server, 'steady')).status).toBe(200);
      const took = performance.now() - began;
      for (const [i, fraction] of [0.3, 0.6, 0.9].entries()) {
        const answered = send(server, `kill${i}`).then(
          (res) => `answered ${res.status}`,
          () => 'cut off',
        );
        const exited = new Promise((resolve) => server.process.once('exit', resolve));
        await new Promise((resolve) => setTimeout(resolve, took * fraction));
        process.kill(-server.process.pid!, 'SIGKILL');
        outcomes.push(await answered);
        await exited;
        await lockReleased(dir);
        server = await start();
      }
    } finally {
      if (server.process.exitCode === null && server.process.signalCode === null) expect(await stopServer(server.process)).toBe(0);
    }

    const db = openDatabase({ dataDir: dir, databaseUrl: undefined });
    try {
      const { rows } = await sql<{ prefix: string; n: number }>`select split_part(external_id, '-', 1) as prefix, count(*)::int as n
        from orders where external_id is not null group by 1 order by 1`.execute(db);
      const present = Object.fromEntries(rows.map((r) => [r.prefix, r.n]));
      expect([present.warm, present.steady]).toEqual([BATCH, BATCH]);
      for (const i of [0, 1, 2]) expect([0, BATCH], `batch kill${i} (${outcomes[i]})`).toContain(present[`kill${i}`] ?? 0);
      // Lines and payments went with their orders.
      const { rows: orphans } = await sql<{ n: number }>`select count(*)::int as n from orders o
        where o.external_id is not null and (select count(*) from order_lines l where l.order_id = o.id) <> ${SKUS.length}`.execute(db);
      expect(orphans[0]!.n).toBe(0);
      expect((await rebuildRollups(db, { check: true })).differing).toBe(0);
      // At least one kill cut a batch off before its answer (it did not merely land after the commit).
      expect(outcomes.filter((o) => o === 'cut off').length).toBeGreaterThan(0);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
