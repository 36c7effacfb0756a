import { randomBytes } from 'node:crypto';
import type { Db, PersonRole, PersonStatus } from './database.js';
import { hashPassword } from '../auth/passwords.js';
import { addDays, dayIn } from '../analytics/calendar.js';
import { lastTradeAt, prepareDemoFranchise, writeTrade, type TradeProgress } from '../analytics/demo/write.js';
import { analyzeRollups } from '../analytics/rollups.js';

export const DEMO_ACCOUNTS = [
  { email: 'owner@example.com', password: 'demo-password', franchise: 'Harbour Eats Group' },
  { email: 'rival@example.com', password: 'demo-password', franchise: 'Southern Cross Dining Co' },
] as const;

/** The demo franchise's manager: signs in to the first two branches only. */
export const DEMO_MANAGER = {
  email: 'manager@example.com',
  password: 'demo-password',
  franchise: 'Harbour Eats Group',
  name: 'Mason Manager',
  branches: ['Harbour Eats Parramatta', 'Harbour Eats Bondi'],
} as const;

type RestaurantSeed = {
  name: string;
  suburb: string;
  city: string;
  state: string;
  post_code: string;
  address: string;
  status: 0 | 1;
  capacity: number;
  business_type: string;
  products: [product: string, plan: string][];
};

type FranchiseSeed = {
  name: string;
  owner: {
    email: string;
    name: string;
    phone: string;
    state: string;
    city: string;
    suburb: string;
    street_address: string;
    post_code: string;
  };
  restaurants: RestaurantSeed[];
  people: [name: string, role: PersonRole, status: PersonStatus, restaurantIndex: number][];
};

const WEB_LINKS: Record<string, string> = {
  MENUPLUS: 'https://menuplus.example.com',
  POSLITE: 'https://poslite.example.com',
  ROSTERLY: 'https://rosterly.example.com',
};

