import fc from 'fast-check';
import { analyticsAnswer } from '../../server/analytics/answers/analytics-answer';
import { comparableBranches } from '../../server/analytics/answers/comparable';
import type { AnalyticsScope } from '../../server/analytics/answers/scope';
import type { AnalyticsWindow, Grouping } from '@contract/analytics.contract';
import type { Db } from '../../server/db/database';
import { createWorld, DAYS, datasetArb, model, write, type Row, type World } from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** The fourteen random days (across Sydney's and Adelaide's DST change), grouped as asked. */
const windowOf = (grouping: Grouping, timeZone: string): AnalyticsWindow => ({
  start_date: DAYS[0]!,
  end_date: DAYS[DAYS.length - 1]!,
  days: DAYS.length,
  grouping,
  time_zone: timeZone,
  compare: 'previous',
  previous: { start_date: '2026-03-15', end_date: '2026-03-28' },
  today: '2026-04-12',
});

/** An instant of the windows' today: these answers' "today" figures are not what is checked here. */
const NOW = new Date('2026-04-12T03:00:00Z');

const dollars = (cents: number) => Math.round(cents) / 100;
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const sum = (rows: Row[], column: string) => rows.reduce((s, r) => s + Number(r[column] ?? 0), 0);

/** What the answers must say, from the model of the rollups (itself computed from the random inputs). */
function expected(tables: ReturnType<typeof model>, world: World, franchise: number, restaurantId: number | null) {
  const f = world.franchises[franchise]!;
  // Local days run past the fourteen UTC days (Sydney is ahead): the window keeps only its own.
  const inWindow = (r: Row) => String(r.day) >= DAYS[0]! && String(r.day) <= DAYS[DAYS.length - 1]!;
  const mine = (r: Row) =>
    inWindow(r) && (restaurantId === null ? f.restaurants.includes(Number(r.restaurant_id)) : Number(r.restaurant_id) === restaurantId);
  const stats = tables.daily_restaurant_stats.filter(mine);
  const items = tables.daily_item_sales.filter(mine);
  const staff = tables.daily_staff_hours.filter(mine);
  const purchases = tables.daily_purchases.filter(mine);
  const byPlatform = new Map<string, { orders: number; cents: number }>();
  for (const r of tables.daily_platform_sales.filter(mine)) {
    const p = byPlatform.get(String(r.platform)) ?? byPlatform.set(String(r.platform), { orders: 0, cents: 0 }).get(String(r.platform))!;
    p.orders += Number(r.orders);
    p.cents += Number(r.revenue_cents);
  }
  const revenueCents = sum(stats, 'revenue_dine_in_cents') + sum(stats, 'revenue_takeaway_cents') + sum(stats, 'revenue_delivery_cents');
  const orders = sum(stats, 'orders_dine_in') + sum(stats, 'orders_takeaway') + sum(stats, 'orders_delivery');
  const unitsByItem = new Map<number, number>();
  for (const r of items) unitsByItem.set(Number(r.menu_item_id), (unitsByItem.get(Number(r.menu_item_id)) ?? 0) + Number(r.units));
  const actualByPerson = new Map<number, number>();
  for (const r of staff) actualByPerson.set(Number(r.person_id), (actualByPerson.get(Number(r.person_id)) ?? 0) + Number(r.actual_minutes));
  return {
    revenues: {
      revenue: dollars(revenueCents),
      dine_in: dollars(sum(stats, 'revenue_dine_in_cents')),
      takeaway: dollars(sum(stats, 'revenue_takeaway_cents')),
      delivery: dollars(sum(stats, 'revenue_delivery_cents')),
      orders,
      transactions: sum(stats, 'transactions'),
    },
    // Most revenue first, then by name ('' sorts first: no name).
    platforms: [...byPlatform]
      .sort(([a, x], [b, y]) => y.cents - x.cents || (a < b ? -1 : a > b ? 1 : 0))
      .map(([platform, p]) => ({ platform: platform === '' ? null : platform, orders: p.orders, revenue: dollars(p.cents) })),
    summary: {
      total_revenue: dollars(revenueCents),
      total_discounts: dollars(sum(stats, 'discount_cents')),
      total_refunds: dollars(sum(stats, 'refunded_cents')),
    },
    orders: {
      dine_in: sum(stats, 'orders_dine_in'),
      takeaway: sum(stats, 'orders_takeaway'),
      delivery: sum(stats, 'orders_delivery'),
      pos: sum(stats, 'orders_pos'),
      app: sum(stats, 'orders_app'),
      total: orders,
    },
    headcounts: {
      recurrent: sum(stats, 'guests_recurrent'),
      new: sum(stats, 'guests_new'),
      total: sum(stats, 'guests_recurrent') + sum(stats, 'guests_new'),
    },
    roster: {
      assigned_hours: hours(sum(staff, 'assigned_minutes')),
      actual_hours: hours(sum(staff, 'actual_minutes')),
      labour_cost: dollars(sum(staff, 'labour_cost_cents')),
    },
    procurement: {
      spend: dollars(sum(purchases, 'amount_cents')),
      quantity: sum(purchases, 'quantity'),
      suppliers: new Set(purchases.map((r) => r.supplier_id)).size,
    },
    unitsByItem,
    rostered: actualByPerson.size,
    /** Each person's actual hours, most first. */
    staffHours: [...actualByPerson.values()].sort((a, b) => b - a).map(hours),
  };
}

