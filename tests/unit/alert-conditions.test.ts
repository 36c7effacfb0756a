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
  target_revenue_cents: null,
  discount_cents: 0,
  gross_sales_cents: 0,
  food_cost_cents: 0,
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

  it('stay exact where the products pass 2^53, as for a day of $90 trillion', () => {
    const [revenue, cost] = [9_007_199_254_740_334, 27_021_597_764_221];
    // In doubles the cost is exactly 0.3% of the revenue; it is a little under.
    expect(cost * 1000).toBe(3 * revenue);
    expect(BigInt(cost) * 1000n < 3n * BigInt(revenue)).toBe(true);
    expect(fires('labour_cost', 0.3, { revenue_cents: revenue, labour_cost_cents: cost })).toBe(false);
    expect(fires('labour_cost', 0.3, { revenue_cents: revenue, labour_cost_cents: cost + 1 })).toBe(true);
    expect(fires('below_target', 0.3, { revenue_cents: cost, target_revenue_cents: revenue })).toBe(true);
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

  it('decide revenue against its target at or below the threshold; no target (or $0) never fires', () => {
    expect(fires('below_target', 80, { revenue_cents: 80_00, target_revenue_cents: 100_00 })).toBe(true);
    expect(fires('below_target', 80, { revenue_cents: 80_01, target_revenue_cents: 100_00 })).toBe(false);
    expect(fires('below_target', 79.9, { revenue_cents: 80_00, target_revenue_cents: 100_00 })).toBe(false);
    expect(fires('below_target', 1, { revenue_cents: 0, target_revenue_cents: 1 })).toBe(true);
    expect(fires('below_target', 1000, { revenue_cents: 0, target_revenue_cents: null })).toBe(false);
    expect(fires('below_target', 1000, { revenue_cents: 0, target_revenue_cents: 0 })).toBe(false);
    const firing = evaluate('below_target', 900, { ...NONE, revenue_cents: 2_000_00, target_revenue_cents: 3_000_00 })!;
    expect(firing.value).toBe(66.7);
    expect(firing.baseline).toBe(3000);
    expect(firing.summary).toBe('Revenue was $2,000.00, 66.7% of its target of $3,000.00 (rule: at or below 90.0%)');
  });

  it('decide food cost against revenue at or above the threshold, in integers', () => {
    expect(fires('food_cost', 30, { food_cost_cents: 30_00, revenue_cents: 100_00 })).toBe(true);
    expect(fires('food_cost', 30, { food_cost_cents: 29_99, revenue_cents: 100_00 })).toBe(false);
    expect(fires('food_cost', 30.1, { food_cost_cents: 30_00, revenue_cents: 100_00 })).toBe(false);
    expect(fires('food_cost', 30, { food_cost_cents: 0, revenue_cents: 0 })).toBe(false);
    const firing = evaluate('food_cost', 300, { ...NONE, food_cost_cents: 850_00, revenue_cents: 2_500_00 })!;
    expect(firing).toEqual({
      value: 34,
      baseline: 2500,
      summary: 'Food cost was 34.0% of revenue ($850.00 of $2,500.00; rule: at or above 30.0%)',
    });
    expect(headline('food_cost', 30, 34)).toBe('food cost 34.0% of revenue');
  });

  it('decide discounts against gross sales at or above the threshold; a day without gross sales never fires', () => {
    expect(fires('discounts', 10, { discount_cents: 10_00, gross_sales_cents: 100_00 })).toBe(true);
    expect(fires('discounts', 10, { discount_cents: 9_99, gross_sales_cents: 100_00 })).toBe(false);
    expect(fires('discounts', 10.1, { discount_cents: 10_00, gross_sales_cents: 100_00 })).toBe(false);
    expect(fires('discounts', 1, { discount_cents: 0, gross_sales_cents: 0 })).toBe(false);
    const firing = evaluate('discounts', 150, { ...NONE, discount_cents: 412_50, gross_sales_cents: 2_500_00 })!;
    expect(firing.value).toBe(16.5);
    expect(firing.baseline).toBe(2500);
    expect(firing.summary).toBe('Discounts were 16.5% of gross sales ($412.50 of $2,500.00; rule: at or above 15.0%)');
  });

  it('word the subject’s headline and day', () => {
    expect(headline('labour_cost', 35, 41.23)).toBe('labour cost 41.2% of revenue');
    expect(headline('procurement', 35, null)).toBe('procurement with no revenue');
    expect(headline('revenue_drop', 20, 25)).toBe('revenue down 25.0% on the last 4 weeks');
    expect(headline('attendance', 80, 75)).toBe('attendance 75.0%');
    expect(headline('no_trade', 9, 0)).toBe('no trade by 09:00');
    expect(headline('below_target', 90, 66.7)).toBe('revenue 66.7% of target');
    expect(headline('discounts', 10, 12.5)).toBe('discounts 12.5% of gross sales');
    expect(formatWeekday('2026-11-23')).toBe('Mon 23 Nov');
  });
});