const franchises: FranchiseSeed[] = [
  {
    name: 'Harbour Eats Group',
    owner: {
      email: 'owner@example.com',
      name: 'Olivia Owner',
      phone: '0412 345 678',
      state: 'NSW',
      city: 'Sydney',
      suburb: 'Surry Hills',
      street_address: '12 Crown Street',
      post_code: '2010',
    },
    restaurants: [
      {
        name: 'Harbour Eats Parramatta',
        suburb: 'Parramatta',
        city: 'Sydney',
        state: 'NSW',
        post_code: '2150',
        address: '45 Church Street',
        status: 1,
        capacity: 120,
        business_type: 'Casual dining',
        products: [
          ['MENUPLUS', 'Premium'],
          ['POSLITE', 'Standard'],
        ],
      },
      {
        name: 'Harbour Eats Bondi',
        suburb: 'Bondi Beach',
        city: 'Sydney',
        state: 'NSW',
        post_code: '2026',
        address: '180 Campbell Parade',
        status: 1,
        capacity: 80,
        business_type: 'Cafe',
        products: [['MENUPLUS', 'Standard']],
      },
      {
        name: 'Harbour Eats Fitzroy',
        suburb: 'Fitzroy',
        city: 'Melbourne',
        state: 'VIC',
        post_code: '3065',
        address: '210 Brunswick Street',
        status: 1,
        capacity: 95,
        business_type: 'Bistro',
        products: [
          ['ROSTERLY', 'Basic'],
          ['MENUPLUS', 'Premium'],
        ],
      },
      {
        name: 'Harbour Eats South Bank',
        suburb: 'South Brisbane',
        city: 'Brisbane',
        state: 'QLD',
        post_code: '4101',
        address: '3 Little Stanley Street',
        status: 0,
        capacity: 60,
        business_type: 'Takeaway',
        products: [['POSLITE', 'Basic']],
      },
      {
        name: 'Harbour Eats Fremantle',
        suburb: 'Fremantle',
        city: 'Perth',
        state: 'WA',
        post_code: '6160',
        address: '64 South Terrace',
        status: 1,
        capacity: 110,
        business_type: 'Casual dining',
        products: [],
      },
    ],
    people: [
      ['Liam Nguyen', 'Manager', 'Active', 0],
      ['Charlotte Smith', 'Chef', 'Active', 0],
      ['Noah Williams', 'Waiter', 'Active', 0],
      ['Amelia Brown', 'Manager', 'Active', 1],
      ['Oliver Jones', 'Chef', 'Inactive', 1],
      ['Isla Taylor', 'Waiter', 'Active', 1],
      ['William Wilson', 'Manager', 'Active', 2],
      ['Mia Chen', 'Chef', 'Active', 2],
      ['Jack Martin', 'Waiter', 'Inactive', 2],
      ['Ava Patel', 'Manager', 'Inactive', 3],
      ['Henry Kelly', 'Chef', 'Active', 3],
      ['Grace Walker', 'Waiter', 'Active', 4],
      ['Lucas White', 'Chef', 'Active', 4],
      ['Zoe Harris', 'Waiter', 'Active', 0],
    ],
  },
  {
    name: 'Southern Cross Dining Co',
    owner: {
      email: 'rival@example.com',
      name: 'Riley Rival',
      phone: '0498 765 432',
      state: 'SA',
      city: 'Adelaide',
      suburb: 'Glenelg',
      street_address: '7 Jetty Road',
      post_code: '5045',
    },
    restaurants: [
      {
        name: 'Southern Cross Glenelg',
        suburb: 'Glenelg',
        city: 'Adelaide',
        state: 'SA',
        post_code: '5045',
        address: '20 Jetty Road',
        status: 1,
        capacity: 70,
        business_type: 'Seafood',
        products: [['MENUPLUS', 'Standard']],
      },
      {
        name: 'Southern Cross Hobart',
        suburb: 'Battery Point',
        city: 'Hobart',
        state: 'TAS',
        post_code: '7004',
        address: '9 Salamanca Place',
        status: 0,
        capacity: 50,
        business_type: 'Bistro',
        products: [['POSLITE', 'Basic']],
      },
    ],
    people: [
      ['Ethan Rossi', 'Manager', 'Active', 0],
      ['Sophie Lee', 'Chef', 'Active', 0],
      ['Max Turner', 'Waiter', 'Active', 1],
      ['Ruby Scott', 'Chef', 'Inactive', 1],
    ],
  },
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');

/** Seeds the two demo franchises once; a database that has any franchise is left alone. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('franchises').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  // Hash before the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
  const [managerHash, ...hashes] = await Promise.all([DEMO_MANAGER, ...franchises].map(() => hashPassword('demo-password')));
  await db.transaction().execute(async (trx) => {
    const again = await trx.selectFrom('franchises').select('id').limit(1).executeTakeFirst();
    if (again) return;
    for (const [fi, f] of franchises.entries()) {
      const { id: franchiseId } = await trx.insertInto('franchises').values({ name: f.name }).returning('id').executeTakeFirstOrThrow();
      await trx
        .insertInto('franchise_users')
        .values({ ...f.owner, franchise_id: franchiseId, password_hash: hashes[fi]!, picture: null })
        .execute();
      const restaurantIds: number[] = [];
      const managerBranches: number[] = [];
      for (const [ri, r] of f.restaurants.entries()) {
        const domain = `${slug(r.name)}.example.com`;
        const { id } = await trx
          .insertInto('restaurants')
          .values({
            franchise_id: franchiseId,
            logo: null,
            name: r.name,
            abn_no: `${51 + fi} ${String(824753556 + ri * 111).replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}`,
            address: r.address,
            suburb: r.suburb,
            post_code: r.post_code,
            city: r.city,
            state: r.state,
            phone_no: `(0${2 + ri}) 9${fi}${ri}0 12${ri}${fi}`,
            email: `hello@${domain}`,
            business_type: r.business_type,
            capacity: r.capacity,
            status: r.status,
            location: `${r.suburb}, ${r.state}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        restaurantIds.push(id);
        if (f.name === DEMO_MANAGER.franchise && (DEMO_MANAGER.branches as readonly string[]).includes(r.name)) managerBranches.push(id);
        await trx
          .insertInto('restaurant_users')
          .values({ restaurant_id: id, name: `${r.suburb} Admin`, email: `admin@${domain}` })
          .execute();
        for (const [product, plan] of r.products) {
          await trx
            .insertInto('subscriptions')
            .values({ restaurant_id: id, product_name: product, plan_name: plan, web_link: WEB_LINKS[product]! })
            .execute();
        }
      }
      for (const [pi, [name, role, status, ri]] of f.people.entries()) {
        const r = f.restaurants[ri]!;
        await trx
          .insertInto('people')
          .values({
            franchise_id: franchiseId,
            restaurant_id: restaurantIds[ri]!,
            picture: null,
            name,
            email: `${slug(name)}@${slug(f.name)}.example.com`,
            phone: `04${String(10000000 + fi * 1000000 + pi * 7919).padStart(8, '0')}`,
            state: r.state,
            city: r.city,
            street_address: `${10 + pi} ${['George', 'King', 'Queen', 'Elizabeth'][pi % 4]} Street`,
            suburb: r.suburb,
            post_code: r.post_code,
            role,
            status,
            password_hash: null,
          })
          .execute();
      }
      if (managerBranches.length > 0) {
        const { id: managerId } = await trx
          .insertInto('franchise_users')
          .values({
            franchise_id: franchiseId,
            email: DEMO_MANAGER.email,
            name: DEMO_MANAGER.name,
            role: 'manager',
            password_hash: managerHash!,
            picture: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('franchise_user_restaurants')
          .values(managerBranches.map((restaurant_id) => ({ user_id: managerId, restaurant_id })))
          .execute();
      }
    }
  });
  return true;
}

/** The demo's trade generator seed: the same on every machine, so everyone sees the same figures. */
const DEMO_TRADE_SEED = 20_261_123;
/** First start back-fills 13 months: a 3-month window, the one before it and the same period last year. */
export const DEMO_BACKFILL_DAYS = 395;
const DEMO_CUSTOMERS = [1200, 500];

/** Days added by one back-fill or top-up from which the planner's statistics are refreshed. */
const ANALYZE_AFTER_DAYS = 7;

export type DemoTradeProgress = { franchise: string; daysDone: number; days: number; orders: number };

/**
 * Brings the demo franchises' trade up to `now`: a franchise without orders gets the last
 * DEMO_BACKFILL_DAYS days, one with orders everything after its last order. Separate from
 * seedIfEmpty, so the API tests' template stays without trade. Returns the days added (the largest
 * over the demo franchises) and the orders written.
 */
export async function backfillDemoTrade(
  db: Db,
  now: Date,
  options: { daysPerBatch?: number; onProgress?: (p: DemoTradeProgress) => void; signal?: AbortSignal } = {},
): Promise<{ days: number; orders: number }> {
  const total = { days: 0, orders: 0 };
  for (const [i, account] of DEMO_ACCOUNTS.entries()) {
    const row = await db
      .selectFrom('franchises')
      .innerJoin('franchise_users', 'franchise_users.franchise_id', 'franchises.id')
      .select('franchises.id')
      .where('franchises.name', '=', account.franchise)
      .where('franchise_users.email', '=', account.email)
      .executeTakeFirst();
    if (!row) continue;
    const franchise = await prepareDemoFranchise(db, row.id, { customers: DEMO_CUSTOMERS[i]! });
    const after = await lastTradeAt(db, row.id);
    const firstDay = addDays(dayIn(franchise.timeZone, now), 1 - DEMO_BACKFILL_DAYS);
    const written = await writeTrade(
      db,
      DEMO_TRADE_SEED,
      franchise,
      { firstDay, after, until: now },
      {
        daysPerBatch: options.daysPerBatch ?? 30,
        signal: options.signal,
        onProgress: (p) => options.onProgress?.({ franchise: account.franchise, daysDone: p.daysDone, days: p.days, orders: p.orders }),
      },
    );
    total.days = Math.max(total.days, written.days);
    total.orders += written.orders;
  }
  // A daily top-up changes the rollups' statistics little; a back-fill or a long absence a lot.
  if (total.days >= ANALYZE_AFTER_DAYS && !options.signal?.aborted) await analyzeRollups(db);
  return total;
}

export const LARGE_FRANCHISE = { name: 'Benchmark Dining Group', email: 'bench@example.com' } as const;

const CITIES: [city: string, state: string, postCode: string][] = [
  ['Sydney', 'NSW', '2000'],
  ['Melbourne', 'VIC', '3000'],
  ['Brisbane', 'QLD', '4000'],
  ['Perth', 'WA', '6000'],
  ['Adelaide', 'SA', '5000'],
  ['Hobart', 'TAS', '7000'],
  ['Canberra', 'ACT', '2600'],
];

/**
 * A large franchise for benchmarks (`npm run seed -- --restaurants 50 --days 730`): its own owner
 * with a random password (returned, to be printed once), `restaurants` branches with eight staff
 * each, and `days` days of generated trade up to `now`. Refuses when it already exists.
 */
export async function seedLargeFranchise(
  db: Db,
  options: { restaurants: number; days: number; now: Date; onProgress?: (p: TradeProgress) => void },
): Promise<{ email: string; password: string; orders: number }> {
  if (await db.selectFrom('franchise_users').select('id').where('email', '=', LARGE_FRANCHISE.email).executeTakeFirst()) {
    throw new Error(
      `The large franchise already exists (${LARGE_FRANCHISE.email}; its password was printed when it was built). Use a fresh DATA_DIR.`,
    );
  }
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const franchiseId = await db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('franchises').values({ name: LARGE_FRANCHISE.name }).returning('id').executeTakeFirstOrThrow();
    await trx
      .insertInto('franchise_users')
      .values({
        franchise_id: id,
        email: LARGE_FRANCHISE.email,
        password_hash: passwordHash,
        name: 'Bench Owner',
        picture: null,
        phone: null,
        state: 'NSW',
        city: 'Sydney',
        street_address: '1 Bench Street',
        suburb: 'Sydney',
        post_code: '2000',
      })
      .execute();
    const restaurants = await trx
      .insertInto('restaurants')
      .values(
        Array.from({ length: options.restaurants }, (_, i) => {
          const [city, state, postCode] = CITIES[i % CITIES.length]!;
          const n = String(i + 1).padStart(2, '0');
          return {
            franchise_id: id,
            logo: null,
            name: `Bench ${city} ${n}`,
            abn_no: `53 ${String(100000000 + i * 7919).replace(/(\d{3})(\d{3})(\d{3})/, '$1 $2 $3')}`,
            address: `${i + 1} Bench Street`,
            suburb: city,
            post_code: postCode,
            city,
            state,
            phone_no: `(02) 9${n}0 0000`,
            email: `bench${n}@bench.example.com`,
            business_type: i % 9 === 4 ? 'Takeaway' : 'Casual dining',
            capacity: 60 + ((i * 37) % 80),
            status: i % 12 === 11 ? (0 as const) : (1 as const),
            location: `${city}, ${state}`,
          };
        }),
      )
      .returning('id')
      .execute();
    // Every restaurant has its restaurant user, as the restaurant list (and a MENUPLUS link) expects.
    await trx
      .insertInto('restaurant_users')
      .values(restaurants.map((r, i) => ({ restaurant_id: r.id, name: `Bench Admin ${i + 1}`, email: `admin${i + 1}@bench.example.com` })))
      .execute();
    const roles: PersonRole[] = ['Manager', 'Chef', 'Chef', 'Chef', 'Waiter', 'Waiter', 'Waiter', 'Waiter'];
    await trx
      .insertInto('people')
      .values(
        restaurants.flatMap((r, ri) =>
          roles.map((role, pi) => ({
            franchise_id: id,
            restaurant_id: r.id,
            picture: null,
            name: `${role} ${ri + 1}-${pi + 1}`,
            email: `staff${ri + 1}-${pi + 1}@bench.example.com`,
            phone: null,
            state: null,
            city: null,
            street_address: null,
            suburb: null,
            post_code: null,
            role,
            status: 'Active' as PersonStatus,
            password_hash: null,
          })),
        ),
      )
      .execute();
    return id;
  });
  const franchise = await prepareDemoFranchise(db, franchiseId, { customers: 300 * options.restaurants });
  const firstDay = addDays(dayIn(franchise.timeZone, options.now), 1 - options.days);
  const { orders } = await writeTrade(
    db,
    DEMO_TRADE_SEED,
    franchise,
    { firstDay, until: options.now },
    { daysPerBatch: Math.max(1, Math.floor(700 / options.restaurants)), onProgress: options.onProgress },
  );
  await analyzeRollups(db);
  return { email: LARGE_FRANCHISE.email, password, orders };
}
