import { describe, expect, it } from 'vitest';
import { NO_DATA_TEXT } from '@contract/presentation/labels';
import { noData } from '../../server/analytics/page-reports/no-data';

// When each kind of analytics page has "no data in this window": decided from the figures the page is
// built from, never from zeros alone. Only the fields a rule reads are given.

const figures = <T>(value: Record<string, unknown>) => value as T;
const revenue = (orders: number, cents: number) =>
  figures<Parameters<typeof noData<'revenue'>>[1]>({
    totals: {
      orders_dine_in: orders,
      orders_takeaway: 0,
      orders_delivery: 0,
      revenue_dine_in_cents: cents,
      revenue_takeaway_cents: 0,
      revenue_delivery_cents: 0,
      transactions: orders,
    },
  });

describe('no data in the window, per page kind', () => {
  it('Order: no orders, dine-in, takeaway or delivery; one order of any is data', () => {
    const order = (dineIn: number, takeaway: number, delivery = 0) =>
      figures<Parameters<typeof noData<'order'>>[1]>({
        totals: { orders_dine_in: dineIn, orders_takeaway: takeaway, orders_delivery: delivery, orders_pos: 0, orders_app: 0 },
      });
    expect(noData('order', order(0, 0))).toBe(NO_DATA_TEXT.orders);
    expect(noData('order', order(0, 1))).toBeNull();
    expect(noData('order', order(1, 0))).toBeNull();
    expect(noData('order', order(0, 0, 1))).toBeNull();
  });

  it('Headcount: no guests, recurrent or new', () => {
    const headcount = (recurrent: number, fresh: number) =>
      figures<Parameters<typeof noData<'headcount'>>[1]>({ totals: { guests_recurrent: recurrent, guests_new: fresh } });
    expect(noData('headcount', headcount(0, 0))).toBe(NO_DATA_TEXT.headcounts);
    expect(noData('headcount', headcount(0, 3))).toBeNull();
    expect(noData('headcount', headcount(2, 0))).toBeNull();
  });

  it('Revenue: no orders; orders worth $0.00 are still sales to show', () => {
    expect(noData('revenue', revenue(0, 0))).toBe(NO_DATA_TEXT.revenues);
    expect(noData('revenue', revenue(2, 0))).toBeNull();
    expect(noData('revenue', revenue(1, 1250))).toBeNull();
  });

  it('Roster: no one rostered or clocked in the window, however many the staff table lists', () => {
    const roster = (staffCount: number) => figures<Parameters<typeof noData<'roster'>>[1]>({ staff_count: staffCount, staff: [] });
    expect(noData('roster', roster(0))).toBe(NO_DATA_TEXT.roster);
    expect(noData('roster', roster(1))).toBeNull();
  });

  it('Procurement: no purchase (no supplier delivered) in the window; the previous window’s do not count', () => {
    const procurement = (window: number, previous: number) =>
      figures<Parameters<typeof noData<'procurement'>>[1]>({
        totals: { spend_cents: 0, quantity: 0 },
        supplierCounts: { window, previous },
      });
    expect(noData('procurement', procurement(0, 4))).toBe(NO_DATA_TEXT.procurement);
    expect(noData('procurement', procurement(1, 0))).toBeNull();
  });
});
