import './report-sections.css';
import { Box, Paper, SegmentedControl, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { PageReport } from '@contract/page-reports.contract';
import { partialBuckets } from '@contract/presentation/buckets';
import {
  CHART_HEIGHT,
  HEATMAP_MEASURE_LABELS,
  HEATMAP_MEASURES,
  heatmapDescription,
  heatmapOption,
  type HeatmapMeasure,
} from '@contract/presentation/chart-options';
import { formatCell, reportChartOption, rowCellText } from '@contract/presentation/report-display';
import { EChart } from '../../ui/charts/echart';
import { ReportTable } from '../../ui/report-table';
import { StatCard } from '../../ui/stat-card';

const MAIN_CHART_HEIGHT = 320;

/** A titled card of the page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper className="fc-report-card" withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The report's stat cards, each with its change versus the previous window ("+12.4% vs previous 7 days"). */
export function ReportCards({ report }: { report: PageReport }) {
  return (
    <div className="fc-report-cards">
      {report.cards.map((card) => (
        <StatCard
          key={card.id}
          label={card.label}
          value={formatCell(card.unit, card.value)}
          current={card.value}
          // No previous figure reads as "no previous data", like a previous window without trade.
          previous={card.previous ?? 0}
          comparedWith={report.compared_with}
          lowerIsBetter={card.lower_is_better}
        />
      ))}
    </div>
  );
}

/** The chart's figures in words, for screen readers: "Mon 16 Nov: Dine-In 12, Takeaway 8; …". */
export function chartDescription(report: PageReport): string {
  const table = report.tables.find((t) => t.id === report.chart.table);
  if (!table) return '';
  const at = (key: string) => table.columns.findIndex((c) => c.key === key);
  const category = at(report.chart.category);
  // A line chart's rows are the window's buckets; a clipped first or last one says so (docs/product.md#periods).
  const partial = report.chart.type === 'line' ? partialBuckets(report.window, table.rows.length) : [];
  return table.rows
    .map((row, r) => {
      const figures = report.chart.series.map((key, s) => {
        const index = at(key);
        const line = report.chart.compared[s];
        const compared = line ? ` (compared: ${formatCell(table.columns[index]!.unit, line[r] ?? 0)})` : '';
        return `${table.columns[index]?.label} ${rowCellText(table.columns, row, index)}${compared}`;
      });
      return `${String(row.cells[category] ?? '')}${partial[r] ? ' (partial)' : ''}: ${figures.join(', ')}`;
    })
    .join('; ');
}

/** The page's main chart, drawn from the same ECharts option as the PDF's. */
function ReportChart({ report }: { report: PageReport }) {
  return (
    <Box mb="md">
      <EChart
        option={reportChartOption(report)}
        label={report.chart.title}
        description={chartDescription(report)}
        height={MAIN_CHART_HEIGHT}
      />
    </Box>
  );
}

/** What the heatmap colours by, and the choice of it. */
export type HeatmapChoice = { measure: HeatmapMeasure; onMeasure: (measure: HeatmapMeasure) => void };

/** The Order page's weekday × hour heatmap, coloured by orders or revenue. */
function ReportHeatmap({ heatmap, choice }: { heatmap: NonNullable<PageReport['heatmap']>; choice: HeatmapChoice }) {
  const label = `${HEATMAP_MEASURE_LABELS[choice.measure]} by weekday and hour`;
  return (
    <Box mb="md">
      <SegmentedControl
        aria-label="Heatmap of"
        size="xs"
        mb="xs"
        value={choice.measure}
        onChange={(value) => choice.onMeasure(value as HeatmapMeasure)}
        data={HEATMAP_MEASURES.map((m) => ({ value: m, label: HEATMAP_MEASURE_LABELS[m] }))}
      />
      <EChart
        option={heatmapOption(heatmap.cells, choice.measure)}
        label={label}
        description={heatmapDescription(heatmap.cells, choice.measure)}
        height={CHART_HEIGHT.heatmap}
      />
    </Box>
  );
}

/** Each table of the report in its own card, the main chart (and the heatmap) above the table it draws. */
export function ReportTables({
  report,
  branchHref,
  heatmap,
}: {
  report: PageReport;
  branchHref: (restaurantId: number) => string;
  heatmap: HeatmapChoice;
}) {
  return (
    <>
      {report.tables.map((table) => (
        <Section key={table.id} title={table.title}>
          {/* The main chart sits with the table it draws (a chart of no rows would be an empty frame). */}
          {table.id === report.chart.table && table.rows.length > 0 && <ReportChart report={report} />}
          {report.heatmap?.table === table.id && <ReportHeatmap heatmap={report.heatmap} choice={heatmap} />}
          <ReportTable table={table} branchHref={branchHref} />
        </Section>
      ))}
    </>
  );
}
