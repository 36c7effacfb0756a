import { parse } from 'csv-parse/sync';
import { WINDOW } from '../model/models/dashboard.fixtures';
import { csvTables, pdfText as readPdfText } from '../support/report-files';
import { describe, expect, it } from 'vitest';
import { exportStem, renderExport, slug } from '../../server/analytics/exports/report-export';
import type { PageReport, ReportRow, ReportTable } from '@contract/page-reports.contract';

/** Line ends kept: some checks read the chart's category axis on one line. */
const pdfText = (bytes: Uint8Array) => readPdfText(bytes, { lines: true });

const TRICKY_NAME = `Smith's "Café", Bondi`;

/** A revenue page report as the server builds it: a breakdown with its total, and a side table with awkward names. */
function revenueReport(overrides: Partial<PageReport> = {}): PageReport {
  return {
    page: 'revenue',
    title: 'Revenue',
    franchise: { id: 1, name: 'Harbour Eats' },
    branch: null,
    window: WINDOW,
    range_label: 'Last 7 Days',
    compared_with: 'previous 7 days',
    generated_at: '2026-11-22T22:05:00.000Z',
    no_data: null,
    cards: [
      { id: 'total_revenue', label: 'Total Revenue', unit: 'money', value: 12345.6, previous: 10987.65 },
      { id: 'aov', label: 'Avg Order Value (AOV)', unit: 'money', value: 31.25, previous: 0 },
      { id: 'atv', label: 'Avg Transaction Value (ATV)', unit: 'money', value: 29.9, previous: null },
    ],
    tables: [
      {
        id: 'breakdown',
        title: 'Revenue Breakdown',
        columns: [
          { key: 'period', label: 'Date', unit: 'text' },
          { key: 'dine_in', label: 'Dine-In', unit: 'money' },
          { key: 'takeaway', label: 'Takeaway', unit: 'money' },
          { key: 'total', label: 'Total', unit: 'money' },
        ],
        rows: [
          { cells: ['Mon 16 Nov', 1000.5, 234.1, 1234.6] },
          { cells: ['Tue 17 Nov', 0, 0, 0] },
          { cells: ['Wed 18 Nov', 2000, 1111.11, 3111.11] },
        ],
        total: { cells: ['Total', 3000.5, 1345.21, 4345.71] },
        empty_text: 'No revenue in this window',
      },
      {
        id: 'branches',
        title: 'Branch Comparison (Last 7 Days)',
        columns: [
          { key: 'rank', label: 'Rank', unit: 'count' },
          { key: 'name', label: 'Restaurant', unit: 'text' },
          { key: 'revenue', label: 'Revenue', unit: 'money' },
          { key: 'labour_share', label: 'Labour % of Revenue', unit: 'percent' },
          { key: 'change', label: 'Revenue vs Previous', unit: 'change' },
        ],
        rows: [
          { cells: [1, TRICKY_NAME, 98765.43, 28.4, -3.5], restaurant_id: 7 },
          { cells: [2, 'Line\nBreak Diner', 1234.5, 31, null], restaurant_id: 8 },
          { cells: [3, '=HYPERLINK("x")', 0, null, null], restaurant_id: 9 },
        ],
        total: { cells: [null, 'Total', 99999.93, 28.5, 12.25] },
        empty_text: 'No branches',
      },
    ],
    chart: {
      title: 'Revenue',
      type: 'line',
      table: 'breakdown',
      category: 'period',
      series: ['dine_in', 'takeaway'],
      compared: [
        [900, 100, 1800],
        [200, 0, 1000],
      ],
    },
    ...overrides,
  };
}

/** A report row as the CSV should carry it: plain numbers at the report's precision, empty for null. */
function expectedFields(table: ReportTable, row: ReportRow): string[] {
  return row.cells.map((cell, index) => {
    const unit = table.columns[index]!.unit;
    if (cell === null) return '';
    if (typeof cell === 'string') return cell;
    return unit === 'money' ? cell.toFixed(2) : unit === 'percent' || unit === 'change' ? cell.toFixed(1) : String(cell);
  });
}

