import { describe, expect, it } from 'vitest';
import { ANALYTICS_KINDS, DEFAULT_RANGE, RANGES } from '@contract/analytics.contract';
import { CARD_KINDS, DEFAULT_FILTERS, dashboardHref, filtersFromSearch, isEmptyAnswer } from '../../src/machines/dashboard.machine';
import { barOption, bucketLabel, lineOption, shortName } from '@contract/presentation/chart-options';
import { formatCurrency, formatWholeCurrency } from '@contract/presentation/format';
import { dashboardHeading, windowText } from '../../src/views/dashboard/dashboard.view';
import { BRANCHES, NO_TRADE, TRADE, WINDOW } from '../model/models/dashboard.fixtures';

describe('dashboard filters in the URL', () => {
  it.each([
    ['', { range: '7days', restaurantId: null }],
    ['?range=14days', { range: '14days', restaurantId: null }],
    ['?range=1month&restaurant=7', { range: '1month', restaurantId: 7 }],
    ['range=3months&restaurant=9', { range: '3months', restaurantId: 9 }],
    ['?range=fortnight', { range: '7days', restaurantId: null }],
    ['?range=daily', { range: '7days', restaurantId: null }],
    ['?range=1month&restaurant=999', { range: '1month', restaurantId: null }],
    ['?restaurant=7.5', { range: '7days', restaurantId: null }],
    ['?restaurant=', { range: '7days', restaurantId: null }],
  ])('%j applies %j (unknown values fall back to the defaults)', (search, filters) => {
    expect(filtersFromSearch(search, BRANCHES)).toEqual(filters);
  });

  it('writes the defaults as the bare path, anything else as range and branch, and reads back what it wrote', () => {
    expect(dashboardHref({ range: '7days', restaurantId: null })).toBe('/dashboard');
    expect(dashboardHref({ range: '3months', restaurantId: null })).toBe('/dashboard?range=3months');
    expect(dashboardHref({ range: '7days', restaurantId: 9 })).toBe('/dashboard?range=7days&restaurant=9');
    for (const range of ['7days', '14days', '1month', '3months'] as const) {
      for (const restaurantId of [null, 7]) {
        const href = dashboardHref({ range, restaurantId });
        expect(filtersFromSearch(href.slice('/dashboard'.length), BRANCHES)).toEqual({ range, restaurantId });
      }
    }
  });
});

describe('dashboard wording', () => {
  it('heads the applied window: Data Analytics of Past 7 Days', () => {
    expect(dashboardHeading('7days')).toBe('Data Analytics of Past 7 Days');
    expect(dashboardHeading('14days')).toBe('Data Analytics of Past 14 Days');
    expect(dashboardHeading('1month')).toBe('Data Analytics of Past 1 Month');
    expect(dashboardHeading('3months')).toBe('Data Analytics of Past 3 Months');
  });

  it('says which days and which time zone the figures cover', () => {
    expect(windowText(WINDOW)).toBe('16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time), compared with the 7 days before');
  });

  it('labels buckets by day, by week start and by month', () => {
    const bucket = { label: 'w', start_date: '2026-11-02', end_date: '2026-11-08' };
    expect(bucketLabel(bucket, 'daily')).toBe('2 Nov');
    expect(bucketLabel(bucket, 'weekly')).toBe('2 Nov');
    expect(bucketLabel(bucket, 'monthly')).toBe('Nov 2026');
  });
});

describe('chart options', () => {
  const money = { format: formatCurrency, axisFormat: formatWholeCurrency };
  type Axis = { type: string; name?: string; data?: string[]; inverse?: boolean; axisLabel: { formatter: (v: number) => string } };
  type Tooltip = { valueFormatter: (v: number) => string };

  it('line charts: categories across, values formatted on the axis (whole dollars) and in the tooltip (cents)', () => {
    const option = lineOption(['16 Nov', '17 Nov'], [{ name: 'Dine-In', values: [1200.5, 980] }], money);
    expect((option.xAxis as Axis).data).toEqual(['16 Nov', '17 Nov']);
    expect((option.yAxis as Axis).axisLabel.formatter(21000)).toBe('$21,000');
    expect((option.tooltip as Tooltip).valueFormatter(1200.5)).toBe('$1,200.50');
    expect(option.series).toEqual([expect.objectContaining({ type: 'line', name: 'Dine-In', data: [1200.5, 980] })]);
  });

  it('bar charts: horizontal, first category on top, the value axis named', () => {
    const option = barOption(
      ['Noah W.', 'Zoe H.'],
      [
        { name: 'Assigned', values: [40, 38] },
        { name: 'Actual', values: [42.5, 30] },
      ],
      { format: (v) => `${v} h`, axisName: 'Hours' },
    );
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['Noah W.', 'Zoe H.'], inverse: true });
    expect(option.xAxis).toMatchObject({ type: 'value', name: 'Hours' });
    expect((option.xAxis as Axis).axisLabel.formatter(40)).toBe('40 h');
    expect(option.legend).toBeDefined();
    expect((option.series as unknown[]).map((s) => (s as { name: string }).name)).toEqual(['Assigned', 'Actual']);
    expect(barOption(['Meat'], [{ name: 'Spend', values: [1] }], money).legend).toBeUndefined();
  });

  it('short names: first name and last initial', () => {
    expect(shortName('Noah Williams')).toBe('Noah W.');
    expect(shortName('  Mary Anne  Smith ')).toBe('Mary S.');
    expect(shortName('Cher')).toBe('Cher');
  });
});

describe('a card without trade shows its empty text', () => {
  it.each(ANALYTICS_KINDS)('%s', (kind) => {
    expect(isEmptyAnswer(kind, TRADE[kind])).toBe(false);
    expect(isEmptyAnswer(kind, NO_TRADE[kind])).toBe(true);
  });

  it('orders or guests today alone are not empty', () => {
    expect(isEmptyAnswer('orders', { ...NO_TRADE.orders, today: TRADE.orders.today })).toBe(false);
    expect(isEmptyAnswer('headcounts', { ...NO_TRADE.headcounts, today: TRADE.headcounts.today })).toBe(false);
  });
});

describe('the dashboard restates the contract without loading it', () => {
  it('has one card per analytics call, in the contract order, and defaults to its default range', () => {
    expect(CARD_KINDS).toEqual([...ANALYTICS_KINDS]);
    expect(DEFAULT_FILTERS).toEqual({ range: DEFAULT_RANGE, restaurantId: null });
    for (const range of RANGES) expect(filtersFromSearch(`?range=${range}`, []).range).toBe(range);
  });
});
