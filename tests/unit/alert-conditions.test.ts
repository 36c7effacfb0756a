import { formatWeekday } from '@contract/presentation/format';
import { evaluate, headline, latestDueDay, rangeFor, tenthsOf, type DayFigures } from '../../server/alerts/conditions';

const NONE: DayFigures = {
  revenue_cents: 0,
  orders: 0,
  labour_cost_cents: 0,
  shifts: 0,
  shifts_attended: 0,
  procurement_cents: 0,
  baseline_revenue_cents: 0,
};
const day = (figures: Partial<DayFigures>): DayFigures => ({ ...NONE, ...figures });
const fires = (kind: Parameters<typeof evaluate>[0], threshold: number, figures: Partial<DayFigures>) =>
  evaluate(kind, tenthsOf(threshold), day(figures)) !== null;

describe('alert conditions', () => {
  it('decide shares of revenue in integers, at or above the threshold, at any size', () => {
    // 7% of $1,000,000,000.01 is not representable exactly as a float product; the comparison is.
    const revenue = 100_000_000_001;
    const exact = (revenue * 7) / 100;
    expect(fires('labour_cost', 7, { revenue_cents: 100_000_000_000, labour_cost_cents: 7_000_000_000 })).toBe(true);
    expect(fires('labour_cost', 7, { revenue_cents: 100_000_000_000, labour_cost_cents: 6_999_999_999 })).toBe(false);
    expect(fires('labour_cost', 7, { revenue_cents: revenue, labour_cost_cents: Math.ceil(exact) })).toBe(true);
    expect(fires('labour_cost', 7, { revenue_cents: revenue, labour_cost_cents: Math.floor(exact) })).toBe(false);
    expect(fires('procurement', 33.3, { revenue_cents: 1000, procurement_cents: 333 })).toBe(true);
    expect(fires('procurement', 33.3, { revenue_cents: 1000, procurement_cents: 332 })).toBe(false);
    expect(fires('procurement', 33.4, { revenue_cents: 1000, procurement_cents: 333 })).toBe(false);
  });

  it('on a day without revenue fire for any cost, with no percentage', () => {
    expect(evaluate('procurement', 100, day({ procurement_cents: 1 }))).toEqual({
      value: null,
      baseline: 0,
      summary: 'Procurement was $0.01 with no revenue (rule: at or above 10.0%)',
    });
    expect(fires('labour_cost', 1000, { labour_cost_cents: 1 })).toBe(true);
    expect(fires('labour_cost', 1, {})).toBe(false);
  });

  it('measure a revenue drop against the average of the 4 weeks, and never against 0', () => {
    // Average $100.00: down 10% is $90.00.
    expect(fires('revenue_drop', 10, { baseline_revenue_cents: 40_000, revenue_cents: 9_000 })).toBe(true);
    expect(fires('revenue_drop', 10, { baseline_revenue_cents: 40_000, revenue_cents: 9_001 })).toBe(false);
    // Average $333.33: down 10% is $299.997, so $299.99 is down more and $300.00 less.
    expect(fires('revenue_drop', 10, { baseline_revenue_cents: 133_332, revenue_cents: 29_999 })).toBe(true);
    expect(fires('revenue_drop', 10, { baseline_revenue_cents: 133_332, revenue_cents: 30_000 })).toBe(false);
    expect(fires('revenue_drop', 1, { baseline_revenue_cents: 0, revenue_cents: 0 })).toBe(false);
    expect(fires('revenue_drop', 100, { baseline_revenue_cents: 4, revenue_cents: 0 })).toBe(true);
    // Revenue up is no drop.
    expect(fires('revenue_drop', 1, { baseline_revenue_cents: 40_000, revenue_cents: 20_000 })).toBe(false);
  });

  it('decide attendance at or below the threshold, and not without rostered shifts', () => {
    expect(fires('attendance', 66.6, { shifts: 3, shifts_attended: 2 })).toBe(false);
    expect(fires('attendance', 66.7, { shifts: 3, shifts_attended: 2 })).toBe(true);
    expect(fires('attendance', 100, { shifts: 0, shifts_attended: 0 })).toBe(false);
    expect(fires('attendance', 1, { shifts: 5, shifts_attended: 0 })).toBe(true);
  });

  it('count any order recorded as trade', () => {
    expect(fires('no_trade', 11, { orders: 0 })).toBe(true);
    expect(fires('no_trade', 11, { orders: 1 })).toBe(false);
    expect(evaluate('no_trade', 90, NONE)!.summary).toBe('No order was recorded by 09:00 (rule: no trade by 09:00)');
  });

  it('word the subject’s headline and day', () => {
    expect(headline('labour_cost', 35, 41.23)).toBe('labour cost 41.2% of revenue');
    expect(headline('procurement', 35, null)).toBe('procurement with no revenue');
    expect(headline('revenue_drop', 20, 25)).toBe('revenue down 25.0% on the last 4 weeks');
    expect(headline('attendance', 80, 75)).toBe('attendance 75.0%');
    expect(headline('no_trade', 9, 0)).toBe('no trade by 09:00');
    expect(formatWeekday('2026-11-23')).toBe('Mon 23 Nov');
  });
});

describe('the latest due day of a rule', () => {
  const SYDNEY = 'Australia/Sydney';
  const created = new Date('2026-11-22T00:00:00Z'); // 11:00 on Sunday 22 November in Sydney
  it('is yesterday for a close once the franchise’s day has turned, from the rule’s creation day', () => {
    const rule = { kind: 'labour_cost' as const, threshold_tenths: 350, created_at: created };
    expect(latestDueDay(rule, SYDNEY, new Date('2026-11-22T12:59:59Z'))).toBeNull();
    expect(latestDueDay(rule, SYDNEY, new Date('2026-11-22T13:00:00Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, SYDNEY, new Date('2026-11-30T05:00:00Z'))).toBe('2026-11-29');
    // Another zone's midnight is its own.
    expect(latestDueDay(rule, 'Australia/Perth', new Date('2026-11-22T15:59:00Z'))).toBeNull();
    expect(latestDueDay(rule, 'Australia/Perth', new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-22');
  });

  it('is today from H:00 for "no trade by H", else yesterday; the creation day when created after H', () => {
    const rule = { kind: 'no_trade' as const, threshold_tenths: 100, created_at: created };
    expect(latestDueDay(rule, SYDNEY, created)).toBe('2026-11-22');
    expect(latestDueDay(rule, SYDNEY, new Date('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, SYDNEY, new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    const early = { ...rule, threshold_tenths: 230 };
    expect(latestDueDay(early, SYDNEY, created)).toBeNull();
    expect(latestDueDay(early, SYDNEY, new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });
});

describe('the range an alert links to', () => {
  it('is the shortest whose window ending yesterday holds the day', () => {
    const now = new Date('2026-03-31T02:00:00Z'); // 13:00 on 31 March in Sydney
    const zone = 'Australia/Sydney';
    expect(rangeFor('2026-03-31', zone, now)).toBe('7days');
    expect(rangeFor('2026-03-24', zone, now)).toBe('7days');
    expect(rangeFor('2026-03-23', zone, now)).toBe('14days');
    expect(rangeFor('2026-03-17', zone, now)).toBe('14days');
    expect(rangeFor('2026-03-01', zone, now)).toBe('1month');
    // A month back from the 31st is the 28th of February.
    expect(rangeFor('2026-02-28', zone, now)).toBe('1month');
    expect(rangeFor('2026-02-27', zone, now)).toBe('3months');
    expect(rangeFor('2025-01-01', zone, now)).toBe('3months');
  });
});