describe('the latest due day of a rule for a branch, on the branch’s clock', () => {
  // A Sydney franchise's branches: in November Sydney is on +11 (daylight saving), Perth on +8 all year.
  const SYDNEY = { time_zone: 'Australia/Sydney', day_starts_at: 0 };
  const PERTH = { time_zone: 'Australia/Perth', day_starts_at: 0 };
  const created = new Date('2026-11-22T00:00:00Z'); // 11:00 on Sunday 22 November in Sydney, 08:00 in Perth
  const at = (iso: string) => new Date(iso);

  it('is the day before the current trading day for a close, from the rule’s creation day', () => {
    const rule = { kind: 'labour_cost' as const, threshold_tenths: 350, created_at: created };
    expect(latestDueDay(rule, SYDNEY, at('2026-11-22T12:59:59Z'))).toBeNull();
    expect(latestDueDay(rule, SYDNEY, at('2026-11-22T13:00:00Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, SYDNEY, at('2026-11-30T05:00:00Z'))).toBe('2026-11-29');
    // Perth's midnight is its own, three hours after Sydney's.
    expect(latestDueDay(rule, PERTH, at('2026-11-22T15:59:00Z'))).toBeNull();
    expect(latestDueDay(rule, PERTH, at('2026-11-22T16:00:00Z'))).toBe('2026-11-22');
  });

  it('closes a day when the next one starts: after 03:00 local for a day starting at 03:00, not at midnight', () => {
    const rule = { kind: 'labour_cost' as const, threshold_tenths: 350, created_at: created };
    const late = { time_zone: 'Australia/Sydney', day_starts_at: 180 };
    expect(latestDueDay(rule, late, at('2026-11-23T13:00:00Z'))).toBe('2026-11-22'); // Tuesday 00:00 in Sydney
    expect(latestDueDay(rule, late, at('2026-11-23T15:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, late, at('2026-11-23T16:00:00Z'))).toBe('2026-11-23'); // Tuesday 03:00: Monday closes
    // A Perth branch starting at 02:00: Monday closes at Tuesday 02:00 in Perth.
    const perthLate = { time_zone: 'Australia/Perth', day_starts_at: 120 };
    expect(latestDueDay(rule, perthLate, at('2026-11-23T17:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, perthLate, at('2026-11-23T18:00:00Z'))).toBe('2026-11-23');
    // A rule created before the day start of its creation date watches from the trading day before it.
    const early = { ...rule, created_at: at('2026-11-22T15:00:00Z') }; // Monday 02:00 in Sydney: still Sunday's trading day
    expect(latestDueDay(early, late, at('2026-11-22T16:00:00Z'))).toBe('2026-11-22');
  });

  it('is due for "no trade by H" at H:00 on each branch’s clock: Sydney’s 10:00 is Perth’s 07:00', () => {
    const rule = { kind: 'no_trade' as const, threshold_tenths: 100, created_at: created };
    // 10:00 on Monday 23 November in Sydney: due for the Sydney branch, not yet for Perth.
    expect(latestDueDay(rule, SYDNEY, at('2026-11-22T22:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, SYDNEY, at('2026-11-22T23:00:00Z'))).toBe('2026-11-23');
    expect(latestDueDay(rule, PERTH, at('2026-11-22T23:00:00Z'))).toBe('2026-11-22');
    // 10:00 in Perth.
    expect(latestDueDay(rule, PERTH, at('2026-11-23T01:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(rule, PERTH, at('2026-11-23T02:00:00Z'))).toBe('2026-11-23');
  });

  it('is due for "no trade by H" the day the rule is created when created after H, else from H', () => {
    const rule = { kind: 'no_trade' as const, threshold_tenths: 100, created_at: created };
    expect(latestDueDay(rule, SYDNEY, created)).toBe('2026-11-22');
    expect(latestDueDay(rule, PERTH, created)).toBeNull(); // 08:00 in Perth
    const late = { ...rule, threshold_tenths: 230 };
    expect(latestDueDay(late, SYDNEY, created)).toBeNull();
    expect(latestDueDay(late, SYDNEY, at('2026-11-22T12:00:00Z'))).toBe('2026-11-22');
  });

  it('reads "no trade by H" within the trading day: an hour at or before the day start is on the next date', () => {
    const late = { time_zone: 'Australia/Sydney', day_starts_at: 180 };
    const by = (hour: number) => ({ kind: 'no_trade' as const, threshold_tenths: hour * 10, created_at: created });
    // By 04:00: Monday's trading day at 04:00 on Monday.
    expect(latestDueDay(by(4), late, at('2026-11-22T16:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(by(4), late, at('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
    // By 02:00: Monday's trading day at 02:00 on Tuesday, before it closes at 03:00.
    expect(latestDueDay(by(2), late, at('2026-11-23T14:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(by(2), late, at('2026-11-23T15:00:00Z'))).toBe('2026-11-23');
    // By 03:00: at the day's close.
    expect(latestDueDay(by(3), late, at('2026-11-23T15:59:59Z'))).toBe('2026-11-22');
    expect(latestDueDay(by(3), late, at('2026-11-23T16:00:00Z'))).toBe('2026-11-23');
  });

  describe('across Sydney’s daylight-saving changes', () => {
    const old = new Date('2026-01-01T00:00:00Z');
    const close = { kind: 'labour_cost' as const, threshold_tenths: 350, created_at: old };
    const byTwo = { kind: 'no_trade' as const, threshold_tenths: 20, created_at: old };
    const twoThirty = { time_zone: 'Australia/Sydney', day_starts_at: 150 };

    it('springing forward (4 October, 02:00 +10 to 03:00 +11): the 23-hour day closes at midnight +11', () => {
      expect(latestDueDay(close, SYDNEY, at('2026-10-03T13:59:59Z'))).toBe('2026-10-02');
      expect(latestDueDay(close, SYDNEY, at('2026-10-03T14:00:00Z'))).toBe('2026-10-03'); // midnight +10
      expect(latestDueDay(close, SYDNEY, at('2026-10-04T12:59:59Z'))).toBe('2026-10-03');
      expect(latestDueDay(close, SYDNEY, at('2026-10-04T13:00:00Z'))).toBe('2026-10-04'); // midnight +11
      // A day starting at the skipped 02:30 starts when the clock jumps.
      expect(latestDueDay(close, twoThirty, at('2026-10-03T15:59:59Z'))).toBe('2026-10-02');
      expect(latestDueDay(close, twoThirty, at('2026-10-03T16:00:00Z'))).toBe('2026-10-03');
      // "By 02:00", an hour the clock skips, is due at the jump.
      expect(latestDueDay(byTwo, SYDNEY, at('2026-10-03T15:59:59Z'))).toBe('2026-10-03');
      expect(latestDueDay(byTwo, SYDNEY, at('2026-10-03T16:00:00Z'))).toBe('2026-10-04');
    });

    it('falling back (5 April, 03:00 +11 to 02:00 +10): the 25-hour day closes at midnight +10', () => {
      expect(latestDueDay(close, SYDNEY, at('2026-04-04T12:59:59Z'))).toBe('2026-04-03');
      expect(latestDueDay(close, SYDNEY, at('2026-04-04T13:00:00Z'))).toBe('2026-04-04'); // midnight +11
      expect(latestDueDay(close, SYDNEY, at('2026-04-05T13:59:59Z'))).toBe('2026-04-04');
      expect(latestDueDay(close, SYDNEY, at('2026-04-05T14:00:00Z'))).toBe('2026-04-05'); // midnight +10
      // A day starting at 02:30, shown twice: the first showing closes the day before; the clock going
      // back shows that trading day again for half an hour (the evaluation never goes back to a day).
      expect(latestDueDay(close, twoThirty, at('2026-04-04T15:29:59Z'))).toBe('2026-04-03');
      expect(latestDueDay(close, twoThirty, at('2026-04-04T15:30:00Z'))).toBe('2026-04-04');
      expect(latestDueDay(close, twoThirty, at('2026-04-04T16:00:00Z'))).toBe('2026-04-03');
      // "By 02:00", shown twice, is due at its first showing.
      expect(latestDueDay(byTwo, SYDNEY, at('2026-04-04T14:59:59Z'))).toBe('2026-04-04');
      expect(latestDueDay(byTwo, SYDNEY, at('2026-04-04T15:00:00Z'))).toBe('2026-04-05');
    });
  });
});

describe('the range an alert links to', () => {
  it('is the shortest whose window ending yesterday holds the day; none for today or a day before 3 months', () => {
    const now = new Date('2026-03-31T02:00:00Z'); // 13:00 on 31 March in Sydney
    const zone = 'Australia/Sydney';
    expect(rangeFor('2026-03-31', zone, now)).toBeNull();
    expect(rangeFor('2026-03-30', zone, now)).toBe('7days');
    expect(rangeFor('2026-03-24', zone, now)).toBe('7days');
    expect(rangeFor('2026-03-23', zone, now)).toBe('14days');
    expect(rangeFor('2026-03-17', zone, now)).toBe('14days');
    expect(rangeFor('2026-03-01', zone, now)).toBe('1month');
    // A month back from the 31st is the 28th of February.
    expect(rangeFor('2026-02-28', zone, now)).toBe('1month');
    expect(rangeFor('2026-02-27', zone, now)).toBe('3months');
    expect(rangeFor('2025-12-31', zone, now)).toBe('3months');
    expect(rangeFor('2025-12-30', zone, now)).toBeNull();
  });
});
