import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { rebuildRollups } from '../../server/analytics/rollups';
import { exampleCurl } from '../../src/views/integrations/example-curl';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// The Integrations page's example command, run with bash and curl as the owner would paste it, against a real HTTP
// server whose clock is the shell's: the order it sends shows on the dashboard's default window (the last 7 days).

const run = promisify(execFile);

let database: TestDatabase;
let server: ReturnType<typeof serve>;
let base: string;
let t: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  // The command dates its order with the shell's `date`: the server's clock is the same.
  t.advance(Date.now() - t.now());
  server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});

type Summary = { total_orders: number; total_revenue: number };

describe('the Integrations page’s example command', () => {
  it('sends one completed order for a restaurant of the franchise, counted in the last 7 days', async () => {
    const owner = await t.login(OWNER);
    const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Example', restaurant_id: null } });
    expect(created.status).toBe(201);
    const restaurants = await t.call('GET', '/api/v1/ingest/restaurants', { token: created.body.data.secret });
    const restaurant = (restaurants.body.data as { id: number }[])[0]!.id;
    const summary = async () =>
      (await t.call('GET', 'analytics/revenues?period=7days', { token: owner })).body.data.franchise_summary as Summary;
    const before = await summary();

    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', exampleCurl(base, restaurant)], {
      env: { ...process.env, FC_KEY: created.body.data.secret },
    });
    const answers = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { status: string; data: unknown });
    expect(answers.map((a) => a.status)).toEqual(['success', 'success']);
    expect(answers[1]!.data).toEqual({ created: 1, updated: 0, unchanged: 0 });

    const order = await database.db
      .selectFrom('orders')
      .select(['status', 'total_cents', 'restaurant_id'])
      .where('external_id', '=', 'POS-1001')
      .execute();
    expect(order).toEqual([{ status: 'completed', total_cents: 1650, restaurant_id: restaurant }]);
    const after = await summary();
    expect(after.total_orders).toBe(before.total_orders + 1);
    expect(after.total_revenue).toBeCloseTo(before.total_revenue + 16.5, 2);
    expect((await rebuildRollups(database.db, { check: true })).differing).toBe(0);
  });
});
