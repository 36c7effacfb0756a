import { sql } from 'kysely';
import type { Db, MenuName, PersonRole, PurchaseCategory } from '../db/database.js';
import { recordOrders, recordPurchases, recordShifts, type OrderInput, type PurchaseInput, type ShiftInput } from './ingest.js';
import { addDays, dayDiff, dayIn, dayStartMs, partsIn } from './calendar.js';

// Believable, deterministic trade for demo and benchmark franchises (issue 6, Data). What a
// restaurant trades on a day depends only on (seed, franchise, restaurant, day), so generating a
// day again gives the same rows, and a top-up continues a back-fill seamlessly.

/** mulberry32: a tiny, fast PRNG, plenty for demo data. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the parts: the seed of one stream (e.g. one restaurant's orders of one day). */
function streamSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

type Rng = () => number;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
function weighted<T>(rng: Rng, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let r = rng() * total;
  for (const [value, w] of choices) if ((r -= w) < 0) return value;
  return choices[choices.length - 1]![0];
}

export type MenuItemSeed = { sku: string; name: string; priceCents: number; menu: MenuName; isCombo: boolean };

const CATALOGUE: [sku: string, name: string, priceCents: number, menu: MenuName, isCombo?: true][] = [
  ['BRK-001', 'Smashed Avo on Sourdough', 1850, 'Lunch'],
  ['BRK-002', 'Big Brekkie', 2400, 'Lunch'],
  ['LUN-001', 'Chicken Caesar Salad', 1950, 'Lunch'],
  ['LUN-002', 'Wagyu Beef Burger', 2300, 'Lunch'],
  ['LUN-003', 'Fish Tacos', 2100, 'Lunch'],
  ['LUN-004', 'Pumpkin & Feta Salad', 1750, 'Lunch'],
  ['LUN-005', 'Burger, Chips & Drink', 2790, 'Lunch', true],
  ['LUN-006', 'Wrap & Smoothie Deal', 2290, 'Lunch', true],
  ['DIN-001', 'Barramundi with Greens', 3400, 'Dinner'],
  ['DIN-002', 'Lamb Shoulder', 3800, 'Dinner'],
  ['DIN-003', 'Scotch Fillet 300g', 4600, 'Dinner'],
  ['DIN-004', 'Mushroom Risotto', 2800, 'Dinner'],
  ['DIN-005', 'Pappardelle Ragu', 2900, 'Dinner'],
  ['DIN-006', 'Steak & Wine Dinner for Two', 8900, 'Dinner', true],
  ['DIN-007', 'Family Pasta Feast', 6900, 'Dinner', true],
  ['ALL-001', 'Salt & Pepper Calamari', 1900, 'All Day'],
  ['ALL-002', 'Margherita Pizza', 2200, 'All Day'],
  ['ALL-003', 'Fish & Chips', 2500, 'All Day'],
  ['ALL-004', 'Chicken Schnitzel', 2700, 'All Day'],
  ['ALL-005', 'Hand-cut Chips', 900, 'All Day'],
  ['ALL-006', 'Garden Salad', 1100, 'All Day'],
  ['ALL-007', 'Flat White', 480, 'All Day'],
  ['ALL-008', 'Fresh Orange Juice', 750, 'All Day'],
  ['ALL-009', 'Sticky Date Pudding', 1400, 'All Day'],
  ['ALL-010', 'Pizza & Pint Combo', 3100, 'All Day', true],
];

export const DEMO_MENU: MenuItemSeed[] = CATALOGUE.map(([sku, name, priceCents, menu, isCombo]) => ({
  sku,
  name,
  priceCents,
  menu,
  isCombo: isCombo ?? false,
}));

/** Suppliers and the categories each delivers; a category with two suppliers alternates weekly. */
export const DEMO_SUPPLIERS: [name: string, categories: PurchaseCategory[]][] = [
  ['Harbourside Fresh Produce', ['vegetables', 'fruits']],
  ['Greenleaf Growers', ['vegetables']],
  ['Riverina Meats', ['meat']],
  ['Bay Seafood Co', ['seafood']],
  ['Southern Dairy', ['dairy']],
  ['Golden Crust Bakery', ['bakery']],
  ['Pantry Wholesale', ['grains', 'snacks', 'condiments']],
  ['Outback Beverages', ['beverages']],
];