describe('analytics answers (read from the rollups)', () => {
  it('equal the figures computed from the random inputs, franchise-wide and per branch, for every grouping, and their series add up to their totals', async () => {
    const reached = { revenue: 0, guests: 0, bestSellers: 0, shifts: 0, purchases: 0, perBranchDiffers: 0, staffCut: 0 };
    let twoPlatforms = 0;
    await fc.assert(
      // The roster's staff is `staffLimit` long at most: fewer than the three people of a franchise, often.
      fc.asyncProperty(
        datasetArb,
        fc.constantFrom<Grouping>('daily', 'weekly', 'monthly'),
        fc.integer({ min: 1, max: 2 }),
        async (dataset, grouping, staffLimit) => {
          const world = await createWorld(db);
          await write(db, world, dataset);
          const tables = model(world, dataset);
          for (const [fi, f] of world.franchises.entries()) {
            const window = windowOf(grouping, f.timeZone);
            for (const restaurantId of [null, ...f.restaurants]) {
              const scope: AnalyticsScope = { franchiseId: f.id, restaurantId };
              const want = expected(tables, world, fi, restaurantId);
              const [revenues, orders, headcounts, roster, procurement, bestSellers] = await Promise.all([
                analyticsAnswer(db, 'revenues', scope, window, { limit: 50, now: NOW }),
                analyticsAnswer(db, 'orders', scope, window, { limit: 50, now: NOW }),
                analyticsAnswer(db, 'headcounts', scope, window, { limit: 50, now: NOW }),
                analyticsAnswer(db, 'roster', scope, window, { limit: staffLimit, now: NOW }),
                analyticsAnswer(db, 'procurement', scope, window, { limit: 50, now: NOW }),
                analyticsAnswer(db, 'best-sellers', scope, window, { limit: 50, now: NOW }),
              ]);
              expect(revenues.totals).toMatchObject(want.revenues);
              expect(revenues.franchise_summary).toMatchObject(want.summary);
              expect(revenues.delivery_platforms).toEqual(want.platforms);
              if (want.platforms.length >= 2) twoPlatforms++;
              expect(orders.totals).toEqual(want.orders);
              expect(headcounts.totals).toEqual(want.headcounts);
              expect(roster.totals).toMatchObject(want.roster);
              expect(roster.staff_count).toBe(want.rostered);
              expect(roster.staff.map((p) => p.actual_hours)).toEqual(want.staffHours.slice(0, staffLimit));
              expect(procurement.totals).toMatchObject(want.procurement);
              const units = new Map([...bestSellers.items, ...bestSellers.combos].map((i) => [i.sku, i.units]));
              expect([...units.values()].reduce((a, b) => a + b, 0)).toBe([...want.unitsByItem.values()].reduce((a, b) => a + b, 0));
              // Nothing traded before the window: the previous window's figures are all zero.
              expect(orders.previous_totals.total).toBe(0);
              expect(revenues.previous_totals.revenue).toBe(0);

              // Every bucket present, in order, covering the window; additive figures add up.
              for (const answer of [revenues, orders, headcounts, roster, procurement]) {
                expect(answer.series[0]!.start_date).toBe(window.start_date);
                expect(answer.series.at(-1)!.end_date).toBe(window.end_date);
                expect(answer.series.length).toBe(grouping === 'daily' ? 14 : grouping === 'weekly' ? 3 : 2);
              }
              expect(orders.series.reduce((s, b) => s + b.total, 0)).toBe(want.orders.total);
              expect(headcounts.series.reduce((s, b) => s + b.total, 0)).toBe(want.headcounts.total);
              expect(revenues.series.reduce((s, b) => s + b.revenue, 0)).toBeCloseTo(want.revenues.revenue, 2);
              expect(procurement.series.reduce((s, b) => s + b.spend, 0)).toBeCloseTo(want.procurement.spend, 2);

              if (want.revenues.revenue > 0) reached.revenue++;
              if (want.headcounts.total > 0) reached.guests++;
              if (units.size > 0) reached.bestSellers++;
              if (want.roster.assigned_hours > 0) reached.shifts++;
              if (want.procurement.spend > 0) reached.purchases++;
              if (restaurantId !== null && want.orders.total > 0) reached.perBranchDiffers++;
              if (want.rostered > staffLimit) reached.staffCut++;
            }
          }
        },
      ),
      // Shrinking would replay database-backed runs for minutes; the printed seed and counterexample suffice.
      { numRuns: 20, endOnFailure: true },
    );
    // How many of the 20 runs × 2 franchises × 3 scopes had figures for each kind (at least 30 of 120 each), or more
    // people than the staff limit (measured 52–56 in four runs and 27 in one: a run's six scopes share its people; 15).
    for (const [kind, count] of Object.entries(reached)) expect(count, kind).toBeGreaterThanOrEqual(kind === 'staffCut' ? 15 : 30);
    // Deliveries on two platforms in one scope's window: at least 10 of the 120.
    expect(twoPlatforms).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it('like for like: the comparable branches (trade on or before the comparison window’s first day, and in the window) are the model’s, and both windows count only them', async () => {
    const reached = { comparable: 0, excluded: 0, previousRevenue: 0 };
    await fc.assert(
      fc.asyncProperty(datasetArb, fc.integer({ min: 3, max: 7 }), async (dataset, days) => {
        const world = await createWorld(db);
        await write(db, world, dataset);
        const tables = model(world, dataset);
        // The last `days` of the fourteen, compared with as many days just before.
        const start = DAYS[DAYS.length - days]!;
        const previous = { start_date: DAYS[DAYS.length - 2 * days]!, end_date: DAYS[DAYS.length - days - 1]! };
        const traded = (r: Row) => Number(r.orders_dine_in) + Number(r.orders_takeaway) + Number(r.orders_delivery) > 0;
        for (const f of world.franchises) {
          const window: AnalyticsWindow = { ...windowOf('daily', f.timeZone), start_date: start, days, previous };
          const stats = (id: number) => tables.daily_restaurant_stats.filter((r) => Number(r.restaurant_id) === id && traded(r));
          const within = (r: Row, w: { start_date: string; end_date: string }) =>
            String(r.day) >= w.start_date && String(r.day) <= w.end_date;
          const want = f.restaurants
            .filter((id) => stats(id).some((r) => String(r.day) <= previous.start_date) && stats(id).some((r) => within(r, window)))
            .sort((a, b) => a - b);
          const scope: AnalyticsScope = { franchiseId: f.id, restaurantId: null };
          const { data_version } = await db
            .selectFrom('franchises')
            .select('data_version')
            .where('id', '=', f.id)
            .executeTakeFirstOrThrow();
          const { ids: comparable, all } = await comparableBranches(db, scope, Number(data_version), window);
          expect(comparable).toEqual(want);
          expect(all).toBe(want.length === f.restaurants.length);
          const revenues = await analyticsAnswer(db, 'revenues', { ...scope, branches: comparable }, window, { limit: 10, now: NOW });
          const cents = (w: { start_date: string; end_date: string }) =>
            tables.daily_restaurant_stats
              .filter((r) => comparable.includes(Number(r.restaurant_id)) && within(r, w))
              .reduce(
                (s, r) => s + Number(r.revenue_dine_in_cents) + Number(r.revenue_takeaway_cents) + Number(r.revenue_delivery_cents),
                0,
              );
          expect(revenues.totals.revenue).toBe(dollars(cents(window)));
          expect(revenues.previous_totals.revenue).toBe(dollars(cents(previous)));
          if (want.length > 0) reached.comparable++;
          if (want.length < f.restaurants.length) reached.excluded++;
          if (cents(previous) > 0) reached.previousRevenue++;
        }
      }),
      // 40 runs: a comparable branch with revenue in the comparison window came in 2 to 12 of 20 runs' 40 franchises.
      { numRuns: 40, endOnFailure: true },
    );
    // Of 40 runs × 2 franchises, at least 5 with comparable branches, with branches left out, and with revenue compared.
    for (const [what, count] of Object.entries(reached)) expect(count, what).toBeGreaterThanOrEqual(5);
  }, 180_000);
});
