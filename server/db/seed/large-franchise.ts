import { randomBytes } from 'node:crypto';
import { addDays, dayIn } from '../../analytics/calendar.js';
import { prepareDemoFranchise, writeTrade, type TradeProgress } from '../../analytics/demo/write.js';
import { analyzeRollups } from '../../analytics/rollups.js';
import { hashPassword } from '../../auth/passwords.js';
import { NO_CONTACT_DETAILS } from '../contact-details.js';
import type { Db, PersonRole, PersonStatus } from '../database.js';
import { DEMO_TRADE_SEED } from './demo-franchises.js';

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

/** The `i`th branch (from 0) of a benchmark franchise. */
export function benchRestaurant(franchiseId: number, i: number) {
  const [city, state, postCode] = CITIES[i % CITIES.length]!;
  const n = String(i + 1).padStart(2, '0');
  return {
    franchise_id: franchiseId,
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
}

/**
 * A large franchise for benchmarks (`npm run seed -- --restaurants 50 --days 730`): its own owner
 * with a random password (returned, to be printed once), `restaurants` branches with eight staff
 * each, and `days` days of generated trade up to `now`. Refuses when it already exists. `exclusive`:
 * no one else uses the database (the embedded one, locked by the task), so the trade is loaded in bulk.
 */
export async function seedLargeFranchise(
  db: Db,
  options: { restaurants: number; days: number; now: Date; exclusive?: boolean; onProgress?: (p: TradeProgress) => void },
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
      .values(Array.from({ length: options.restaurants }, (_, i) => benchRestaurant(id, i)))
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
            name: `${role} ${ri + 1}-${pi + 1}`,
            email: `staff${ri + 1}-${pi + 1}@bench.example.com`,
            ...NO_CONTACT_DETAILS,
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
    { daysPerBatch: Math.max(1, Math.floor(2000 / options.restaurants)), bulk: options.exclusive, onProgress: options.onProgress },
  );
  await analyzeRollups(db);
  return { email: LARGE_FRANCHISE.email, password, orders };
}