/** Typical delivery per category for a 100-seat restaurant: quantity (units) and unit price in cents. */
const DELIVERY: Record<PurchaseCategory, [quantity: number, unitCents: number]> = {
  vegetables: [120, 320],
  meat: [60, 1650],
  dairy: [80, 280],
  bakery: [70, 450],
  seafood: [35, 2400],
  beverages: [150, 210],
  fruits: [90, 260],
  grains: [50, 380],
  snacks: [40, 300],
  condiments: [25, 520],
};

const HOURLY_RATE: Record<PersonRole, number> = { Manager: 4250, Chef: 3600, Waiter: 2850 };

const FIRST_NAMES = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Chris',
  'Jamie',
  'Morgan',
  'Riley',
  'Casey',
  'Drew',
  'Harper',
  'Quinn',
  'Avery',
  'Blake',
];
const LAST_NAMES = [
  'Nguyen',
  'Smith',
  'Brown',
  'Wilson',
  'Taylor',
  'Anderson',
  'Martin',
  'Thompson',
  'Walker',
  'Khan',
  'Rossi',
  'Park',
  'Murphy',
];

export type DemoRestaurant = {
  id: number;
  capacity: number;
  active: boolean;
  takeawayFocused: boolean;
  people: { id: number; role: PersonRole }[];
};

export type DemoFranchise = {
  id: number;
  timeZone: string;
  restaurants: DemoRestaurant[];
  items: { id: number; priceCents: number; menu: MenuName; isCombo: boolean }[];
  /** Customer ids, regulars first. */
  customers: number[];
  /** Supplier ids per category. */
  suppliers: Map<PurchaseCategory, number[]>;
};

export type DayTrade = { orders: OrderInput[]; shifts: ShiftInput[]; purchases: PurchaseInput[] };

/** Minutes the zone is ahead of UTC at local noon of the day (trading hours never cross a DST change, which happens at night). */
function offsetAtNoon(timeZone: string, day: string): number {
  const noonUtc = dayStartMs(day) + 12 * 3_600_000;
  const p = partsIn(timeZone, new Date(noonUtc));
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - noonUtc) / 60_000);
}

/** Orders per restaurant per day: weekday pattern, summer peak, the restaurant's size. */
const WEEKDAY_FACTOR = [1.3, 0.8, 0.85, 0.9, 1.0, 1.35, 1.5]; // Sunday … Saturday

/** One restaurant's trade on one day (whole day; the writer drops what lies after "now"). */
export function generateDay(seed: number, franchise: DemoFranchise, restaurant: DemoRestaurant, day: string): DayTrade {
  const weekday = new Date(dayStartMs(day)).getUTCDay();
  const offset = offsetAtNoon(franchise.timeZone, day);
  const at = (minuteOfDay: number) => new Date(dayStartMs(day) + (minuteOfDay - offset) * 60_000);
  return {
    orders: generateOrders(
      mulberry32(streamSeed(seed, franchise.id, restaurant.id, day, 'orders')),
      franchise,
      restaurant,
      day,
      weekday,
      at,
    ),
    shifts: generateShifts(mulberry32(streamSeed(seed, franchise.id, restaurant.id, day, 'roster')), restaurant, day, weekday),
    purchases: generatePurchases(
      mulberry32(streamSeed(seed, franchise.id, restaurant.id, day, 'purchases')),
      franchise,
      restaurant,
      day,
      weekday,
    ),
  };
}

type Menu = { all: DemoFranchise['items']; combos: DemoFranchise['items']; singles: DemoFranchise['items'] };
const menuCache = new WeakMap<DemoFranchise['items'], { lunch: Menu; dinner: Menu }>();
/** Lunch is served the Lunch and All Day menus, dinner the Dinner and All Day menus. */
function menusOf(f: DemoFranchise): { lunch: Menu; dinner: Menu } {
  const cached = menuCache.get(f.items);
  if (cached) return cached;
  const menu = (all: DemoFranchise['items']): Menu => ({
    all,
    combos: all.filter((i) => i.isCombo),
    singles: all.filter((i) => !i.isCombo),
  });
  const menus = { lunch: menu(f.items.filter((i) => i.menu !== 'Dinner')), dinner: menu(f.items.filter((i) => i.menu !== 'Lunch')) };
  menuCache.set(f.items, menus);
  return menus;
}

