import { recordOrders, recordPurchases, recordShifts, type OrderInput } from '../../../server/analytics/ingest';
import { hashPassword } from '../../../server/auth/passwords';
import type { Db, MenuName, PurchaseCategory } from '../../../server/db/database';
import { validAbn } from '../../support/abn';

/**
 * A small hand-made trade for the analytics answers' tests: franchise "Fixture Harbour" (Sydney)
 * with Parramatta and Bondi trading and Manly never trading, and "Fixture Rival" trading on the
 * same days with larger figures that must never show up in Harbour's answers. Every row is listed
 * here so the tests' expected figures can be worked out by hand; times carry Sydney's offset of the
 * day (AEDT +11:00 from 4 October to 5 April, AEST +10:00 otherwise).
 */

let restaurants = 0;
const restaurantRow = (franchiseId: number, name: string, suburb: string) => ({
  franchise_id: franchiseId,
  logo: null,
  name,
  // A franchise's restaurants have distinct ABNs.
  abn_no: validAbn(824_753_556 + ++restaurants),
  address: '1 Fixture Street',
  suburb,
  post_code: '2000',
  city: 'Sydney',
  state: 'NSW',
  phone_no: '(02) 9000 0000',
  email: `${suburb.toLowerCase()}@fixture.example.com`,
  business_type: 'Cafe',
  capacity: 40,
  status: 1 as const,
  location: `${suburb}, NSW`,
});

