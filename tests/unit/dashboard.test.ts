import { describe, expect, it } from 'vitest';
import { ANALYTICS_KINDS, DEFAULT_RANGE, RANGES } from '@contract/analytics.contract';
import { COMPARISONS } from '@contract/analytics-window';
import {
  CARD_KINDS,
  DEFAULT_FILTERS,
  dashboardHref,
  filtersFromSearch,
  isEmptyAnswer,
  type DashboardFilters,
} from '../../src/machines/dashboard.machine';
import { datesProblem, filtersQuery } from '../../src/machines/support/analytics-filters';
import { barOption, bucketLabel, comparisonDays, lineOption, shortName } from '@contract/presentation/chart-options';
import { formatCurrency, formatWholeCurrency } from '@contract/presentation/format';
import { dashboardHeading, windowText } from '../../src/views/dashboard/dashboard.view';
import { BRANCHES, NO_TRADE, TRADE, WINDOW } from '../model/models/dashboard.fixtures';

const filters = (change: Partial<DashboardFilters> = {}): DashboardFilters => ({ ...DEFAULT_FILTERS, ...change });

describe('dashboard filters in the URL', () => {
  it.each([
    ['', filters()],
    ['?range=14days', filters({ range: '14days' })],
    ['?range=1month&restaurant=7', filters({ range: '1month', restaurantId: 7 })],
    ['range=3months&restaurant=9', filters({ range: '3months', restaurantId: 9 })],
    ['?range=fortnight', filters()],
    ['?range=daily', filters()],
    ['?range=1month&restaurant=999', filters({ range: '1month' })],
    ['?restaurant=7.5', filters()],
    ['?restaurant=', filters()],
    ['?compare=last_year', filters({ compare: 'last_year' })],
    ['?compare=lastyear', filters()],
    ['?like_for_like=true', filters({ likeForLike: true })],
    ['?like_for_like=1', filters()],
    // Like for like is of the whole franchise: a branch's address drops it.
    ['?restaurant=7&like_for_like=true', filters({ restaurantId: 7 })],
    ['?from=2026-10-01&to=2026-10-31', filters({ dates: { start: '2026-10-01', end: '2026-10-31' } })],
    ['?from=2026-10-31&to=2026-10-01', filters()],
    ['?from=2025-01-01&to=2026-10-31', filters()],
    ['?from=2026-02-30&to=2026-03-31', filters()],
    ['?from=2026-10-01', filters()],
  ])('%j applies %j (unknown values fall back to the defaults)', (search, expected) => {
    expect(filtersFromSearch(search, BRANCHES)).toEqual(expected);
  });

  it('writes the defaults as the bare path, anything else as its parameters, and reads back what it wrote', () => {
    expect(dashboardHref(filters())).toBe('/dashboard');
    expect(dashboardHref(filters({ range: '3months' }))).toBe('/dashboard?range=3months');
    expect(dashboardHref(filters({ restaurantId: 9 }))).toBe('/dashboard?range=7days&restaurant=9');
    expect(dashboardHref(filters({ compare: 'last_year', likeForLike: true }))).toBe('/dashboard?compare=last_year&like_for_like=true');
    expect(dashboardHref(filters({ range: '1month', dates: { start: '2026-10-01', end: '2026-10-31' } }))).toBe(
      '/dashboard?from=2026-10-01&to=2026-10-31',
    );
    const dates = [null, { start: '2026-10-01', end: '2026-10-31' }];
    for (const range of ['7days', '14days', '1month', '3months'] as const) {
      for (const restaurantId of [null, 7]) {
        for (const compare of ['previous', 'last_year'] as const) {
          for (const custom of dates) {
            const shown = filters({
              range: custom ? '7days' : range,
              dates: custom,
              restaurantId,
              compare,
              likeForLike: restaurantId === null,
            });
            expect(filtersFromSearch(dashboardHref(shown).slice('/dashboard'.length), BRANCHES)).toEqual(shown);
          }
        }
      }
    }
  });

  it('asks the API for the window, its grouping by length, and the comparison, leaving the defaults out', () => {
    expect(filtersQuery(filters())).toEqual({ period: '7days' });
    expect(filtersQuery(filters({ compare: 'last_year', likeForLike: true }))).toEqual({
      period: '7days',
      compare: 'last_year',
      like_for_like: true,
    });
    const custom = (start: string, end: string) => filtersQuery(filters({ dates: { start, end } }));
    expect(custom('2026-10-01', '2026-10-14')).toEqual({ period: 'daily', start_date: '2026-10-01', end_date: '2026-10-14' });
    expect(custom('2026-10-01', '2026-10-15').period).toBe('weekly');
    expect(custom('2026-10-01', '2026-11-30').period).toBe('weekly');
    expect(custom('2026-10-01', '2026-12-01').period).toBe('monthly');
  });

  it('says why custom dates cannot be asked for', () => {
    expect(datesProblem({ start: '', end: '2026-10-01' })).toBe('Pick the first and the last day');
    expect(datesProblem({ start: '2026-10-02', end: '2026-10-01' })).toBe('The last day is before the first');
    expect(datesProblem({ start: '2025-09-24', end: '2026-10-29' })).toBe('A window spans at most 400 days');
    expect(datesProblem({ start: '2025-09-25', end: '2026-10-29' })).toBeNull();
  });
});

