import { seedLargeFranchise } from '../../server/db/seed';
import { createTestApp, expectSuccessEnvelope, START } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the large benchmark franchise (npm run seed -- --restaurants N --days N)', () => {
  it('signs its owner in with the printed password, lists every branch, and answers analytics from its trade', async () => {
    const { email, password, orders } = await seedLargeFranchise(database.db, { restaurants: 3, days: 3, now: new Date(START) });
    expect(orders).toBeGreaterThan(0);

    const t = createTestApp(database.db);
    const token = await t.login({ email, password });
    const list = await t.call('GET', 'restaurants', { token });
    expectSuccessEnvelope(list.body);
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.every((r: { restaurant_user: { id: number } }) => r.restaurant_user.id > 0)).toBe(true);

    const revenues = await t.call('GET', 'analytics/revenues?period=7days', { token });
    expect(revenues.status).toBe(200);
    expect(revenues.body.data.totals.orders).toBeGreaterThan(0);
    expect(revenues.body.data.restaurants).toHaveLength(3);

    await expect(seedLargeFranchise(database.db, { restaurants: 1, days: 1, now: new Date(START) })).rejects.toThrow(/already exists/);
  });
});
