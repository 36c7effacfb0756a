import { recordOrders, type OrderInput } from '../../server/analytics/ingest';
import { analyticsAnswer } from '../../server/analytics/answers/analytics-answer';
import { resolveWindow } from '../../server/analytics/window';
import { validAbn } from '../support/abn';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// "Today" is each branch's trading day on its own clock (docs/product.md#time): a Sydney franchise's
// Perth branch is still on Monday after Sydney's midnight, and a bar whose day starts at 04:00 is too.

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let franchiseId: number;
let item: number;
const branch: Record<'sydney' | 'perth' | 'bar', number> = { sydney: 0, perth: 0, bar: 0 };

const order = (restaurantId: number, placedAt: string, guests: number): OrderInput => ({
  restaurantId,
  placedAt: new Date(placedAt),
  channel: 'dine_in',
  source: 'pos',
  guests,
  status: 'completed',
  lines: [{ menuItemId: item, quantity: 1, amountCents: 1000 }],
  payments: [{ method: 'card', amountCents: 1000 }],
});

beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  franchiseId = (await t.call('GET', 'profile', { token: owner })).body.data.user.franchise.id;
  item = (
    await database.db
      .insertInto('menu_items')
      .values({ franchise_id: franchiseId, sku: 'TODAY', name: 'Today pie', price_cents: 1000, menu: 'Lunch' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const clocks = {
    sydney: { time_zone: 'Australia/Sydney', day_starts_at: '00:00', state: 'NSW' },
    perth: { time_zone: 'Australia/Perth', day_starts_at: '00:00', state: 'WA' },
    bar: { time_zone: 'Australia/Sydney', day_starts_at: '04:00', state: 'NSW' },
  };
  for (const [i, [name, clock]] of Object.entries(clocks).entries()) {
    const res = await t.call('POST', 'restaurants', {
      token: owner,
      body: {
        logo: null,
        name: `Today ${name}`,
        abn_no: validAbn(710_000_000 + i),
        address: '1 Clock Street',
        suburb: 'Tickton',
        post_code: '2000',
        city: 'Tickton',
        phone_no: '(02) 9977 1234',
        email: 'today@example.com',
        business_type: 'Cafe',
        capacity: 40,
        status: 'Active',
        ...clock,
      },
    });
    expect(res.status, res.text).toBe(201);
    branch[name as keyof typeof branch] = res.body.data.id;
  }
  // Monday 23 and Tuesday 24 November 2026: Sydney is on UTC+11 (daylight saving), Perth on UTC+8.
  await recordOrders(database.db, franchiseId, [
    order(branch.sydney, '2026-11-23T19:00:00+11:00', 1), // Monday evening in Sydney
    order(branch.sydney, '2026-11-24T00:30:00+11:00', 2), // Tuesday, just after Sydney's midnight
    order(branch.perth, '2026-11-23T21:30:00+08:00', 4), // Monday evening in Perth: Tuesday 00:30 in Sydney
    order(branch.bar, '2026-11-23T23:00:00+11:00', 8), // the bar's Monday
    order(branch.bar, '2026-11-24T01:30:00+11:00', 16), // still the bar's Monday: its day starts at 04:00
  ]);
});
afterAll(() => database.close());

/** Guests today so far, over the three branches, at an instant. */
async function guestsToday(at: string): Promise<number> {
  const now = new Date(at);
  const scope = { franchiseId, restaurantId: null, branches: Object.values(branch) };
  const window = resolveWindow({ period: '7days', limit: 10 }, 'Australia/Sydney', now);
  return (await analyticsAnswer(database.db, 'headcounts', scope, window, { limit: 10, now })).today.total;
}

describe("today so far, on each branch's clock", () => {
  it("sums each branch's own trading day: Perth's and the bar's Monday after Sydney's midnight", async () => {
    // 02:00 Tuesday in Sydney, 23:00 Monday in Perth: Sydney's Tuesday (2), Perth's Monday (4), the bar's Monday (8 + 16).
    expect(await guestsToday('2026-11-24T02:00:00+11:00')).toBe(2 + 4 + 8 + 16);
    // 05:00 Tuesday in Sydney, 02:00 Tuesday in Perth: every branch is on Tuesday, where only Sydney has traded.
    expect(await guestsToday('2026-11-24T05:00:00+11:00')).toBe(2);
    // 20:00 Monday in Sydney: Monday everywhere, each branch's Monday as its rows hold it.
    expect(await guestsToday('2026-11-23T20:00:00+11:00')).toBe(1 + 4 + 8 + 16);
  });

  it('turns a cached answer over at a branch’s own midnight, with no write between', async () => {
    t.advance(Date.parse('2026-11-24T02:00:00+11:00') - t.now()); // 23:00 Monday in Perth
    const perthOrders = async () => {
      // Signed in again each time: the clock moves past a session's lifetime.
      const res = await t.call('GET', `restaurants/${branch.perth}/analytics/orders?period=7days`, { token: await t.login(OWNER) });
      expect(res.status, res.text).toBe(200);
      return res.body.data.today.total as number;
    };
    expect(await perthOrders()).toBe(1);
    t.advance(2 * 3_600_000); // 01:00 Tuesday in Perth, still Tuesday in Sydney: the franchise's today is unchanged
    expect(await perthOrders()).toBe(0);
  });
});