describe('dashboard wording', () => {
  it('heads the applied window: Data Analytics of Past 7 Days, or of the custom dates', () => {
    expect(dashboardHeading(filters())).toBe('Data Analytics of Past 7 Days');
    expect(dashboardHeading(filters({ range: '14days' }))).toBe('Data Analytics of Past 14 Days');
    expect(dashboardHeading(filters({ range: '1month' }))).toBe('Data Analytics of Past 1 Month');
    expect(dashboardHeading(filters({ range: '3months' }))).toBe('Data Analytics of Past 3 Months');
    expect(dashboardHeading(filters({ dates: { start: '2026-10-01', end: '2026-10-31' } }))).toBe(
      'Data Analytics of 1 Oct 2026 – 31 Oct 2026',
    );
  });

  it('says which days and which time zone the figures cover, and which days they are compared with', () => {
    expect(windowText(WINDOW)).toBe(
      '16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time), compared with 9 Nov 2026 – 15 Nov 2026, the previous 7 days',
    );
    const lastYear = { ...WINDOW, compare: 'last_year' as const, previous: { start_date: '2025-11-17', end_date: '2025-11-23' } };
    expect(windowText({ ...lastYear, comparable_restaurant_ids: [7, 9] })).toBe(
      '16 Nov 2026 – 22 Nov 2026 (Australia/Sydney time), compared with 17 Nov 2025 – 23 Nov 2025, the same 7 days last year, like for like (2 branches)',
    );
  });

  const bucket = (start_date: string, end_date: string) => ({ label: 'server label', start_date, end_date });

  it('labels whole buckets by day, by week start and by month', () => {
    expect(bucketLabel(bucket('2026-11-02', '2026-11-02'), 'daily')).toBe('2 Nov');
    expect(bucketLabel(bucket('2026-11-02', '2026-11-08'), 'weekly')).toBe('2 Nov');
    expect(bucketLabel(bucket('2026-11-01', '2026-11-30'), 'monthly')).toBe('Nov 2026');
    expect(bucketLabel(bucket('2028-02-01', '2028-02-29'), 'monthly')).toBe('Feb 2028');
  });

  it('labels a week or month clipped to the window by its days (docs/product.md#periods)', () => {
    // Fri–Sun, Mon–Wed across a month's end, a lone Monday.
    expect(bucketLabel(bucket('2026-11-27', '2026-11-29'), 'weekly')).toBe('27–29 Nov');
    expect(bucketLabel(bucket('2026-11-30', '2026-12-02'), 'weekly')).toBe('30 Nov–2 Dec');
    expect(bucketLabel(bucket('2026-11-23', '2026-11-23'), 'weekly')).toBe('23 Nov');
    // The 3-month window's 3 days of August, its November to the 22nd, a lone 1st.
    expect(bucketLabel(bucket('2026-08-29', '2026-08-31'), 'monthly')).toBe('29–31 Aug');
    expect(bucketLabel(bucket('2026-11-01', '2026-11-22'), 'monthly')).toBe('1–22 Nov');
    expect(bucketLabel(bucket('2026-12-01', '2026-12-01'), 'monthly')).toBe('1 Dec');
  });
});

