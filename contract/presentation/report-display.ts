import type { EChartsOption } from 'echarts';
import { partialBuckets } from './buckets';
import { barOption, comparisonDays, lineOption, scatterOption, type ValueFormat } from './chart-options';
import { formatCurrency, formatNumber, formatPercent, formatSignedPercent, formatWholeCurrency } from './format';
import type { CellUnit, ReportDocument, ReportCell, ReportColumn, ReportRow } from '../page-reports.contract';

// How a page report is shown, shared by the analytics pages and the PDF export. Its own module, so
// the dashboard's chunk does not carry it.

/** A report cell as the screen and the PDF show it: "–" where a value is not defined. */
export function formatCell(unit: CellUnit, value: ReportCell): string {
  if (value === null) return '–';
  if (typeof value === 'string') return value;
  switch (unit) {
    case 'count':
      return formatNumber(value);
    case 'money':
      return formatCurrency(value);
    case 'percent':
      return formatPercent(value);
    case 'change':
      return formatSignedPercent(value);
    case 'hours':
      return formatNumber(value, 2);
    case 'money_per_hour':
      return `${formatCurrency(value)}/h`;
    case 'text':
      return String(value);
  }
}

/** What a branch comparison row says in place of a change it does not measure (docs/product.md#comparisons). */
export const BRANCH_STATUS_LABELS: Record<NonNullable<ReportRow['status']>, string> = { new: 'New', closed: 'Closed' };

/** A table cell as shown: a row's status stands in for its change ("New" rather than "–"). */
export const rowCellText = (columns: readonly ReportColumn[], row: ReportRow, index: number): string =>
  columns[index]?.unit === 'change' && row.status
    ? BRANCH_STATUS_LABELS[row.status]
    : formatCell(columns[index]?.unit ?? 'text', row.cells[index] ?? null);

/** Value formats of a report column's unit: tooltips to the cent, axes in whole units. */
function unitFormat(unit: CellUnit): ValueFormat {
  if (unit === 'money') return { format: formatCurrency, axisFormat: formatWholeCurrency };
  return { format: (value) => formatCell(unit, value) };
}

/**
 * A page's main chart (report.chart) as an ECharts option: the page draws it, and the PDF export
 * renders the same option on the server, so the file's chart is the screen's.
 */
export function reportChartOption(report: ReportDocument): EChartsOption {
  const { chart } = report;
  const table = report.tables.find((t) => t.id === chart.table);
  if (!table) throw new Error(`The chart reads table ${chart.table}, which the ${report.page} report lacks`);
  const column = (key: string) => {
    const index = table.columns.findIndex((c) => c.key === key);
    if (index < 0) throw new Error(`Table ${table.id} has no column ${key}`);
    return { index, column: table.columns[index]! };
  };
  const category = column(chart.category);
  const categories = table.rows.map((row) => String(row.cells[category.index] ?? ''));
  const series = chart.series.map(column);
  const values = series.map(({ index, column: c }) => ({ name: c.label, values: table.rows.map((row) => Number(row.cells[index] ?? 0)) }));
  const format = unitFormat(series[0]!.column.unit);
  if (chart.type === 'bar') return barOption(categories, values, format);
  if (chart.type === 'scatter') {
    const [x, y] = series as [(typeof series)[number], (typeof series)[number]];
    const group = chart.group === undefined ? null : column(chart.group);
    return scatterOption(
      table.rows.map((row, r) => ({
        name: categories[r]!,
        x: values[0]!.values[r]!,
        y: values[1]!.values[r]!,
        group: group === null ? '' : String(row.cells[group.index] ?? ''),
      })),
      { x: { label: x.column.label, ...unitFormat(x.column.unit) }, y: { label: y.column.label, ...unitFormat(y.column.unit) } },
      chart.thresholds ?? null,
    );
  }
  const compared = chart.compared.map((line, i) => ({
    name: values[i]!.name,
    values: line,
    compared: comparisonDays(report.window.previous),
  }));
  // A line chart's rows are the window's buckets: its first and last may be partial weeks or months.
  return lineOption(categories, [...values, ...compared], format, partialBuckets(report.window, categories.length));
}