/** A person of the fixture's shape, for tests that add people of their own. */
export const personRow = (franchiseId: number, restaurantId: number, name: string) => ({
  franchise_id: franchiseId,
  restaurant_id: restaurantId,
  picture: null,
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@fixture.example.com`,
  phone: null,
  state: null,
  city: null,
  street_address: null,
  suburb: null,
  post_code: null,
  role: 'Waiter' as const,
  status: 'Active' as const,
  password_hash: null,
});

export type AnalyticsFixture = {
  harbour: number;
  rival: number;
  parramatta: number;
  bondi: number;
  manly: number;
  rivalBranch: number;
  people: { ava: number; ben: number; cara: number };
  suppliers: { fresh: number; ocean: number; dairy: number };
};

/** Writes the fixture's franchises and trade (once per database: people's e-mails are unique). */
export async function createAnalyticsFixture(db: Db): Promise<AnalyticsFixture> {
  const franchise = async (name: string) =>
    (await db.insertInto('franchises').values({ name, time_zone: 'Australia/Sydney' }).returning('id').executeTakeFirstOrThrow()).id;
  const harbour = await franchise('Fixture Harbour');
  const rival = await franchise('Fixture Rival');
  const restaurant = async (franchiseId: number, name: string, suburb: string) =>
    (
      await db
        .insertInto('restaurants')
        .values(restaurantRow(franchiseId, name, suburb))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const parramatta = await restaurant(harbour, 'Harbour Parramatta', 'Parramatta');
  const bondi = await restaurant(harbour, 'Harbour Bondi', 'Bondi');
  const manly = await restaurant(harbour, 'Harbour Manly', 'Manly');
  const rivalBranch = await restaurant(rival, 'Rival Glenelg', 'Glenelg');

  const item = async (franchiseId: number, sku: string, name: string, menu: MenuName, isCombo = false) =>
    (
      await db
        .insertInto('menu_items')
        .values({ franchise_id: franchiseId, sku, name, price_cents: 1000, menu, is_combo: isCombo })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const burger = await item(harbour, 'BRG', 'Burger', 'Lunch');
  const pasta = await item(harbour, 'PST', 'Pasta', 'Dinner');
  const coffee = await item(harbour, 'COF', 'Coffee', 'All Day');
  const salad = await item(harbour, 'SLD', 'Salad', 'Lunch');
  const soup = await item(harbour, 'SOU', 'Soup', 'Dinner');
  const comboMeal = await item(harbour, 'CMB', 'Combo Meal', 'All Day', true);
  const kidsCombo = await item(harbour, 'KID', 'Kids Combo', 'Lunch', true);
  const rivalItem = await item(rival, 'RVL', 'Rival Feast', 'All Day');
  // Costs since before any trade (docs/product.md#costs), varied so menu engineering has more than one class; the kids
  // combo has none, which the cost pages say.
  await db
    .insertInto('menu_item_costs')
    .values(
      (
        [
          [burger, 320],
          [pasta, 280],
          [coffee, 90],
          [salad, 350],
          [soup, 150],
          [comboMeal, 410],
          [rivalItem, 300],
        ] as const
      ).map(([menu_item_id, cost_cents]) => ({ menu_item_id, from_day: '2026-01-01', cost_cents })),
    )
    .execute();

  const customer = async (franchiseId: number, name: string) =>
    (await db.insertInto('customers').values({ franchise_id: franchiseId, name }).returning('id').executeTakeFirstOrThrow()).id;
  const alice = await customer(harbour, 'Alice');
  const bob = await customer(harbour, 'Bob');
  const rivalCustomer = await customer(rival, 'Rhea');

  const person = async (franchiseId: number, restaurantId: number, name: string) =>
    (
      await db
        .insertInto('people')
        .values(personRow(franchiseId, restaurantId, name))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ava = await person(harbour, parramatta, 'Ava Chen');
  const ben = await person(harbour, parramatta, 'Ben Ortiz');
  const cara = await person(harbour, bondi, 'Cara Singh');
  const rivalPerson = await person(rival, rivalBranch, 'Rex Rival');

  const supplier = async (franchiseId: number, name: string) =>
    (await db.insertInto('suppliers').values({ franchise_id: franchiseId, name }).returning('id').executeTakeFirstOrThrow()).id;
  const fresh = await supplier(harbour, 'Fresh Farms');
  const ocean = await supplier(harbour, 'Ocean Catch');
  const dairy = await supplier(harbour, 'Dairy Co');
  const rivalSupplier = await supplier(rival, 'Rival Wholesale');

  type Line = [menuItemId: number, quantity: number, amountCents: number];
  const order = (
    restaurantId: number,
    at: string,
    channel: OrderInput['channel'],
    source: OrderInput['source'],
    guests: number,
    customerId: number | null,
    lines: Line[],
    payments: number,
    status: OrderInput['status'] = 'completed',
  ): OrderInput => {
    const total = lines.reduce((s, [, , amount]) => s + amount, 0);
    return {
      restaurantId,
      placedAt: new Date(at),
      channel,
      source,
      guests,
      customerId,
      status,
      lines: lines.map(([menuItemId, quantity, amountCents]) => ({ menuItemId, quantity, amountCents })),
      // Split bills: `payments` transactions, the first carrying the remainder.
      payments: Array.from({ length: payments }, (_, i) => ({
        method: 'card' as const,
        amountCents: i === 0 ? total - Math.floor(total / payments) * (payments - 1) : Math.floor(total / payments),
      })),
    };
  };

  await recordOrders(db, harbour, [
    // Previous week (9–15 Nov): Alice's first order.
    order(parramatta, '2026-11-10T19:00:00+11:00', 'dine_in', 'pos', 2, alice, [[pasta, 1, 1800]], 1),
    // The week of 16–22 Nov.
    order(
      parramatta,
      '2026-11-16T12:00:00+11:00',
      'dine_in',
      'pos',
      3,
      alice,
      [
        [burger, 2, 2400],
        [comboMeal, 1, 1850],
      ],
      2,
    ),
    order(parramatta, '2026-11-16T19:30:00+11:00', 'takeaway', 'app', 1, null, [[pasta, 2, 3600]], 1),
    order(
      bondi,
      '2026-11-17T18:00:00+11:00',
      'dine_in',
      'pos',
      5,
      null,
      [
        [pasta, 3, 5400],
        [coffee, 2, 900],
        [salad, 3, 3000],
        [soup, 3, 3000],
      ],
      2,
    ),
    order(
      parramatta,
      '2026-11-18T13:00:00+11:00',
      'dine_in',
      'app',
      4,
      bob,
      [
        [coffee, 4, 1800],
        [kidsCombo, 2, 2200],
      ],
      3,
    ),
    order(parramatta, '2026-11-18T20:00:00+11:00', 'dine_in', 'pos', 2, null, [[burger, 5, 6000]], 1, 'voided'),
    order(parramatta, '2026-11-20T12:30:00+11:00', 'takeaway', 'pos', 1, bob, [[burger, 1, 1200]], 1),
    // 00:30 on Sunday 22 Nov in Sydney is still Saturday in UTC.
    order(bondi, '2026-11-22T00:30:00+11:00', 'takeaway', 'app', 2, alice, [[comboMeal, 2, 3700]], 1),
    // Today, 23 Nov.
    order(parramatta, '2026-11-23T11:00:00+11:00', 'dine_in', 'pos', 2, null, [[coffee, 2, 900]], 1),
    order(bondi, '2026-11-23T12:00:00+11:00', 'takeaway', 'app', 3, alice, [[burger, 1, 1200]], 1),
    // Around Sydney's change to daylight saving (03:00 AEDT on Sunday 4 October 2026).
    order(parramatta, '2026-09-27T23:45:00+10:00', 'dine_in', 'pos', 1, null, [[coffee, 1, 1000]], 1),
    order(parramatta, '2026-09-28T00:15:00+10:00', 'dine_in', 'pos', 1, null, [[coffee, 1, 2000]], 1),
    order(parramatta, '2026-10-04T03:30:00+11:00', 'dine_in', 'pos', 1, null, [[coffee, 1, 16000]], 1),
    order(parramatta, '2026-10-04T23:30:00+11:00', 'dine_in', 'pos', 1, null, [[coffee, 1, 4000]], 1),
    order(parramatta, '2026-10-05T00:30:00+11:00', 'dine_in', 'pos', 1, null, [[coffee, 1, 8000]], 1),
    // Around Sydney's return to standard time (03:00 AEDT on Sunday 5 April 2026, when 02:00–03:00 happens twice).
    order(bondi, '2026-03-31T23:30:00+11:00', 'takeaway', 'app', 1, null, [[coffee, 1, 1000]], 1),
    order(bondi, '2026-04-01T00:30:00+11:00', 'takeaway', 'app', 1, null, [[coffee, 1, 2000]], 1),
    order(bondi, '2026-04-05T02:30:00+11:00', 'takeaway', 'app', 1, null, [[coffee, 1, 4000]], 1),
    order(bondi, '2026-04-05T02:30:00+10:00', 'takeaway', 'app', 1, null, [[coffee, 1, 8000]], 1),
    order(bondi, '2026-04-30T23:30:00+10:00', 'takeaway', 'app', 1, null, [[coffee, 1, 16000]], 1),
    order(bondi, '2026-05-01T00:30:00+10:00', 'takeaway', 'app', 1, null, [[coffee, 1, 32000]], 1),
  ]);
  await recordOrders(db, rival, [
    order(rivalBranch, '2026-11-10T12:00:00+11:00', 'dine_in', 'pos', 9, rivalCustomer, [[rivalItem, 9, 90000]], 1),
    order(rivalBranch, '2026-11-16T12:00:00+11:00', 'dine_in', 'pos', 10, rivalCustomer, [[rivalItem, 7, 99999]], 2),
    order(rivalBranch, '2026-11-23T12:00:00+11:00', 'takeaway', 'app', 8, null, [[rivalItem, 1, 7777]], 1),
    order(rivalBranch, '2026-10-04T23:30:00+11:00', 'dine_in', 'pos', 1, null, [[rivalItem, 1, 5555]], 1),
    order(rivalBranch, '2026-04-05T02:30:00+10:00', 'takeaway', 'app', 1, null, [[rivalItem, 1, 5555]], 1),
  ]);

  const shift = (restaurantId: number, personId: number, day: string, assigned: number, actual: number, rate: number, attended = true) => ({
    restaurantId,
    personId,
    day,
    assignedMinutes: assigned,
    actualMinutes: actual,
    hourlyRateCents: rate,
    attended,
  });
  await recordShifts(db, harbour, [
    shift(parramatta, ava, '2026-11-10', 480, 480, 3000),
    shift(parramatta, ava, '2026-11-16', 480, 510, 3000),
    shift(parramatta, ava, '2026-11-17', 480, 0, 3000, false),
    shift(parramatta, ben, '2026-11-16', 300, 300, 2500),
    shift(parramatta, ben, '2026-11-18', 300, 290, 2500),
    shift(bondi, cara, '2026-11-22', 420, 450, 2800),
  ]);
  await recordShifts(db, rival, [shift(rivalBranch, rivalPerson, '2026-11-16', 600, 600, 5000)]);

  const purchase = (
    restaurantId: number,
    supplierId: number,
    day: string,
    category: PurchaseCategory,
    quantity: number,
    amountCents: number,
  ) => ({
    restaurantId,
    supplierId,
    day,
    category,
    quantity,
    amountCents,
  });
  await recordPurchases(db, harbour, [
    purchase(parramatta, fresh, '2026-11-11', 'meat', 4, 9000),
    purchase(parramatta, fresh, '2026-11-16', 'vegetables', 20, 15000),
    purchase(parramatta, fresh, '2026-11-16', 'fruits', 10, 5000),
    purchase(parramatta, ocean, '2026-11-19', 'seafood', 5, 22000),
    purchase(bondi, dairy, '2026-11-20', 'dairy', 12, 4800),
    purchase(bondi, fresh, '2026-11-20', 'vegetables', 8, 6000),
  ]);
  await recordPurchases(db, rival, [purchase(rivalBranch, rivalSupplier, '2026-11-16', 'bakery', 100, 99999)]);

  return { harbour, rival, parramatta, bondi, manly, rivalBranch, people: { ava, ben, cara }, suppliers: { fresh, ocean, dairy } };
}

/** Owners who sign in to each fixture franchise (the analytics pages' tests call the API as them). */
export const FIXTURE_OWNERS = {
  harbour: { email: 'owner@fixture-harbour.example.com', password: 'fixture-password' },
  rival: { email: 'owner@fixture-rival.example.com', password: 'fixture-password' },
};

export async function addFixtureOwners(db: Db, f: AnalyticsFixture): Promise<void> {
  const passwordHash = await hashPassword(FIXTURE_OWNERS.harbour.password);
  for (const [franchiseId, account] of [
    [f.harbour, FIXTURE_OWNERS.harbour],
    [f.rival, FIXTURE_OWNERS.rival],
  ] as const) {
    await db
      .insertInto('franchise_users')
      .values({ franchise_id: franchiseId, email: account.email, name: 'Fixture Owner', password_hash: passwordHash })
      .execute();
  }
}
