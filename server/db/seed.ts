import type { Db } from './database.js';
import { hashPassword } from '../auth/passwords.js';
import { addDays, dayIn } from '../analytics/calendar.js';
import { lastTradeAt, prepareDemoFranchise, writeTrade } from '../analytics/demo/write.js';
import { analyzeRollups } from '../analytics/rollups.js';
import { DEMO_ACCOUNTS, DEMO_FRANCHISES as franchises, DEMO_MANAGER, DEMO_TRADE_SEED, WEB_LINKS } from './seed/demo-franchises.js';

// The demo data (seed/demo-franchises.ts) written on the first start, and its trade topped up on every start.
export { DEMO_ACCOUNTS, DEMO_MANAGER } from './seed/demo-franchises.js';
export { LARGE_FRANCHISE, seedLargeFranchise } from './seed/large-franchise.js';

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
            time_zone: r.time_zone,
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