describe('CSV export', () => {
  it('is UTF-8 with a BOM, CRLF records, every record as wide as the widest table', async () => {
    const file = await renderExport(revenueReport(), 'csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.filename).toBe('revenue_all-branches_2026-11-16_2026-11-22.csv');
    expect([...file.body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.body);
    // Line breaks outside quoted fields are all CRLF; the one LF left is inside the quoted name.
    expect(text.replace(/"[^"]*"/g, '').match(/\n/g)?.length).toBe(text.replace(/"[^"]*"/g, '').match(/\r\n/g)?.length);
    expect(text.endsWith('\r\n')).toBe(true);
    const records: string[][] = parse(text, { bom: true, record_delimiter: '\r\n' });
    expect(new Set(records.map((record) => record.length))).toEqual(new Set([5]));
  });

  it('parses back to the header facts and to every table: rows and total, amounts as plain numbers, null empty', async () => {
    const report = revenueReport({ branch: { id: 7, name: TRICKY_NAME, location: 'Bondi Beach' } });
    const records: string[][] = parse((await renderExport(report, 'csv')).body, { bom: true });
    expect(records.slice(0, 9).map((record) => record.slice(0, 2))).toEqual([
      ['Report', 'Revenue'],
      ['Franchise', 'Harbour Eats'],
      ['Branch', `${TRICKY_NAME} (Bondi Beach)`],
      ['Start date', '2026-11-16'],
      ['End date', '2026-11-22'],
      ['Range', 'Last 7 Days'],
      ['Compared with', 'previous 7 days (2026-11-09 to 2026-11-15)'],
      ['Time zone', 'Australia/Sydney'],
      // On the franchise's clock with its offset, as the activity CSV writes times: 22:05 UTC is 09:05 in Sydney.
      ['Generated at', '2026-11-23T09:05:00+11:00'],
    ]);
    const parsed = csvTables(records);
    expect(parsed.map((section) => section.title)).toEqual(report.tables.map((table) => table.title));
    report.tables.forEach((table, index) => {
      const section = parsed[index]!;
      const width = section.header.length;
      const pad = (fields: string[]) => [...fields, ...Array<string>(width - fields.length).fill('')];
      expect(section.header).toEqual(pad(table.columns.map((column) => column.label)));
      const rows = table.rows.map((row) => pad(expectedFields(table, row)));
      // Formula-like text reads as text in a spreadsheet: an apostrophe in front, nothing else changed.
      const expected = rows.map((fields) => fields.map((field) => (field.startsWith('=') ? `'${field}` : field)));
      expect(section.records).toEqual([...expected, pad(expectedFields(table, table.total!))]);
    });
    expect(parsed[0]!.records.at(-1)).toEqual(['Total', '3000.50', '1345.21', '4345.71', '']);
    expect(parsed[1]!.records[0]).toEqual(['1', TRICKY_NAME, '98765.43', '28.4', '-3.5']);
    expect(parsed[1]!.records[1]![1]).toBe('Line\nBreak Diner');
  });

  it('quotes the fields RFC 4180 says to: commas, quotes (doubled) and line breaks', async () => {
    const text = new TextDecoder().decode((await renderExport(revenueReport(), 'csv')).body);
    expect(text).toContain(`"Smith's ""Café"", Bondi"`);
    expect(text).toContain('"Line\nBreak Diner"');
    expect(text).toContain('\r\nMon 16 Nov,1000.50,234.10,1234.60,\r\n');
  });

  it('writes a table without rows as its title, header and total', async () => {
    const report = revenueReport();
    report.tables = [{ ...report.tables[0]!, rows: [], total: { cells: ['Total', 0, 0, 0] } }];
    const parsed = csvTables(parse((await renderExport(report, 'csv')).body, { bom: true }));
    expect(parsed).toEqual([
      { title: 'Revenue Breakdown', header: ['Date', 'Dine-In', 'Takeaway', 'Total'], records: [['Total', '0.00', '0.00', '0.00']] },
    ]);
  });
});

describe('an export of a window with no data', () => {
  const empty = () => revenueReport({ no_data: 'No sales in this window.' });

  it("CSV: the header facts, then the page's no-data text in place of the tables", async () => {
    const records: string[][] = parse((await renderExport(empty(), 'csv')).body, { bom: true });
    expect(records.slice(0, 2).map((record) => record[0])).toEqual(['Report', 'Franchise']);
    expect(records.slice(9).map((record) => record.filter(Boolean))).toEqual([[], ['No sales in this window.']]);
  });

  it('PDF: the header facts, then the no-data text; no cards, chart or tables', async () => {
    const text = await pdfText((await renderExport(empty(), 'pdf')).body);
    expect(text).toContain('Harbour Eats');
    expect(text).toContain('No sales in this window.');
    for (const absent of ['Total Revenue', 'Revenue Breakdown', 'Branch Comparison', '$4,345.71', 'Mon 16 Nov']) {
      expect(text).not.toContain(absent);
    }
  });
});

describe('export file names', () => {
  it('names page, branch (ASCII slug) and window; the PDF has the same stem', async () => {
    expect(slug(TRICKY_NAME)).toBe('smith-s-cafe-bondi');
    expect(slug('  Ørsted & Co — Zürich  ')).toBe('rsted-co-zurich');
    const branch = revenueReport({ branch: { id: 12, name: TRICKY_NAME, location: 'Bondi' } });
    expect(exportStem(branch)).toBe('revenue_smith-s-cafe-bondi_2026-11-16_2026-11-22');
    expect(exportStem(revenueReport({ branch: { id: 12, name: '東京', location: 'Tokyo' } }))).toBe(
      'revenue_branch-12_2026-11-16_2026-11-22',
    );
    expect(exportStem(revenueReport())).toBe('revenue_all-branches_2026-11-16_2026-11-22');
    const pdf = await renderExport(branch, 'pdf');
    expect(pdf.filename).toBe('revenue_smith-s-cafe-bondi_2026-11-16_2026-11-22.pdf');
    expect(pdf.contentType).toBe('application/pdf');
  });
});

describe('PDF export', () => {
  it('holds the title, franchise, branch, window, time zone, generation time, cards, totals and the chart labels', async () => {
    const report = revenueReport({ branch: { id: 7, name: TRICKY_NAME, location: 'Bondi Beach' } });
    const file = await renderExport(report, 'pdf');
    expect(new TextDecoder().decode(file.body.slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(file.body);
    for (const expected of [
      'Revenue',
      'Harbour Eats',
      `${TRICKY_NAME}, Bondi Beach`,
      '16 Nov 2026 – 22 Nov 2026 (Last 7 Days)',
      'Australia/Sydney',
      // 22:05 UTC is 9:05 the next morning in Sydney (daylight saving).
      '23 Nov 2026, 09:05 AEDT',
      '$12,345.60',
      '+12.4% vs previous 7 days',
      'no previous data',
      'Revenue Breakdown',
      '$4,345.71',
      'Branch Comparison (Last 7 Days)',
      '$99,999.93',
      '-3.5%',
      // The chart's category axis, drawn as text on one line (the table has one day per line).
      'Mon 16 Nov Tue 17 Nov Wed 18 Nov',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('draws every row of a long table, its header again on each page, and the total once', async () => {
    const report = revenueReport();
    const breakdown = report.tables[0]!;
    breakdown.rows = Array.from({ length: 150 }, (_, index) => ({ cells: [`Row ${index + 1}`, index, 0, index] }));
    const file = await renderExport(report, 'pdf');
    const text = await pdfText(file.body);
    for (let index = 1; index <= 150; index++) expect(text).toContain(`Row ${index} `);
    const pages = text.split('\n').filter((line) => /Page \d+ of \d+/.test(line));
    const pageCount = Number(/Page \d+ of (\d+)/.exec(text)![1]);
    expect(pageCount).toBeGreaterThanOrEqual(3);
    expect(pages.length).toBe(pageCount);
    // The header row: once per page the breakdown spans.
    expect(text.match(/Date Dine-In Takeaway Total/g)!.length).toBeGreaterThanOrEqual(pageCount - 1);
    expect(text.match(/Total \$3,000\.50/g)).toHaveLength(1);
  });

  it('prints names beyond the standard fonts as near as they can ("ễ" as "ê"), never a wrong glyph', async () => {
    const report = revenueReport({ branch: { id: 3, name: 'Nguyễn Thị Café 😀', location: 'Łódź − Zürich' } });
    const text = await pdfText((await renderExport(report, 'pdf')).body);
    expect(text).toContain('Branch: Nguyên Thi Café ?, Lódz - Zürich');
  });

  it('shows a table without rows as its empty text, with its total', async () => {
    const report = revenueReport();
    report.tables[1] = { ...report.tables[1]!, rows: [], empty_text: 'No branches traded in this window' };
    const text = await pdfText((await renderExport(report, 'pdf')).body);
    expect(text).toContain('\nNo branches traded in this window \n– Total $99,999.93 28.5% +12.3%');
  });

  it('never leaves the total row alone on a page: the last row goes over with it', async () => {
    const report = revenueReport();
    const breakdown = report.tables[0]!;
    report.tables = [breakdown];
    const pagesOf = async (length: number) => {
      breakdown.rows = Array.from({ length }, (_, index) => ({ cells: [`Row ${index + 1}`, 1, 0, 1] }));
      return (await pdfText((await renderExport(report, 'pdf')).body)).split(/Page \d+ of \d+/);
    };
    // The last row on a full page: with exactly that many rows, only the total would be left for the next page.
    const full = (await pagesOf(120)).find((page) => page.includes('Row 60 '))!;
    const last = Math.max(...[...full.matchAll(/Row (\d+) /g)].map((match) => Number(match[1])));
    const pages = await pagesOf(last);
    const withTotal = pages.find((page) => page.includes('Total $3,000.50'))!;
    expect(withTotal).toContain(`Row ${last} `);
    expect(withTotal).not.toContain(`Row ${last - 2} `);
  });
});
