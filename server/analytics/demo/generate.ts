import type { MenuName, PersonRole, PurchaseCategory } from '../../db/database.js';
import { DELIVERY_PLATFORMS } from '@contract/ingest.contract.js';
import type { OrderInput, PurchaseInput, ShiftInput } from '../ingest.js';
import { dayDiff, dayStartMs, partsIn } from '../calendar.js';
import { DELIVERY, HOURLY_RATE } from './catalogue.js';

// Believable, deterministic trade for demo and benchmark franchises (docs/operations.md). What a
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

export type DemoRestaurant = {
  id: number;
  capacity: number;
  active: boolean;
  takeawayFocused: boolean;
  /** The branch's zone: its trade follows its own clock (a Perth lunch peak at Perth noon). */
  timeZone: string;
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
  const offset = offsetAtNoon(restaurant.timeZone, day);
  const at = (minuteOfDay: number) => new Date(dayStartMs(day) + (minuteOfDay - offset) * 60_000);
  return {
    orders: generateOrders(
      mulberry32(streamSeed(seed, franchise.id, restaurant.id, day, 'orders')),
      mulberry32(streamSeed(seed, franchise.id, restaurant.id, day, 'money')),
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

/**
 * An order's delivery, refund, discount and tip, drawn from their own stream (`money`), so the orders
 * themselves (their times, channels, guests, lines) stay as they were before these existed.
 */
function orderMoney(money: Rng, channel: 'dine_in' | 'takeaway', linesCents: number, voided: boolean, takeawayFocused: boolean) {
  const delivered = channel === 'takeaway' && money() < (takeawayFocused ? 0.4 : 0.3);
  const platform = delivered
    ? weighted(money, [
        [DELIVERY_PLATFORMS[0], 50],
        [DELIVERY_PLATFORMS[1], 30],
        [DELIVERY_PLATFORMS[2], 20],
      ] as const)
    : null;
  const refunded = !voided && money() < 0.008;
  // A promotion or staff meal: 10, 15 or 20 % off one order in twelve.
  const discountCents = money() < 0.08 ? Math.round((linesCents * pick(money, [10, 15, 20])) / 100) : 0;
  const due = linesCents - discountCents;
  // Dine-in guests tip a quarter of the time (5–12 %), delivery customers a fifth ($2–$5).
  const tipCents =
    channel === 'dine_in' && money() < 0.25
      ? Math.round((due * between(money, 5, 12)) / 100)
      : delivered && money() < 0.2
        ? between(money, 4, 10) * 50
        : 0;
  return {
    channel: delivered ? ('delivery' as const) : channel,
    platform,
    status: voided ? ('voided' as const) : refunded ? ('refunded' as const) : ('completed' as const),
    discountCents,
    tipCents,
    paid: due + tipCents,
  };
}

function generateOrders(
  rng: Rng,
  money: Rng,
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
    const linesCents = lines.reduce((s, l) => s + l.amountCents, 0);
    const voided = rng() < 0.02;
    const extra = orderMoney(money, channel, linesCents, voided, r.takeawayFocused);
    const { paid } = extra;
    let payments: OrderInput['payments'];
    if (source === 'app') payments = [{ method: 'app', amountCents: paid }];
    else if (channel === 'dine_in' && guests >= 2 && rng() < 0.12) {
      // A split bill: two or three payments.
      const parts = Math.min(guests, between(rng, 2, 3));
      const share = Math.floor(paid / parts);
      payments = Array.from({ length: parts }, (_, i) => ({
        method: rng() < 0.8 ? ('card' as const) : ('cash' as const),
        amountCents: i === parts - 1 ? paid - share * (parts - 1) : share,
      }));
    } else payments = [{ method: rng() < 0.78 ? 'card' : 'cash', amountCents: paid }];
    orders.push({
      restaurantId: r.id,
      placedAt: at(minute),
      channel: extra.channel,
      source,
      guests,
      customerId,
      status: extra.status,
      discountCents: extra.discountCents,
      tipCents: extra.tipCents,
      platform: extra.platform,
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
