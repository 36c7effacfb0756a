import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rebuildRollups } from '../../server/analytics/rollups';
import { runShell, startShellServer, type ShellServer } from './support/shell-server';
import { OWNER } from './support/test-app';

// The "Integrating a POS" commands of docs/integrations.md, run with bash and curl as an integrator would, against
// a real HTTP server: only the address and the key are this test's own.

/** The shell block of docs/integrations.md's section `heading`. */
function docShell(heading: string): string {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/integrations.md'), 'utf8');
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "## ${heading}"`);
  const section = doc.slice(start);
  const block = /```sh\n([\s\S]*?)```/.exec(section.slice(0, section.indexOf('\n## ', 4)));
  if (!block) throw new Error(`no sh block under "## ${heading}"`);
  return block[1]!;
}

let shell: ShellServer;
beforeAll(async () => {
  shell = await startShellServer();
});
afterAll(() => shell.close());

describe('docs/integrations.md: Integrating a POS', () => {
  it('runs as written: menu, two orders, the void of one, a purchase and its removal; the last 7 days then show the other', async () => {
    const { t, base, database } = shell;
    const owner = await t.login(OWNER);
    const summary = async () =>
      (await t.call('GET', 'analytics/revenues?period=7days', { token: owner })).body.data.franchise_summary as {
        total_orders: number;
        total_revenue: number;
      };
    const before = await summary();
    const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Docs', restaurant_id: null } });
    expect(created.status).toBe(201);
    const script = docShell('Integrating a POS');
    expect(script).toMatch(/^BASE=.*$/m);
    expect(script).toMatch(/^KEY=.*$/m);
    const ours = script.replace(/^BASE=.*$/m, `BASE=${base}`).replace(/^KEY=.*$/m, `KEY=${created.body.data.secret}`);
    const { stdout, answers } = await runShell(ours);
    expect(answers.map((a) => a.status)).toEqual(Array(answers.length).fill('success'));
    // The restaurants, then menu, orders, void, purchase, removal.
    expect(answers.slice(1).map((a) => a.data)).toEqual([
      { created: 2, updated: 0, unchanged: 0 },
      { created: 2, updated: 0, unchanged: 0 },
      { created: 0, updated: 1, unchanged: 0 },
      { created: 1, updated: 0, unchanged: 0 },
      { removed: 1 },
    ]);
    // What the document's comments promise.
    for (const promised of script.matchAll(/^# → (.*)$/gm)) expect(stdout).toContain(promised[1]!.replace(/^\{/, ''));

    const orders = await database.db
      .selectFrom('orders')
      .select(['external_id', 'status', 'total_cents'])
      .where('external_id', 'in', ['POS-1001', 'POS-1002'])
      .orderBy('external_id')
      .execute();
    expect(orders).toEqual([
      { external_id: 'POS-1001', status: 'completed', total_cents: 3900 },
      { external_id: 'POS-1002', status: 'voided', total_cents: 1650 },
    ]);
    // The dashboard's default range (the last 7 days, ending yesterday) counts the completed order, not the voided one.
    const after = await summary();
    expect(after.total_orders).toBe(before.total_orders + 1);
    expect(after.total_revenue).toBeCloseTo(before.total_revenue + 39, 2);
    expect(await database.db.selectFrom('purchase_lines').select('id').where('external_id', '=', 'INV-88-1').execute()).toEqual([]);
    expect((await rebuildRollups(database.db, { check: true })).differing).toBe(0);
  });
});

describe('docs/integrations.md: Reading with a BI tool', () => {
  it('runs as written with a read key: the revenues the owner sees, as the document says', async () => {
    const { t, base } = shell;
    const owner = await t.login(OWNER);
    const created = await t.call('POST', 'api-keys', { token: owner, body: { name: 'BI tool', restaurant_id: null, access: 'read' } });
    expect(created.status).toBe(201);
    const script = docShell('Reading with a BI tool');
    const ours = script.replace(/^BASE=.*$/m, `BASE=${base}`).replace(/^KEY=.*$/m, `KEY=${created.body.data.secret}`);
    expect(ours).not.toBe(script);
    const { stdout, answers } = await runShell(ours);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toEqual((await t.call('GET', 'analytics/revenues?period=7days', { token: owner })).body);
    for (const promised of script.matchAll(/^# → (.*)$/gm)) expect(stdout).toContain(promised[1]!.replace(/^\{/, ''));
  });
});
