import { createTestApp, expectSuccessEnvelope, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('GET /franchise/restaurants', () => {
  it('lists the caller franchise restaurants by name with every field, subscriptions and restaurant user', async () => {
    const t = createTestApp(database.db);
    const res = await t.call('GET', 'restaurants', { token: await t.login(OWNER) });
    expect(res.status).toBe(200);
    expectSuccessEnvelope(res.body);
    const list = res.body.data as any[];
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list.map((r) => r.name)).toEqual([...list.map((r) => r.name)].sort());
    expect(new Set(list.map((r) => r.state))).toEqual(new Set(['NSW', 'VIC', 'QLD', 'WA']));
    expect(new Set(list.map((r) => r.status))).toEqual(new Set([0, 1]));
    for (const r of list) {
      expect(r).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        logo: null,
        abn_no: expect.stringMatching(/^\d{2} \d{3} \d{3} \d{3}$/),
        address: expect.any(String),
        suburb: expect.any(String),
        post_code: expect.stringMatching(/^\d{4}$/),
        city: expect.any(String),
        state: expect.any(String),
        phone_no: expect.any(String),
        email: expect.stringContaining('@'),
        business_type: expect.any(String),
        capacity: expect.any(Number),
        status: expect.any(Number),
        location: `${r.suburb}, ${r.state}`,
        // The demo's Brisbane and Perth branches trade on their own clocks, the others on the franchise's.
        time_zone: ({ QLD: 'Australia/Brisbane', WA: 'Australia/Perth' } as Record<string, string>)[r.state] ?? 'Australia/Sydney',
        day_starts_at: '00:00',
        subscriptions: expect.any(Array),
        restaurant_user: { id: expect.any(Number), name: expect.any(String), email: expect.stringContaining('@') },
      });
      for (const s of r.subscriptions) {
        expect(s).toEqual({
          id: expect.any(Number),
          product_name: expect.any(String),
          plan_name: expect.any(String),
          web_link: expect.stringMatching(/^https:\/\//),
        });
      }
    }
    const products = list.flatMap((r) => r.subscriptions.map((s: any) => s.product_name));
    expect(products).toContain('MENUPLUS');
    expect(products.some((p) => p !== 'MENUPLUS')).toBe(true);
    expect(list.flatMap((r) => r.subscriptions).find((s: any) => s.product_name === 'MENUPLUS').web_link).toBe(
      'https://menuplus.example.com',
    );
  });

  it('needs a token', async () => {
    const t = createTestApp(database.db);
    expect((await t.call('GET', 'restaurants')).status).toBe(401);
  });

  it('seeds at least 12 people over roles, statuses and states', async () => {
    const people = await database.db
      .selectFrom('people')
      .innerJoin('franchises', 'franchises.id', 'people.franchise_id')
      .select(['people.role', 'people.status', 'people.state', 'franchises.name as franchise'])
      .execute();
    const demo = people.filter((p) => p.franchise === 'Harbour Eats Group');
    expect(demo.length).toBeGreaterThanOrEqual(12);
    expect(new Set(demo.map((p) => p.role))).toEqual(new Set(['Manager', 'Chef', 'Waiter']));
    expect(new Set(demo.map((p) => p.status))).toEqual(new Set(['Active', 'Inactive']));
    expect(new Set(demo.map((p) => p.state)).size).toBeGreaterThanOrEqual(4);
    expect(people.length).toBeGreaterThan(demo.length);
  });
});
