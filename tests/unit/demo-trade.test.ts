import { addDays, dayIn } from '../../server/analytics/calendar';
import { DEMO_MENU, DEMO_SUPPLIERS } from '../../server/analytics/demo/catalogue';
import { generateDay, type DemoFranchise } from '../../server/analytics/demo/generate';
import { PURCHASE_CATEGORIES, type PurchaseCategory } from '../../server/db/database';

const TZ = 'Australia/Sydney';
const franchise: DemoFranchise = {
  id: 1,
  timeZone: TZ,
  restaurants: [
    {
      id: 11,
      capacity: 100,
      active: true,
      takeawayFocused: false,
      timeZone: TZ,
      people: [
        { id: 101, role: 'Manager' },
        { id: 102, role: 'Chef' },
        { id: 103, role: 'Chef' },
        { id: 104, role: 'Waiter' },
        { id: 105, role: 'Waiter' },
      ],
    },
    { id: 12, capacity: 60, active: true, takeawayFocused: true, timeZone: TZ, people: [{ id: 201, role: 'Waiter' }] },
    { id: 13, capacity: 80, active: true, takeawayFocused: false, timeZone: 'Australia/Perth', people: [{ id: 301, role: 'Waiter' }] },
  ],
  items: DEMO_MENU.map((m, i) => ({ id: 500 + i, priceCents: m.priceCents, menu: m.menu, isCombo: m.isCombo })),
  customers: Array.from({ length: 300 }, (_, i) => 9000 + i),
  suppliers: new Map(
    PURCHASE_CATEGORIES.map((c): [PurchaseCategory, number[]] => [
      c,
      DEMO_SUPPLIERS.flatMap(([, categories], i) => (categories.includes(c) ? [700 + i] : [])),
    ]),
  ),
};
const restaurant = franchise.restaurants[0]!;
const SEED = 42;
// Eight weeks from Monday 2 March 2026, across the end of daylight saving (5 April).
const DAYS = Array.from({ length: 56 }, (_, i) => addDays('2026-03-02', i));
const trade = DAYS.map((day) => ({ day, ...generateDay(SEED, franchise, restaurant, day) }));
const orders = trade.flatMap((t) => t.orders);
const hourFormat = new Intl.DateTimeFormat('en-AU', { timeZone: TZ, hour: 'numeric', hourCycle: 'h23' });
const localHour = (at: Date) => Number(hourFormat.format(at));
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('generateDay', () => {
  it('depends only on the seed, franchise, restaurant and day: the same inputs give the same rows, in any order of generation', () => {
    const later = generateDay(SEED, franchise, restaurant, '2026-03-20');
    generateDay(SEED, franchise, franchise.restaurants[1]!, '2026-03-21');
    expect(generateDay(SEED, franchise, restaurant, '2026-03-20')).toEqual(later);
    const { day: _, ...generatedFirst } = trade.find((t) => t.day === '2026-03-20')!;
    expect(later).toEqual(generatedFirst);
    expect(generateDay(SEED + 1, franchise, restaurant, '2026-03-20')).not.toEqual(later);
    expect(generateDay(SEED, franchise, franchise.restaurants[1]!, '2026-03-20').orders).not.toEqual(later.orders);
    expect(generateDay(SEED, franchise, restaurant, '2026-03-21').orders).not.toEqual(later.orders);
  });

  it('places every order on its calendar day in the franchise time zone, within trading hours, also across the DST change', () => {
    for (const t of trade) {
      expect(t.orders.length).toBeGreaterThanOrEqual(20);
      for (const o of t.orders) {
        expect(dayIn(TZ, o.placedAt)).toBe(t.day);
        expect(localHour(o.placedAt)).toBeGreaterThanOrEqual(7);
        expect(localHour(o.placedAt)).toBeLessThanOrEqual(21);
      }
    }
  });

  it("trades on a branch's own clock: a Perth branch's orders are on its Perth days, its lunch peak at Perth noon", () => {
    const perth = franchise.restaurants[2]!;
    const perthHour = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', hour: 'numeric', hourCycle: 'h23' });
    const perthOrders = DAYS.flatMap((day) => generateDay(SEED, franchise, perth, day).orders.map((o) => ({ day, o })));
    for (const { day, o } of perthOrders) {
      expect(dayIn('Australia/Perth', o.placedAt)).toBe(day);
      expect(Number(perthHour.format(o.placedAt))).toBeGreaterThanOrEqual(7);
      expect(Number(perthHour.format(o.placedAt))).toBeLessThanOrEqual(21);
    }
    const atPerthHours = (from: number, to: number) =>
      perthOrders.filter(({ o }) => Number(perthHour.format(o.placedAt)) >= from && Number(perthHour.format(o.placedAt)) < to).length;
    expect(atPerthHours(12, 14)).toBeGreaterThan(2 * atPerthHours(15, 17));
    // Sydney's 12:00–14:00 is 09:00–12:00 in Perth, before its lunch.
    const atSydneyHours = (from: number, to: number) =>
      perthOrders.filter(({ o }) => localHour(o.placedAt) >= from && localHour(o.placedAt) < to).length;
    expect(atSydneyHours(14, 16)).toBeGreaterThan(atSydneyHours(12, 14));
  });

  it('is busier at weekends than on weekdays, and at lunch and dinner than between them', () => {
    const perDay = (days: number[]) => {
      const chosen = trade.filter((t) => days.includes(weekday(t.day)));
      return chosen.reduce((s, t) => s + t.orders.length, 0) / chosen.length;
    };
    expect(perDay([5, 6])).toBeGreaterThan(1.3 * perDay([1, 2, 3]));
    const inHours = (from: number, to: number) => orders.filter((o) => localHour(o.placedAt) >= from && localHour(o.placedAt) < to).length;
    expect(inHours(12, 14)).toBeGreaterThan(2 * inHours(15, 17));
    expect(inHours(18, 20)).toBeGreaterThan(2 * inHours(15, 17));
  });

  it('bills lines at menu prices, sells combos, voids a few orders and splits some bills, whose payments add up to the total and tip', () => {
    const price = new Map(franchise.items.map((i) => [i.id, i]));
    for (const o of orders) {
      expect(o.lines.length).toBeGreaterThan(0);
      for (const l of o.lines) expect(l.amountCents).toBe(price.get(l.menuItemId)!.priceCents * l.quantity);
      const total = o.lines.reduce((s, l) => s + l.amountCents, 0) - o.discountCents!;
      expect(o.payments.reduce((s, p) => s + p.amountCents, 0)).toBe(total + o.tipCents!);
      expect(o.guests).toBeGreaterThanOrEqual(1);
      expect(o.guests).toBeLessThanOrEqual(6);
    }
    const share = (n: number) => n / orders.length;
    expect(share(orders.filter((o) => o.status === 'voided').length)).toBeGreaterThan(0.005);
    expect(share(orders.filter((o) => o.status === 'voided').length)).toBeLessThan(0.05);
    const split = orders.filter((o) => o.payments.length > 1);
    expect(share(split.length)).toBeGreaterThan(0.02);
    expect(split.every((o) => o.channel === 'dine_in' && o.payments.length <= 3)).toBe(true);
    expect(share(orders.filter((o) => o.lines.some((l) => price.get(l.menuItemId)!.isCombo)).length)).toBeGreaterThan(0.1);
    // Dinner-only dishes never at lunch.
    const dinnerOnly = new Set(franchise.items.filter((i) => i.menu === 'Dinner').map((i) => i.id));
    expect(orders.some((o) => localHour(o.placedAt) < 15 && o.lines.some((l) => dinnerOnly.has(l.menuItemId)))).toBe(false);
  });

  it('discounts about one order in twelve, tips dine-in and delivery orders, refunds a few, delivers through three platforms', () => {
    const share = (keep: (o: (typeof orders)[number]) => boolean) => orders.filter(keep).length / orders.length;
    expect(share((o) => o.discountCents! > 0)).toBeGreaterThan(0.05);
    expect(share((o) => o.discountCents! > 0)).toBeLessThan(0.12);
    for (const o of orders) expect(o.discountCents!).toBeLessThanOrEqual(o.lines.reduce((s, l) => s + l.amountCents, 0));
    expect(share((o) => o.tipCents! > 0 && o.channel === 'dine_in')).toBeGreaterThan(0.05);
    expect(share((o) => o.tipCents! > 0 && o.channel === 'delivery')).toBeGreaterThan(0.005);
    expect(share((o) => o.tipCents! > 0 && o.channel === 'takeaway')).toBe(0);
    expect(share((o) => o.status === 'refunded')).toBeGreaterThan(0.002);
    expect(share((o) => o.status === 'refunded')).toBeLessThan(0.02);
    expect(share((o) => o.channel === 'delivery')).toBeGreaterThan(0.05);
    expect(share((o) => o.channel === 'delivery')).toBeLessThan(0.3);
    expect(new Set(orders.filter((o) => o.channel === 'delivery').map((o) => o.platform))).toEqual(
      new Set(['Uber Eats', 'DoorDash', 'Menulog']),
    );
    expect(orders.filter((o) => o.channel !== 'delivery').every((o) => o.platform === null)).toBe(true);
  });

  it('mixes channels and sources, anonymous guests and repeat customers', () => {
    expect(new Set(orders.map((o) => o.channel))).toEqual(new Set(['dine_in', 'takeaway', 'delivery']));
    expect(new Set(orders.map((o) => o.source))).toEqual(new Set(['pos', 'app']));
    expect(orders.some((o) => o.customerId == null)).toBe(true);
    const visits = new Map<number, number>();
    for (const o of orders) if (o.customerId != null) visits.set(o.customerId, (visits.get(o.customerId) ?? 0) + 1);
    expect([...visits.values()].filter((n) => n >= 3).length).toBeGreaterThan(20);
  });

  it('rosters the restaurant’s staff about five days a week, with some absences and some overtime', () => {
    const shifts = trade.flatMap((t) => t.shifts);
    expect(new Set(shifts.map((s) => s.personId))).toEqual(new Set(restaurant.people.map((p) => p.id)));
    expect(shifts.length / (restaurant.people.length * 8)).toBeGreaterThan(3.5);
    expect(shifts.length / (restaurant.people.length * 8)).toBeLessThan(6.5);
    const absent = shifts.filter((s) => !s.attended);
    expect(absent.length).toBeGreaterThan(0);
    expect(absent.every((s) => s.actualMinutes === 0)).toBe(true);
    expect(shifts.filter((s) => s.actualMinutes > s.assignedMinutes).length).toBeGreaterThan(0);
    expect(new Set(shifts.map((s) => `${s.personId}|${s.day}`)).size).toBe(shifts.length);
  });

  it('takes a weekly delivery of all ten categories on one weekday, and a fresh top-up mid-week', () => {
    const deliveries = trade.filter((t) => t.purchases.length === PURCHASE_CATEGORIES.length);
    expect(deliveries).toHaveLength(8);
    expect(new Set(deliveries.map((t) => weekday(t.day))).size).toBe(1);
    for (const t of deliveries) expect(new Set(t.purchases.map((p) => p.category))).toEqual(new Set(PURCHASE_CATEGORIES));
    const topUps = trade.filter((t) => t.purchases.length > 0 && t.purchases.length < PURCHASE_CATEGORIES.length);
    expect(topUps).toHaveLength(8);
    expect(trade.filter((t) => t.purchases.length === 0)).toHaveLength(40);
    // Vegetables come from two suppliers, alternating weekly.
    expect(new Set(deliveries.map((t) => t.purchases.find((p) => p.category === 'vegetables')!.supplierId)).size).toBe(2);
  });
});