function generateOrders(
  rng: Rng,
  f: DemoFranchise,
  r: DemoRestaurant,
  day: string,
  weekday: number,
  at: (minute: number) => Date,
): OrderInput[] {
  // Summer (January) busiest, winter quieter: ±12 %.
  const dayOfYear = dayDiff(`${day.slice(0, 4)}-01-01`, day);
  const season = 1 + 0.12 * Math.cos((2 * Math.PI * (dayOfYear - 20)) / 365);
  const size = 0.55 + (0.45 * Math.min(r.capacity, 120)) / 120;
  const mean = 52 * size * WEEKDAY_FACTOR[weekday]! * season * (r.active ? 1 : 0.6);
  const count = Math.max(5, Math.round(mean * (0.9 + rng() * 0.2)));
  // Customers join over time: the pool open on a day grows from a third to all of it over two years.
  const open = Math.max(1, Math.min(f.customers.length, Math.round(f.customers.length * (0.33 + dayDiff('2024-07-01', day) / 1100))));
  const menus = menusOf(f);
  const orders: OrderInput[] = [];
  for (let n = 0; n < count; n++) {
    const service = weighted(rng, [
      ['lunch', 45],
      ['dinner', 43],
      ['between', 12],
    ] as const);
    const minute =
      service === 'lunch'
        ? between(rng, 11 * 60, 14 * 60 + 30)
        : service === 'dinner'
          ? between(rng, 17 * 60, 21 * 60 + 30)
          : between(rng, 7 * 60 + 30, 16 * 60 + 45);
    const channel = rng() < (r.takeawayFocused ? 0.25 : 0.62) ? 'dine_in' : 'takeaway';
    const source = rng() < (channel === 'takeaway' ? 0.45 : 0.12) ? 'app' : 'pos';
    const guests =
      channel === 'dine_in'
        ? weighted(rng, [
            [1, 14],
            [2, 40],
            [3, 16],
            [4, 18],
            [5, 6],
            [6, 6],
          ] as const)
        : weighted(rng, [
            [1, 70],
            [2, 30],
          ] as const);
    // App orders come from accounts; a third of POS orders from loyalty cards. Regulars (low ids) come back most.
    const identified = rng() < (source === 'app' ? 0.85 : 0.3);
    const customerId = identified ? f.customers[Math.floor(open * rng() ** 2)]! : null;
    const menu = service === 'dinner' ? menus.dinner : menus.lunch;
    const lineCount = Math.min(menu.all.length, between(rng, 1, Math.min(4, guests + 1)));
    const chosen = new Set<DemoFranchise['items'][number]>();
    while (chosen.size < lineCount) {
      // Combos are a fifth of the picks.
      const pool = rng() < 0.2 ? menu.combos : menu.singles;
      chosen.add(pick(rng, pool.length ? pool : menu.all));
    }
    const lines = [...chosen].map((item) => {
      const quantity = Math.max(1, Math.min(guests, between(rng, 1, 3)));
      return { menuItemId: item.id, quantity, amountCents: item.priceCents * quantity };
    });
    const total = lines.reduce((s, l) => s + l.amountCents, 0);
    const voided = rng() < 0.02;
    let payments: OrderInput['payments'];
    if (source === 'app') payments = [{ method: 'app', amountCents: total }];
    else if (channel === 'dine_in' && guests >= 2 && rng() < 0.12) {
      // A split bill: two or three payments.
      const parts = Math.min(guests, between(rng, 2, 3));
      const share = Math.floor(total / parts);
      payments = Array.from({ length: parts }, (_, i) => ({
        method: rng() < 0.8 ? ('card' as const) : ('cash' as const),
        amountCents: i === parts - 1 ? total - share * (parts - 1) : share,
      }));
    } else payments = [{ method: rng() < 0.78 ? 'card' : 'cash', amountCents: total }];
    orders.push({
      restaurantId: r.id,
      placedAt: at(minute),
      channel,
      source,
      guests,
      customerId,
      status: voided ? 'voided' : 'completed',
      lines,
      payments,
    });
  }
  return orders.sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
}

function generateShifts(rng: Rng, r: DemoRestaurant, day: string, weekday: number): ShiftInput[] {
  const shifts: ShiftInput[] = [];
  const weekend = weekday === 0 || weekday === 6;
  for (const person of r.people) {
    // About five shifts a week; managers mostly on weekdays.
    const works = rng() < (person.role === 'Manager' ? (weekend ? 0.35 : 0.85) : 0.72);
    const assignedMinutes = 30 * between(rng, 10, 18);
    const absent = rng() < 0.05;
    const overtime = rng() < 0.15;
    const early = rng() < 0.12;
    if (!works) continue;
    const actualMinutes = absent
      ? 0
      : overtime
        ? assignedMinutes + 15 * between(rng, 2, 8)
        : early
          ? assignedMinutes - 15 * between(rng, 1, 4)
          : assignedMinutes;
    // Weekend penalty rate, and a small per-person difference.
    const rate = Math.round((HOURLY_RATE[person.role] + (person.id % 7) * 40) * (weekend ? 1.25 : 1));
    shifts.push({ restaurantId: r.id, personId: person.id, day, assignedMinutes, actualMinutes, hourlyRateCents: rate, attended: !absent });
  }
  return shifts;
}

