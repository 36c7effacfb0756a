import { describe, expect, it } from 'vitest';
import type { ReportColumn, ReportRow } from '@contract/page-reports.contract';
import { reportChartOption, rowCellText } from '@contract/presentation/report-display';
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
});
