import type { CellUnit, ReportDocument, ReportCell, ReportRow } from '@contract/page-reports.contract';
import { ALL_BRANCHES } from '@contract/presentation/labels.js';
import { localIso } from '../calendar.js';

// A page report as one RFC 4180 file: a header block (report, franchise, branch, window, comparison, time zone),
// then one section per table (title, header row, rows, total row), sections apart by an empty record;
// a window with no data has its no-data text in place of the tables, as the page has.
// Every record is padded to the widest table's field count, so the file keeps RFC 4180's "same number
// of fields on each line" and strict parsers read it whole; spreadsheet apps show the sections one
// under the other, like the page.

/** Plain numbers in the report's precision: money and hours to the cent, percentages to one decimal. */
function plainNumber(unit: CellUnit, value: number): string {
  switch (unit) {
    case 'money':
    case 'money_per_hour':
    case 'hours':
      return value.toFixed(2);
    case 'percent':
    case 'change':
      return value.toFixed(1);
    default:
      return String(value);
  }
}

/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection": =, +, -, @, tab, CR at the start)
 * gets a leading apostrophe, which spreadsheets read as "this is text" and do not show.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvCell(unit: CellUnit, value: ReportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return plainNumber(unit, value);
  return neutraliseFormula(value);
}

export async function reportCsv(report: ReportDocument): Promise<Uint8Array> {
  const { stringify } = await import('csv-stringify/sync');
  const { window } = report;
  const records: string[][] = [
    ['Report', report.title],
    ['Franchise', report.franchise.name],
    ['Branch', report.branch ? `${report.branch.name} (${report.branch.location})` : ALL_BRANCHES],
    ['Start date', window.start_date],
    ['End date', window.end_date],
    ['Range', report.range_label],
    ['Compared with', `${report.compared_with} (${window.previous.start_date} to ${window.previous.end_date})`],
    ['Time zone', window.time_zone],
    // On the franchise's clock with its offset, like the PDF's and the activity CSV's times.
    ['Generated at', localIso(window.time_zone, new Date(report.generated_at))],
    // What the figures leave out, with the facts they are read by.
    ...(report.note ? [['Note', report.note]] : []),
  ].map((record) => record.map(neutraliseFormula));
  if (report.no_data !== null) records.push([], [report.no_data]);
  for (const table of report.no_data === null ? report.tables : []) {
    const units = table.columns.map((column) => column.unit);
    const row = ({ cells }: ReportRow) => cells.map((cell, index) => csvCell(units[index] ?? 'text', cell));
    records.push(
      [],
      [neutraliseFormula(table.title)],
      table.columns.map((column) => neutraliseFormula(column.label)),
    );
    records.push(...table.rows.map(row));
    if (table.total) records.push(row(table.total));
  }
  const width = Math.max(...records.map((record) => record.length));
  const padded = records.map((record) => [...record, ...Array<string>(width - record.length).fill('')]);
  // BOM: Excel reads the file as UTF-8 only with it; CRLF and quoting as RFC 4180 has them.
  const text = stringify(padded, { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return new TextEncoder().encode(text);
}