function generatePurchases(rng: Rng, f: DemoFranchise, r: DemoRestaurant, day: string, weekday: number): PurchaseInput[] {
  // A weekly delivery on the restaurant's own weekday (Monday to Friday), and a fresh top-up three days later.
  const deliveryDay = 1 + (r.id % 5);
  const topUp = (deliveryDay + 3) % 7;
  const week = Math.floor(dayDiff('2024-01-01', day) / 7);
  const scale = (Math.min(r.capacity, 120) / 100) * (r.active ? 1 : 0.6);
  const categories: PurchaseCategory[] =
    weekday === deliveryDay
      ? (Object.keys(DELIVERY) as PurchaseCategory[])
      : weekday === topUp
        ? ['vegetables', 'dairy', 'bakery', 'fruits']
        : [];
  const purchases: PurchaseInput[] = [];
  for (const category of categories) {
    const suppliers = f.suppliers.get(category);
    if (!suppliers?.length) continue;
    const [quantity, unitCents] = DELIVERY[category];
    const q = Math.max(1, Math.round(quantity * scale * (weekday === deliveryDay ? 1 : 0.4) * (0.8 + rng() * 0.4)));
    const price = Math.round(unitCents * (0.95 + rng() * 0.1));
    purchases.push({
      restaurantId: r.id,
      supplierId: suppliers[week % suppliers.length]!,
      day,
      category,
      quantity: q,
      amountCents: q * price,
    });
  }
  return purchases;
}

/**
 * The franchise as the generator needs it, creating what is missing: the menu, the suppliers and a
 * pool of `customers` customers (kept once created). People are the franchise's own staff.
 */