describe('chart options', () => {
  const money = { format: formatCurrency, axisFormat: formatWholeCurrency };
  type Axis = { type: string; name?: string; data?: string[]; inverse?: boolean; axisLabel: { formatter: (v: number) => string } };

  it('line charts: categories across, values formatted on the axis (whole dollars) and in the tooltip (cents)', () => {
    const option = lineOption(['16 Nov', '17 Nov'], [{ name: 'Dine-In', values: [1200.5, 980] }], money);
    expect((option.xAxis as Axis).data).toEqual(['16 Nov', '17 Nov']);
    expect((option.yAxis as Axis).axisLabel.formatter(21000)).toBe('$21,000');
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter([
      { axisValueLabel: '16 Nov', marker: '', seriesIndex: 0, value: 1200.5 },
    ]);
    expect(tooltip).toBe('16 Nov<br/>Dine-In: <b>$1,200.50</b>');
    expect(option.series).toEqual([expect.objectContaining({ type: 'line', name: 'Dine-In', data: [1200.5, 980] })]);
  });

  it("comparison lines are grey and dashed, share one legend entry naming the comparison window's days, and the tooltip names each", () => {
    const days = comparisonDays({ start_date: '2025-11-17', end_date: '2025-11-23' });
    const option = lineOption(
      ['16 Nov', '17 Nov'],
      [
        { name: 'Dine-In', values: [1200.5, 980] },
        { name: 'Takeaway', values: [300, 200] },
        { name: 'Dine-In', values: [1000, 900], compared: days },
        { name: 'Takeaway', values: [250, 0], compared: days },
      ],
      money,
    );
    const series = option.series as { name: string; data: number[]; lineStyle?: { type: string } }[];
    expect(series.map((s) => [s.name, s.lineStyle?.type])).toEqual([
      ['Dine-In', undefined],
      ['Takeaway', undefined],
      ['17 Nov – 23 Nov 2025', 'dashed'],
      ['17 Nov – 23 Nov 2025', 'dashed'],
    ]);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter(
      series.map((_, i) => ({ axisValueLabel: '16 Nov', marker: '', seriesIndex: i, value: [1200.5, 300, 1000, 250][i] })),
    );
    expect(tooltip).toBe(
      '16 Nov<br/>Dine-In: <b>$1,200.50</b><br/>Takeaway: <b>$300.00</b><br/>Dine-In (17 Nov – 23 Nov 2025): <b>$1,000.00</b><br/>Takeaway (17 Nov – 23 Nov 2025): <b>$250.00</b>',
    );
  });

  it('a partial bucket keeps its true totals but its segments are dotted, never a solid fall or climb, and its tooltip says "(partial)"', () => {
    const days = comparisonDays({ start_date: '2026-05-26', end_date: '2026-08-28' });
    const option = lineOption(
      ['29–31 Aug', 'Sep 2026', 'Oct 2026', '1–22 Nov'],
      [
        { name: 'Dine-In', values: [10, 300, 280, 200] },
        { name: 'Dine-In', values: [5, 250, 260, 290], compared: days },
      ],
      money,
      [true, false, false, true],
    );
    const series = option.series as { name: string; data: (number | null)[]; lineStyle?: { type: string }; color?: string }[];
    expect(series.map((s) => [s.name, s.data, s.lineStyle?.type])).toEqual([
      // The solid lines join whole buckets only.
      ['Dine-In', [null, 300, 280, null], undefined],
      [days, [null, 250, 260, null], 'dashed'],
      // Each run of segments touching a partial bucket is a dotted line of its own, under the same legend entry.
      ['Dine-In', [10, 300, null, null], 'dotted'],
      [days, [5, 250, null, null], 'dotted'],
      ['Dine-In', [null, null, 280, 200], 'dotted'],
      [days, [null, null, 260, 290], 'dotted'],
    ]);
    expect(series[3]!.color).toBe(series[1]!.color);
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const at = (dataIndex: number, label: string) =>
      tooltip(series.map((s, i) => ({ axisValueLabel: label, dataIndex, marker: '', seriesIndex: i, value: s.data[dataIndex] })));
    expect(at(0, '29–31 Aug')).toBe(`29–31 Aug (partial)<br/>Dine-In: <b>$10.00</b><br/>Dine-In (${days}): <b>$5.00</b>`);
    expect(at(1, 'Sep 2026')).toBe(`Sep 2026<br/>Dine-In: <b>$300.00</b><br/>Dine-In (${days}): <b>$250.00</b>`);
    expect(at(3, '1–22 Nov')).toBe(`1–22 Nov (partial)<br/>Dine-In: <b>$200.00</b><br/>Dine-In (${days}): <b>$290.00</b>`);
  });

  it('partial buckets side by side share one dotted run; without one the lines are as they were', () => {
    const option = lineOption(['27–29 Nov', '30 Nov', '1–3 Dec'], [{ name: 'Orders', values: [3, 7, 2] }], { format: String }, [
      true,
      false,
      true,
    ]);
    const series = option.series as { data: (number | null)[]; lineStyle?: { type: string } }[];
    expect(series.map((s) => [s.data, s.lineStyle?.type])).toEqual([
      [[null, 7, null], undefined],
      [[3, 7, 2], 'dotted'],
    ]);
    const whole = lineOption(['Sep 2026', 'Oct 2026'], [{ name: 'Orders', values: [3, 7] }], { format: String }, [false, false]);
    expect(whole).toEqual(expect.objectContaining({ series: [expect.objectContaining({ data: [3, 7], smooth: true })] }));
    expect((whole.series as unknown[]).length).toBe(1);
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
  it.each(CARD_KINDS)('%s', (kind) => {
    expect(isEmptyAnswer(kind, TRADE[kind])).toBe(false);
    expect(isEmptyAnswer(kind, NO_TRADE[kind])).toBe(true);
  });

  it('orders or guests today alone are not empty', () => {
    expect(isEmptyAnswer('orders', { ...NO_TRADE.orders, today: TRADE.orders.today })).toBe(false);
    expect(isEmptyAnswer('headcounts', { ...NO_TRADE.headcounts, today: TRADE.headcounts.today })).toBe(false);
  });
});

describe('the dashboard restates the contract without loading it', () => {
  it('has one card per analytics call but the Loss, Menu Engineering and costs pages’ and the hours, in the contract order, and defaults to its default range', () => {
    const pages: string[] = ['loss', 'hours', 'costs', 'menu-engineering'];
    expect(CARD_KINDS).toEqual(ANALYTICS_KINDS.filter((kind) => !pages.includes(kind)));
    expect(DEFAULT_FILTERS).toEqual({ range: DEFAULT_RANGE, dates: null, restaurantId: null, compare: COMPARISONS[0], likeForLike: false });
    for (const range of RANGES) expect(filtersFromSearch(`?range=${range}`, []).range).toBe(range);
  });
});
