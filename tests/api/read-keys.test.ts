import { createTestApp, expectErrorEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Read keys: a BI tool reads the analytics and page reports of its key's scope, as a member of those
// branches would (a branch's key as that branch's manager), and nothing else.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;

// The seed's owner's first two restaurants; the sixth is the rival franchise's.
const PARRAMATTA = 1;
const BONDI = 2;
const RIVAL_RESTAURANT = 6;
const QUERY = '?period=7days';

let named = 0;
async function createKey(restaurantId: number | null, access?: string) {
  const res = await t.call('POST', 'api-keys', {
    token: owner,
    body: { name: `Read test ${++named}`, restaurant_id: restaurantId, ...(access ? { access } : {}) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; secret: string; access: string };
}

const order = (externalId: string, restaurantId: number, cents: number) => ({
  external_id: externalId,
  restaurant_id: restaurantId,
  placed_at: '2026-11-20T12:31:00+11:00',
  channel: 'dine_in',
  source: 'pos',
  guests: 1,
  customer_ref: null,
  status: 'completed',
  lines: [{ sku: 'READ-1', quantity: 1, amount_cents: cents }],
  payments: [{ method: 'card', amount_cents: cents }],
});

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  // Trade at two branches, sent with an ingest key, so a branch's figures differ from the franchise's.
  const ingest = await createKey(null);
  const send = (method: 'PUT' | 'POST', path: string, body: unknown) => t.call(method, path, { token: ingest.secret, body });
  const item = { sku: 'READ-1', name: 'Read Burger', price_cents: 1500, menu: 'All Day', is_combo: false };
  expect((await send('PUT', '/api/v1/ingest/menu-items', { items: [item] })).status).toBe(200);
  const sent = await send('POST', '/api/v1/ingest/orders', { orders: [order('R-1', PARRAMATTA, 1500), order('R-2', BONDI, 3000)] });
  expect(sent.status, sent.text).toBe(200);
});
afterAll(() => database.close());

describe('a read key', () => {
  it('is created with access read, listed as such; access defaults to ingest and anything else is a 422 on access', async () => {
    const key = await createKey(null, 'read');
    expect(key.access).toBe('read');
    expect((await createKey(null)).access).toBe('ingest');
    const listed = await t.call('GET', 'api-keys', { token: owner });
    expect(listed.body.data.find((k: { id: number }) => k.id === key.id).access).toBe('read');
    for (const access of ['write', 'READ', '', 1, null]) {
      const res = await t.call('POST', 'api-keys', { token: owner, body: { name: 'Refused', restaurant_id: null, access } });
      expect(res.status, String(access)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['access']);
    }
  });

  it('of every branch reads the analytics and page reports as an owner does, and records its use', async () => {
    const key = await createKey(null, 'read');
    for (const path of [
      `analytics/revenues${QUERY}`,
      `restaurants/${BONDI}/analytics/orders${QUERY}`,
      `analytics/pages/revenue${QUERY}`,
      `restaurants/${PARRAMATTA}/analytics/pages/order${QUERY}`,
    ]) {
      const byKey = await t.call('GET', path, { token: key.secret });
      expect(byKey.status, `${path}: ${byKey.text}`).toBe(200);
      expect(byKey.body, path).toEqual((await t.call('GET', path, { token: owner })).body);
    }
    const revenues = await t.call('GET', `analytics/revenues${QUERY}`, { token: key.secret });
    expect(revenues.body.data.restaurants.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([PARRAMATTA, BONDI]));
    const row = await database.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.last_used_at?.getTime()).toBe(t.now());
  });

  it('of one branch reads that branch only: franchise-wide calls answer for it, another branch is a 404', async () => {
    const key = await createKey(PARRAMATTA, 'read');
    const own = await t.call('GET', `restaurants/${PARRAMATTA}/analytics/revenues${QUERY}`, { token: key.secret });
    expect(own.status, own.text).toBe(200);
    expect(own.body).toEqual((await t.call('GET', `restaurants/${PARRAMATTA}/analytics/revenues${QUERY}`, { token: owner })).body);

    const wide = await t.call('GET', `analytics/revenues${QUERY}`, { token: key.secret });
    expect(wide.status, wide.text).toBe(200);
    expect(wide.body.data.restaurants.map((r: { id: number }) => r.id)).toEqual([PARRAMATTA]);
    expect(wide.body.data.restaurants[0].revenue).toBe(15);
    const page = await t.call('GET', `analytics/pages/revenue${QUERY}`, { token: key.secret });
    expect(page.status, page.text).toBe(200);
    expect(JSON.stringify(page.body.data)).not.toContain('Bondi');

    for (const path of [
      `restaurants/${BONDI}/analytics/revenues${QUERY}`,
      `restaurants/${BONDI}/analytics/pages/revenue${QUERY}`,
      `restaurants/${RIVAL_RESTAURANT}/analytics/revenues${QUERY}`,
    ]) {
      const res = await t.call('GET', path, { token: key.secret });
      expect(res.status, path).toBe(404);
      expectErrorEnvelope(res.body, 'Restaurant not found');
    }
  });

  it('is refused by the exports, the management calls (401) and the ingest calls (403)', async () => {
    const key = await createKey(null, 'read');
    for (const path of [
      `analytics/pages/revenue/export${QUERY}&format=csv`,
      `restaurants/${PARRAMATTA}/analytics/pages/revenue/export${QUERY}&format=csv`,
      'restaurants',
      'api-keys',
      'profile',
      'alerts/unread',
    ]) {
      const res = await t.call('GET', path, { token: key.secret });
      expect(res.status, path).toBe(401);
    }
    const posted = await t.call('POST', 'api-keys', { token: key.secret, body: { name: 'x', restaurant_id: null } });
    expect(posted.status).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/api/v1/ingest/restaurants', undefined],
      ['POST', '/api/v1/ingest/orders', { orders: [order('R-3', PARRAMATTA, 1500)] }],
    ] as const) {
      const res = await t.call(method, path, { token: key.secret, body });
      expect(res.status, path).toBe(403);
      expectErrorEnvelope(res.body, 'This is a read key: it may call the analytics and page report GETs only');
    }
    expect(await database.db.selectFrom('orders').select('id').where('external_id', '=', 'R-3').execute()).toEqual([]);
  });

  it('an ingest key is refused by the analytics and page reports (403)', async () => {
    const key = await createKey(null);
    for (const path of [`analytics/revenues${QUERY}`, `restaurants/${PARRAMATTA}/analytics/pages/revenue${QUERY}`]) {
      const res = await t.call('GET', path, { token: key.secret });
      expect(res.status, path).toBe(403);
      expectErrorEnvelope(res.body, 'This is an ingest key: it may call the ingest calls only');
    }
  });

  it('once revoked is refused at once (401), and an unknown secret of the key format too', async () => {
    const key = await createKey(null, 'read');
    expect((await t.call('GET', `analytics/revenues${QUERY}`, { token: key.secret })).status).toBe(200);
    expect((await t.call('DELETE', `api-keys/${key.id}`, { token: owner })).status).toBe(200);
    const res = await t.call('GET', `analytics/revenues${QUERY}`, { token: key.secret });
    expect(res.status).toBe(401);
    expectErrorEnvelope(res.body, 'Unauthenticated');
    const unknown = `${key.secret.slice(0, -4)}AAAA`;
    expect((await t.call('GET', `analytics/revenues${QUERY}`, { token: unknown })).status).toBe(401);
  });

  it('follows new trade: a cached answer is not served after a write bumps the data version', async () => {
    const key = await createKey(PARRAMATTA, 'read');
    const before = await t.call('GET', `analytics/revenues${QUERY}`, { token: key.secret });
    expect(before.body.data.restaurants[0].revenue).toBe(15);
    const ingest = await createKey(PARRAMATTA);
    const sent = await t.call('POST', '/api/v1/ingest/orders', {
      token: ingest.secret,
      body: { orders: [order('R-4', PARRAMATTA, 1500)] },
    });
    expect(sent.status, sent.text).toBe(200);
    const after = await t.call('GET', `analytics/revenues${QUERY}`, { token: key.secret });
    expect(after.body.data.restaurants[0].revenue).toBe(30);
  });
});