export async function prepareDemoFranchise(db: Db, franchiseId: number, options: { customers: number }): Promise<DemoFranchise> {
  const franchise = await db.selectFrom('franchises').select('time_zone').where('id', '=', franchiseId).executeTakeFirstOrThrow();
  await db
    .insertInto('menu_items')
    .values(
      DEMO_MENU.map((m) => ({
        franchise_id: franchiseId,
        sku: m.sku,
        name: m.name,
        price_cents: m.priceCents,
        menu: m.menu,
        is_combo: m.isCombo,
      })),
    )
    .onConflict((oc) => oc.columns(['franchise_id', 'sku']).doNothing())
    .execute();
  await db
    .insertInto('suppliers')
    .values(DEMO_SUPPLIERS.map(([name]) => ({ franchise_id: franchiseId, name })))
    .onConflict((oc) => oc.columns(['franchise_id', 'name']).doNothing())
    .execute();
  const existing = await db
    .selectFrom('customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('franchise_id', '=', franchiseId)
    .executeTakeFirstOrThrow();
  const missing = options.customers - Number(existing.n);
  if (missing > 0) {
    const names = Array.from({ length: missing }, (_, i) => {
      const n = Number(existing.n) + i;
      return `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;
    });
    await sql`insert into customers (franchise_id, name) select ${franchiseId}, name from unnest(${names}::text[]) as u(name)`.execute(db);
  }
  const [restaurants, people, items, customers, suppliers] = await Promise.all([
    db
      .selectFrom('restaurants')
      .select(['id', 'capacity', 'status', 'business_type'])
      .where('franchise_id', '=', franchiseId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('people')
      .select(['id', 'restaurant_id', 'role'])
      .where('franchise_id', '=', franchiseId)
      .where('status', '=', 'Active')
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('menu_items')
      .select(['id', 'price_cents', 'menu', 'is_combo'])
      .where('franchise_id', '=', franchiseId)
      .where(
        'sku',
        'in',
        DEMO_MENU.map((m) => m.sku),
      )
      .orderBy('sku')
      .execute(),
    db.selectFrom('customers').select('id').where('franchise_id', '=', franchiseId).orderBy('id').limit(options.customers).execute(),
    db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where('franchise_id', '=', franchiseId)
      .where(
        'name',
        'in',
        DEMO_SUPPLIERS.map(([n]) => n),
      )
      .execute(),
  ]);
  const supplierIds = new Map(suppliers.map((s) => [s.name, s.id]));
  const byCategory = new Map<PurchaseCategory, number[]>();
  for (const [name, categories] of DEMO_SUPPLIERS) {
    for (const c of categories) byCategory.set(c, [...(byCategory.get(c) ?? []), supplierIds.get(name)!]);
  }
  return {
    id: franchiseId,
    timeZone: franchise.time_zone,
    restaurants: restaurants.map((r) => ({
      id: r.id,
      capacity: r.capacity,
      active: r.status === 1,
      takeawayFocused: /takeaway/i.test(r.business_type),
      people: people.filter((p) => p.restaurant_id === r.id).map((p) => ({ id: p.id, role: p.role })),
    })),
    items: items.map((i) => ({ id: i.id, priceCents: i.price_cents, menu: i.menu, isCombo: i.is_combo })),
    customers: customers.map((c) => c.id),
    suppliers: byCategory,
  };
}

/** The instant of the franchise's most recent order, if it has traded. */
export async function lastTradeAt(db: Db, franchiseId: number): Promise<Date | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select((eb) => eb.fn.max('orders.placed_at').as('last'))
    .where('restaurants.franchise_id', '=', franchiseId)
    .executeTakeFirst();
  return row?.last ? new Date(row.last) : undefined;
}

export type TradeProgress = { franchiseId: number; daysDone: number; days: number; orders: number };

/**
 * Writes the generated trade after `after` (exclusive; undefined: from the first day) up to `until`,
 * `daysPerBatch` days per transaction. A day's roster and deliveries are written with its first
 * orders, so a day already begun (the one holding `after`) only gets its later orders.
 * Returns the days whose trade began and the orders written. An abort stops it between batches.
 */
export async function writeTrade(
  db: Db,
  seed: number,
  franchise: DemoFranchise,
  range: { firstDay: string; after?: Date; until: Date },
  options: { daysPerBatch: number; onProgress?: (p: TradeProgress) => void; signal?: AbortSignal },
): Promise<{ days: number; orders: number }> {
  const lastDay = dayIn(franchise.timeZone, range.until);
  const startedDay = range.after ? dayIn(franchise.timeZone, range.after) : undefined;
  const firstDay = startedDay && startedDay > range.firstDay ? startedDay : range.firstDay;
  const days = dayDiff(firstDay, lastDay) + 1;
  let orders = 0;
  let newDays = 0;
  // The ingest checks every reference it is given (restaurant, item, customer, person and supplier of
  // this franchise; order ids are its own), so this trusted bulk write skips the foreign-key triggers,
  // which took four fifths of the insert time on PGlite. Only a superuser may (always so on PGlite).
  const { rows: role } = await sql<{ superuser: string }>`select current_setting('is_superuser') as superuser`.execute(db);
  const skipForeignKeyTriggers = role[0]?.superuser === 'on';
  const generate = (offset: number, n: number): DayTrade => {
    const batch: DayTrade = { orders: [], shifts: [], purchases: [] };
    for (let d = 0; d < n; d++) {
      const day = addDays(firstDay, offset + d);
      const trades = franchise.restaurants.map((restaurant) => generateDay(seed, franchise, restaurant, day));
      const dayOrders = trades.flatMap((t) =>
        t.orders.filter((o) => o.placedAt <= range.until && (!range.after || o.placedAt > range.after)),
      );
      batch.orders.push(...dayOrders);
      // Before the first order of a day nothing of it is written, so the next run writes its roster then.
      if (day !== startedDay && dayOrders.length > 0) {
        newDays += 1;
        for (const t of trades) {
          batch.shifts.push(...t.shifts);
          batch.purchases.push(...t.purchases);
        }
      }
    }
    return batch;
  };
  const write = (batch: DayTrade) =>
    db.transaction().execute(async (trx) => {
      if (skipForeignKeyTriggers) await sql`set local session_replication_role = replica`.execute(trx);
      await recordShifts(trx, franchise.id, batch.shifts);
      await recordPurchases(trx, franchise.id, batch.purchases);
      await recordOrders(trx, franchise.id, batch.orders);
    });
  // Each batch is generated while the database thread writes the previous one.
  let writing: Promise<void> = Promise.resolve();
  for (let done = 0; done < days && !options.signal?.aborted;) {
    const n = Math.min(options.daysPerBatch, days - done);
    const batch = generate(done, n);
    await writing;
    done += n;
    const progress = { franchiseId: franchise.id, daysDone: done, days, orders: (orders += batch.orders.length) };
    writing = write(batch).then(() => options.onProgress?.(progress));
  }
  await writing;
  return { days: newDays, orders };
}
