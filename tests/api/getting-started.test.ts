import { createOwner } from '../../server/auth/owners';
import { validAbn } from '../support/abn';
import { DEMO_MANAGER } from '../../server/db/seed';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// An owner's first steps (docs/product.md#getting-started), each ticked by the franchise's own records as the owner
// makes them through the API, on a franchise created empty as `npm run owner:create` creates one.
let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
const ADA = { email: 'ada@firststeps.example.org', password: 'engine-of-numbers' };

beforeAll(async () => {
  database = await openTestDatabase();
  await createOwner(database.db, { ...ADA, name: 'Ada Lovelace', franchise: 'First Steps Eats', time_zone: 'Australia/Sydney' });
  t = createTestApp(database.db);
  owner = await t.login(ADA);
});
afterAll(() => database.close());

async function steps(token = owner) {
  const res = await t.call('GET', 'getting-started', { token });
  expect(res.status, res.text).toBe(200);
  expectSuccessEnvelope(res.body);
  return res.body.data;
}

async function created(path: string, body: unknown) {
  const res = await t.call('POST', path, { token: owner, body });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

describe('the first steps', () => {
  it('are ticked one by one from what the owner made, and shown until trade arrives', async () => {
    const none = { restaurants: false, trade_source: false, team: false, alerts: false };
    expect(await steps()).toEqual({ steps: none, trading: false, dismissed: false });

    const restaurant = await created('restaurants', {
      name: 'First Steps Surry Hills',
      abn_no: validAbn(700_000_001),
      address: '12 Crown Street',
      suburb: 'Surry Hills',
      post_code: '2010',
      city: 'Sydney',
      state: 'NSW',
      phone_no: '(02) 9360 1234',
      email: 'hello@firststeps.example.org',
      business_type: 'Cafe',
      capacity: 40,
      status: 'Active',
    });
    expect((await steps()).steps).toEqual({ ...none, restaurants: true });

    const key = await created('api-keys', { name: 'Till', restaurant_id: null });
    expect((await steps()).steps).toEqual({ ...none, restaurants: true, trade_source: true });

    await created('team', { email: 'mia@firststeps.example.org', name: 'Mia Chen', role: 'manager', restaurant_ids: [restaurant.id] });
    const me = (await t.call('GET', 'profile', { token: owner })).body.data.user.id as number;
    await created('alert-rules', { kind: 'no_trade', restaurant_id: null, threshold: 11, recipient_ids: [me] });
    const all = { restaurants: true, trade_source: true, team: true, alerts: true };
    expect(await steps()).toEqual({ steps: all, trading: false, dismissed: false });

    const menu = await t.call('PUT', '/api/v1/ingest/menu-items', {
      token: key.secret,
      body: { items: [{ sku: 'FLAT-WHITE', name: 'Flat white', price_cents: 500, menu: 'All Day', is_combo: false }] },
    });
    expect(menu.status, menu.text).toBe(200);
    const sent = await t.call('POST', '/api/v1/ingest/orders', {
      token: key.secret,
      body: {
        orders: [
          {
            external_id: 'FS-1',
            restaurant_id: restaurant.id,
            placed_at: '2026-11-20T08:00:00+11:00',
            channel: 'takeaway',
            source: 'pos',
            guests: 1,
            customer_ref: null,
            status: 'completed',
            lines: [{ sku: 'FLAT-WHITE', quantity: 1, amount_cents: 500 }],
            payments: [{ method: 'card', amount_cents: 500 }],
          },
        ],
      },
    });
    expect(sent.status, sent.text).toBe(200);
    expect(await steps()).toEqual({ steps: all, trading: true, dismissed: false });
  });

  it('a revoked key alone does not tick the trade step; an import does', async () => {
    const other = { email: 'grace@firststeps.example.org', password: 'first-real-owner-1' };
    await createOwner(database.db, { ...other, name: 'Grace Hopper', franchise: 'Second Steps', time_zone: 'Australia/Perth' });
    const grace = await t.login(other);
    const key = await t.call('POST', 'api-keys', { token: grace, body: { name: 'Old till', restaurant_id: null } });
    expect(key.status, key.text).toBe(201);
    expect((await steps(grace)).steps.trade_source).toBe(true);
    expect((await t.call('DELETE', `api-keys/${key.body.data.id}`, { token: grace })).status).toBe(200);
    expect((await steps(grace)).steps.trade_source).toBe(false);
    const menu = await t.call('POST', 'import/menu-items', {
      token: grace,
      body: { items: [{ sku: 'LONG-BLACK', name: 'Long black', price_cents: 450, menu: 'All Day', is_combo: false }] },
    });
    expect(menu.status, menu.text).toBe(200);
    expect((await steps(grace)).steps.trade_source).toBe(true);
  });

  it('dismissed by one owner stay dismissed for them only; dismissing again changes nothing', async () => {
    const res = await t.call('POST', 'getting-started/dismiss', { token: owner });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.dismissed).toBe(true);
    const at = async () =>
      (
        await database.db
          .selectFrom('franchise_users')
          .select('getting_started_dismissed_at')
          .where('email', '=', ADA.email)
          .executeTakeFirstOrThrow()
      ).getting_started_dismissed_at;
    const first = await at();
    t.advance(60_000);
    expect((await t.call('POST', 'getting-started/dismiss', { token: owner })).body.data.dismissed).toBe(true);
    expect(await at()).toEqual(first);
    expect((await steps(await t.login(OWNER))).dismissed).toBe(false);
  });

  it('are an owner’s: to a manager the calls do not exist', async () => {
    const manager = await t.login(DEMO_MANAGER);
    const res = await t.call('GET', 'getting-started', { token: manager });
    expect(res.status).toBe(404);
    expectErrorEnvelope(res.body);
  });
});
