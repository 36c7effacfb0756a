import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnalyticsWindow } from '@contract/analytics.contract';
import { addDays } from '@contract/calendar-day';
import { FIGURE_MEANING, changeTone, lowerIsBetter, type CardFigure } from '@contract/presentation/figure-direction';
import type { PageReport } from '@contract/page-reports.contract';
import { tally } from '../../server/analytics/answers/buckets';
import { rosterPage } from '../../server/analytics/page-reports/roster-page';
import { card, type PageContext } from '../../server/analytics/page-reports/report-parts';
import { StatCard } from '../../src/ui/stat-card';
import { UiProvider } from '../../src/ui/ui-provider';
import { ReportCards } from '../../src/views/analytics/report-sections';

// Colours follow meaning (docs/product.md#metrics): a cost's rise is red and its fall green; revenue,
// orders, guests, productivity and attendance rise green.

const COSTS: CardFigure[] = [
  'labour_cost',
  'labour_share',
  'spend',
  'average_per_supplier',
  'spend_share',
  'voided_value',
  'discounts',
  'refunded_value',
  'loss_pct',
  'food_cost',
  'food_cost_pct',
  'prime_cost',
  'prime_cost_pct',
  'purchases_pct',
  'plowhorses',
  'puzzles',
  'dogs',
  'dish_food_cost_pct',
];

describe('which figures are costs', () => {
  it('every cost, and only a cost, has lower_is_better on its card', () => {
    for (const id of Object.keys(FIGURE_MEANING) as CardFigure[]) {
      const c = card(id, id, 'money', 2, 1);
      expect(c.lower_is_better === true, id).toBe(COSTS.includes(id));
      expect(lowerIsBetter(id), id).toBe(COSTS.includes(id));
    }
  });

  it('a rise of a cost is bad and its fall good; a rise of a gain good; no change neither', () => {
    expect(changeTone('up', true)).toBe('bad');
    expect(changeTone('down', true)).toBe('good');
    expect(changeTone('up', false)).toBe('good');
    expect(changeTone('down', false)).toBe('bad');
    expect(changeTone('flat', true)).toBe('flat');
    expect(changeTone('flat')).toBe('flat');
  });
});

const START = '2026-11-16';
const WINDOW: AnalyticsWindow = {
  start_date: START,
  end_date: addDays(START, 6),
  days: 7,
  grouping: 'daily',
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: addDays(START, -7), end_date: addDays(START, -1) },
  today: addDays(START, 7),
};
const KEYS = [
  'assigned_minutes',
  'actual_minutes',
  'labour_cost_cents',
  'shifts',
  'shifts_attended',
  'revenue_dine_in_cents',
  'revenue_takeaway_cents',
  'revenue_delivery_cents',
] as const;

/** The Productivity page over one day of the previous window and one of this window. */
async function rosterReport(previous: Record<(typeof KEYS)[number], number>, current: Record<(typeof KEYS)[number], number>) {
  const t = {
    window: WINDOW,
    ...tally(
      KEYS,
      [
        { day: addDays(START, -7), ...previous },
        { day: START, ...current },
      ],
      WINDOW,
    ),
    staff: [],
    staff_count: 0,
  };
  const figures = (async () => t) as PageContext['figures'];
  const page = await rosterPage({
    db: undefined as never,
    scope: { franchiseId: 1, restaurantId: null },
    window: WINDOW,
    rangeLabel: 'Last 7 Days',
    figures,
    labourPlan: async () => [],
  });
  return { ...page, page: 'roster', title: 'Roster & Productivity', compared_with: 'previous 7 days' } as unknown as PageReport;
}

const day = (labourCents: number, revenueCents: number, attended: number) => ({
  assigned_minutes: 600,
  actual_minutes: 600,
  labour_cost_cents: labourCents,
  shifts: 10,
  shifts_attended: attended,
  revenue_dine_in_cents: revenueCents,
  revenue_takeaway_cents: 0,
  revenue_delivery_cents: 0,
});

/** The change line of the card labelled `label`: its tone and colour. */
function changeOf(label: string) {
  const cardEl = screen.getByText(label).closest('.mantine-Paper-root') as HTMLElement;
  const change = cardEl.querySelector('[data-change]') as HTMLElement;
  return {
    tone: change.getAttribute('data-change'),
    style:
      within(change)
        .getByText(/vs previous/)
        .getAttribute('style') ?? '',
  };
}

describe('the Productivity page cards', () => {
  it('labour cost and its share of revenue rising are red; attendance and productivity rising green', async () => {
    // Labour 100 → 200 $, revenue 1000 → 1500 $ (share 10 % → 13.3 %), attendance 50 → 90 %.
    const report = await rosterReport(day(10_000, 100_000, 5), day(20_000, 150_000, 9));
    render(
      <UiProvider env="test">
        <ReportCards report={report} />
      </UiProvider>,
    );
    expect(changeOf('Labour Cost')).toEqual({ tone: 'bad', style: expect.stringContaining('--fc-color-negative') });
    expect(changeOf('Labour Cost % of Revenue').tone).toBe('bad');
    expect(changeOf('Attendance (all shifts)')).toEqual({ tone: 'good', style: expect.stringContaining('--fc-color-positive') });
    expect(changeOf('Productivity').tone).toBe('good');
  });

  it('labour cost falling is green', async () => {
    const report = await rosterReport(day(20_000, 100_000, 9), day(10_000, 100_000, 9));
    render(
      <UiProvider env="test">
        <ReportCards report={report} />
      </UiProvider>,
    );
    expect(changeOf('Labour Cost')).toEqual({ tone: 'good', style: expect.stringContaining('--fc-color-positive') });
    expect(changeOf('Labour Cost % of Revenue').tone).toBe('good');
  });
});

describe('a stat card of a cost', () => {
  it('procurement spend rising is red, falling green', () => {
    render(
      <UiProvider env="test">
        <StatCard
          label="Total Spend"
          value="$1,200.00"
          current={1200}
          previous={1000}
          comparedWith="previous 7 days"
          lowerIsBetter={lowerIsBetter('spend')}
        />
        <StatCard
          label="Average Spend per Supplier"
          value="$80.00"
          current={80}
          previous={100}
          comparedWith="previous 7 days"
          lowerIsBetter={lowerIsBetter('average_per_supplier')}
        />
      </UiProvider>,
    );
    expect(changeOf('Total Spend').tone).toBe('bad');
    expect(changeOf('Average Spend per Supplier').tone).toBe('good');
  });
});
