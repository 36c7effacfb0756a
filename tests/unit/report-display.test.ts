import { describe, expect, it } from 'vitest';
import type { ReportColumn, ReportRow } from '@contract/page-reports.contract';
import { reportChartOption, rowCellText } from '@contract/presentation/report-display';
import type { PageReport } from '@contract/page-reports.contract';
import { ORDER_REPORT } from '../model/models/analytics-page.model';

// A branch comparison row's change, on screen and in the PDF (docs/product.md#comparisons).
const COLUMNS: ReportColumn[] = [
  { key: 'restaurant', label: 'Restaurant', unit: 'text' },
  { key: 'revenue', label: 'Revenue', unit: 'money' },
  { key: 'change', label: 'Revenue vs Last Year', unit: 'change' },
];

describe('a branch comparison row', () => {
  it('shows its change when both windows traded', () => {
    const row: ReportRow = { cells: ['Parramatta', 1200, 8.44], restaurant_id: 7 };
    expect(COLUMNS.map((_, i) => rowCellText(COLUMNS, row, i))).toEqual(['Parramatta', '$1,200.00', '+8.4%']);
  });

  it('says New or Closed in place of a change it does not measure, and leaves its other cells alone', () => {
    const opened: ReportRow = { cells: ['Fremantle', 900, null], restaurant_id: 8, status: 'new' };
    const closed: ReportRow = { cells: ['Bondi', 0, null], restaurant_id: 9, status: 'closed' };
    expect(COLUMNS.map((_, i) => rowCellText(COLUMNS, opened, i))).toEqual(['Fremantle', '$900.00', 'New']);
    expect(rowCellText(COLUMNS, closed, 2)).toBe('Closed');
    expect(rowCellText(COLUMNS, { cells: ['Total', 2100, null] }, 2)).toBe('–');
  });
});

describe("a page's line chart", () => {
  it('draws each listed column, then its comparison line dashed and named with the comparison window’s days', () => {
    const series = reportChartOption(ORDER_REPORT).series as { name: string; data: number[]; lineStyle?: { type: string } }[];
    expect(series.map((s) => [s.name, s.lineStyle?.type])).toEqual([
      ['Dine-In', undefined],
      ['Takeaway', undefined],
      ['9 Nov – 15 Nov 2026', 'dashed'],
      ['9 Nov – 15 Nov 2026', 'dashed'],
    ]);
    expect(series[2]!.data).toEqual(ORDER_REPORT.chart.compared[0]);
  });

  it('dots the segments of a partial first and last bucket: the 3 months from 29 Aug hold 3 days of August and 28 of November', () => {
    const table = ORDER_REPORT.tables[0]!;
    const report: PageReport = {
      ...ORDER_REPORT,
      window: { ...ORDER_REPORT.window, start_date: '2026-08-29', end_date: '2026-11-28', days: 92, grouping: 'monthly' },
      tables: [
        {
          ...table,
          rows: [
            { cells: ['29–31 Aug', 10, 2, 12] },
            { cells: ['Sep 2026', 300, 90, 390] },
            { cells: ['Oct 2026', 310, 80, 390] },
            { cells: ['1–28 Nov', 290, 70, 360] },
          ],
        },
      ],
      chart: { ...ORDER_REPORT.chart, compared: [] },
    };
    const series = reportChartOption(report).series as { name: string; data: (number | null)[]; lineStyle?: { type: string } }[];
    expect(series.map((s) => [s.name, s.data, s.lineStyle?.type])).toEqual([
      ['Dine-In', [null, 300, 310, null], undefined],
      ['Takeaway', [null, 90, 80, null], undefined],
      ['Dine-In', [10, 300, null, null], 'dotted'],
      ['Takeaway', [2, 90, null, null], 'dotted'],
      ['Dine-In', [null, null, 310, 290], 'dotted'],
      ['Takeaway', [null, null, 80, 70], 'dotted'],
    ]);
    // Whole months from 1 Sep to 30 Nov: nothing dotted.
    const whole = { ...report, window: { ...report.window, start_date: '2026-09-01', end_date: '2026-11-30' } };
    expect((reportChartOption(whole).series as unknown[]).length).toBe(2);
  });
});
