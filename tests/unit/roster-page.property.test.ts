import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyticsWindow, Grouping } from '@contract/analytics.contract';
import type { PageReport } from '@contract/page-reports.contract';
import { addDays } from '@contract/calendar-day';
import { tally, type DayRow } from '../../server/analytics/answers/buckets';
import type { RosterTally } from '../../server/analytics/answers/roster';
import { rosterPage } from '../../server/analytics/page-reports/roster-page';
import type { PageContext } from '../../server/analytics/page-reports/report-parts';

// The Productivity page's Attendance card and its breakdown's Average / Total row show one figure
// (docs/product.md#metrics): attended shifts / rostered shifts over the whole window, weighted by shifts,
// never the mean of the rows' percentages. Built here from random roster days through the same
// bucketing as the answers, without a database.

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
type Key = (typeof KEYS)[number];

const START = '2026-11-02';
const windowOf = (days: number, grouping: Grouping): AnalyticsWindow => ({
  start_date: START,
  end_date: addDays(START, days - 1),
  days,
  grouping,
  time_zone: 'Australia/Sydney',
  compare: 'previous',
  previous: { start_date: addDays(START, -days), end_date: addDays(START, -1) },
  today: addDays(START, days),
});

/** A roster day: some shifts (or none), at most all of them attended, and minutes, cents to go with them. */
const dayArb = fc
  .record({
    shifts: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
    attendedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    assigned_minutes: fc.integer({ min: 0, max: 5_000 }),
    actual_minutes: fc.integer({ min: 0, max: 5_000 }),
    labour_cost_cents: fc.integer({ min: 0, max: 500_000 }),
    revenue_dine_in_cents: fc.integer({ min: 0, max: 900_000 }),
    revenue_takeaway_cents: fc.integer({ min: 0, max: 900_000 }),
    revenue_delivery_cents: fc.integer({ min: 0, max: 900_000 }),
  })
  .map(({ attendedShare, ...d }) => ({ ...d, shifts_attended: Math.floor(d.shifts * attendedShare) }));

const caseArb = fc.record({
  days: fc.integer({ min: 1, max: 45 }),
  grouping: fc.constantFrom<Grouping>('daily', 'weekly', 'monthly'),
  // Both windows' days: the previous window's first, then this one's.
  rows: fc.array(dayArb, { minLength: 90, maxLength: 90 }),
});

async function reportOf(window: AnalyticsWindow, rows: DayRow<Key>[]): Promise<PageReport> {
  const t: RosterTally = { window, ...tally(KEYS, rows, window), staff: [], staff_count: 0 };
  const figures = (async () => t) as PageContext['figures'];
  const page = await rosterPage({
    db: undefined as never,
    scope: { franchiseId: 1, restaurantId: null, branches: null },
    window,
    rangeLabel: 'Last days',
    figures,
    labourPlan: async () => [],
  });
  return page as PageReport;
}

const pct = (part: number, whole: number) => Math.round((part * 1000) / whole) / 10;

describe('the Productivity page: one attendance', () => {
  it('the Attendance card equals the breakdown total: attended / rostered shifts over all rows, weighted by shifts', async () => {
    const reached = { rostered: 0, meanDiffers: 0, noShifts: 0 };
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ days, grouping, rows }) => {
        const window = windowOf(days, grouping);
        const dayRows = Array.from({ length: 2 * days }, (_, i) => ({ day: addDays(window.previous.start_date, i), ...rows[i]! }));
        const report = await reportOf(window, dayRows);
        const card = report.cards.find((c) => c.id === 'attendance')!;
        const breakdown = report.tables.find((table) => table.id === 'breakdown')!;
        const column = breakdown.columns.findIndex((c) => c.key === 'attendance');
        const total = breakdown.total!.cells[column];
        const mine = dayRows.slice(days);
        const shifts = mine.reduce((s, d) => s + d.shifts, 0);
        const attended = mine.reduce((s, d) => s + d.shifts_attended, 0);
        if (shifts === 0) {
          reached.noShifts++;
          // No rostered shift: no attendance in the table; the card, which always has a figure, shows 0.
          expect(total).toBeNull();
          expect(card.value).toBe(0);
          return;
        }
        reached.rostered++;
        expect(card.value).toBe(pct(attended, shifts));
        expect(total).toBe(card.value);
        // The rows' own attendance, as shown: their plain mean is a different figure here.
        const shown = breakdown.rows.map((r) => r.cells[column]).filter((a): a is number => typeof a === 'number');
        const mean = Math.round((shown.reduce((s, a) => s + a, 0) / shown.length) * 10) / 10;
        if (mean !== card.value) reached.meanDiffers++;
      }),
      { numRuns: 200 },
    );
    // Of 200 runs, most had shifts, many a mean of rows unlike the weighted figure, a few none at all.
    expect(reached.rostered).toBeGreaterThanOrEqual(100);
    expect(reached.meanDiffers).toBeGreaterThanOrEqual(40);
  });
});
