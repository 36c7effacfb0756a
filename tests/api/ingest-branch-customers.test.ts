import { rebuildRollups } from '../../server/analytics/rollups';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// A key for one branch writes that branch's figures and no other's, though guests are known by a
// reference shared across the franchise (docs/integrations.md, recurrent patrons).
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let allBranches: string;
let parramattaOnly: string;
let bondiOnly: string;

// The seed's Harbour Eats Parramatta (1) and Bondi (2), both the owner's.
const PARRAMATTA = 1;
const BONDI = 2;
const SKU = 'BC-BURGER';

async function createKey(name: string, restaurantId: number | null) {
  const res = await t.call('POST', 'api-keys', { token: owner, body: { name, restaurant_id: restaurantId } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.secret as string;
}

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  allBranches = await createKey('POS all', null);
  parramattaOnly = await createKey('POS Parramatta', PARRAMATTA);
  bondiOnly = await createKey('POS Bondi', BONDI);
  const menu = await t.call('PUT', '/api/v1/ingest/menu-items', {
    token: allBranches,
    body: { items: [{ sku: SKU, name: 'Burger', price_cents: 1000, menu: 'All Day', is_combo: false }] },
  });
  expect(menu.status, menu.text).toBe(200);
});
afterAll(() => database.close());

type Sent = { id: string; at: string; ref: string; restaurant: number; guests?: number; status?: 'completed' | 'voided' };

const order = ({ id, at, ref, restaurant, guests = 2, status = 'completed' }: Sent) => ({
  external_id: id,
  restaurant_id: restaurant,
  placed_at: `${at}T12:00:00+11:00`,
  channel: 'dine_in',
  source: 'pos',
  guests,
  customer_ref: ref,
  status,
  lines: [{ sku: SKU, quantity: 1, amount_cents: 1000 }],
  payments: status === 'completed' ? [{ method: 'card', amount_cents: 1000 }] : [],
});

async function send(token: string, ...orders: Sent[]) {
  const res = await t.call('POST', '/api/v1/ingest/orders', { token, body: { orders: orders.map(order) } });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function imported(...orders: Sent[]) {
  const res = await t.call('POST', 'import/orders', { token: owner, body: { orders: orders.map(order) } });
  expect(res.status, res.text).toBe(200);
}

/** A branch's guests per day, new and recurrent, as the console reads them, over 1–20 Nov. */
async function headcounts(restaurant: number) {
  const res = await t.call('GET', `restaurants/${restaurant}/analytics/headcounts?period=daily&start_date=2026-11-01&end_date=2026-11-20`, {
    token: owner,
  });
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries(
    (res.body.data.series as { start_date: string; new: number; recurrent: number }[]).map((b) => [b.start_date, [b.new, b.recurrent]]),
  ) as Record<string, [number, number]>;
}

/** `after` minus `before`, only the days that differ. */
const changed = (before: Record<string, [number, number]>, after: Record<string, [number, number]>) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([day, [n, r]]) => [day, [n - before[day]![0], r - before[day]![1]]] as const)
      .filter(([, [n, r]]) => n !== 0 || r !== 0),
  );

async function expectRollupsExact() {
  const check = await rebuildRollups(database.db, { check: true });
  expect(check.differing, JSON.stringify(check.tables)).toBe(0);
}

describe("a key for one branch and another branch's guests", () => {
  it.each([
    ['the key for all branches', () => allBranches, 'LOYAL-ALL'],
    ["Bondi's own key", () => bondiOnly, 'LOYAL-BONDI'],
  ])("orders Parramatta's key sends for a guest Bondi knew (through %s) change none of Bondi's figures", async (_, bondiWriter, ref) => {
    await send(
      bondiWriter(),
      { id: `${ref}-b1`, at: '2026-11-12', ref, restaurant: BONDI },
      { id: `${ref}-b2`, at: '2026-11-14', ref, restaurant: BONDI },
    );
    const bondi = await headcounts(BONDI);
    const parramatta = await headcounts(PARRAMATTA);

    // Before Bondi's first visit, between its visits, after them; then the earliest voided and replaced.
    await send(parramattaOnly, { id: `${ref}-p1`, at: '2026-11-10', ref, restaurant: PARRAMATTA });
    expect(changed(bondi, await headcounts(BONDI))).toEqual({});
    await send(
      parramattaOnly,
      { id: `${ref}-p2`, at: '2026-11-13', ref, restaurant: PARRAMATTA, guests: 3 },
      { id: `${ref}-p3`, at: '2026-11-16', ref, restaurant: PARRAMATTA, guests: 4 },
    );
    expect(changed(bondi, await headcounts(BONDI))).toEqual({});
    await send(parramattaOnly, { id: `${ref}-p1`, at: '2026-11-10', ref, restaurant: PARRAMATTA, status: 'voided' });
    expect(changed(bondi, await headcounts(BONDI))).toEqual({});
    await send(parramattaOnly, { id: `${ref}-p1`, at: '2026-11-08', ref, restaurant: PARRAMATTA });
    expect(changed(bondi, await headcounts(BONDI))).toEqual({});

    // At Parramatta the guest is new on the first visit its key sent and recurrent after it.
    expect(changed(parramatta, await headcounts(PARRAMATTA))).toEqual({
      '2026-11-08': [2, 0],
      '2026-11-13': [0, 3],
      '2026-11-16': [0, 4],
    });
    await expectRollupsExact();
  });

  it("refuses a branch key's change to an order recorded there for a guest of the whole franchise, and takes it unchanged", async () => {
    const ref = 'LOYAL-SHARED';
    const first = { id: 'shared-p1', at: '2026-11-05', ref, restaurant: PARRAMATTA };
    await send(allBranches, first, { id: 'shared-b1', at: '2026-11-07', ref, restaurant: BONDI });
    const bondi = await headcounts(BONDI);

    const res = await t.call('POST', '/api/v1/ingest/orders', {
      token: parramattaOnly,
      body: { orders: [order({ ...first, status: 'voided' })] },
    });
    expect(res.status, res.text).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['orders[0].external_id']);
    expect(await send(parramattaOnly, first)).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(changed(bondi, await headcounts(BONDI))).toEqual({});

    // The key for all branches may: Bondi's visit on the 7th is then the guest's first.
    await send(allBranches, { ...first, status: 'voided' });
    expect(changed(bondi, await headcounts(BONDI))).toEqual({ '2026-11-07': [2, -2] });
    await expectRollupsExact();
  });
});

describe('the key for all branches and the import', () => {
  it('know a guest across the franchise: an earlier visit at Parramatta makes the visit at Bondi recurrent', async () => {
    const ref = 'LOYAL-WIDE';
    await send(allBranches, { id: 'wide-b1', at: '2026-11-12', ref, restaurant: BONDI, guests: 5 });
    const before = await headcounts(BONDI);
    await send(allBranches, { id: 'wide-p1', at: '2026-11-10', ref, restaurant: PARRAMATTA });
    expect(changed(before, await headcounts(BONDI))).toEqual({ '2026-11-12': [-5, 5] });

    const imports = 'LOYAL-IMPORT';
    await imported({ id: 'import-b1', at: '2026-11-15', ref: imports, restaurant: BONDI, guests: 3 });
    const beforeImport = await headcounts(BONDI);
    await imported({ id: 'import-p1', at: '2026-11-11', ref: imports, restaurant: PARRAMATTA });
    expect(changed(beforeImport, await headcounts(BONDI))).toEqual({ '2026-11-15': [-3, 3] });
    await expectRollupsExact();
  });
});
