import { rebuildRollups } from '../../server/analytics/rollups';
import { exampleCurl } from '../../src/views/integrations/example-curl';
import { runShell, startShellServer, type ShellServer } from './support/shell-server';
import { OWNER } from './support/test-app';

// The Integrations page's example command, run with bash and curl as the owner would paste it, against a real HTTP
// server whose clock is the shell's: the order it sends shows on the dashboard's default window (the last 7 days).

let shell: ShellServer;
beforeAll(async () => {
  shell = await startShellServer();
});
afterAll(() => shell.close());

type Summary = { total_orders: number; total_revenue: number };

describe('the Integrations page’s example command', () => {
  it('sends one completed order for a restaurant of the franchise, counted in the last 7 days', async () => {
    const { t, base, database } = shell;
    const owner = await t.login(OWNER);
    const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Example', restaurant_id: null } });
    expect(created.status).toBe(201);
    const restaurants = await t.call('GET', '/api/v1/ingest/restaurants', { token: created.body.data.secret });
    const restaurant = (restaurants.body.data as { id: number }[])[0]!.id;
    const summary = async () =>
      (await t.call('GET', 'analytics/revenues?period=7days', { token: owner })).body.data.franchise_summary as Summary;
    const before = await summary();

    const { answers } = await runShell(exampleCurl(base, restaurant), { ...process.env, FC_KEY: created.body.data.secret });
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
