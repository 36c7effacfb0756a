import type { AnalyticsKind, AnalyticsWindow, Grouping } from '@contract/analytics.contract.js';
import type {
  CellUnit,
  PageReport,
  ReportCard,
  ReportCell,
  ReportChart,
  ReportColumn,
  ReportRow,
  ReportTable,
} from '@contract/page-reports.contract.js';
import { lowerIsBetter, type CardFigure } from '@contract/presentation/figure-direction.js';
import type { Db } from '../../db/database.js';
import type { AnswerFigures } from '../answers/analytics-answer.js';
import { percent } from '../answers/rounding.js';
import type { AnalyticsScope } from '../answers/scope.js';
import type { LabourPlanDay } from '../forecast/labour-plan.js';

// The pieces every page report is made of. Every Total is summed from integer cents, minutes and
// counts, so money rows add up to it to the cent.

/** What a page contributes to its report. */
export type Figures = Omit<
  PageReport,
  'page' | 'title' | 'franchise' | 'branch' | 'window' | 'range_label' | 'compared_with' | 'generated_at'
>;

/** What a page is built from: the scope and window, and the answers' integer figures over them. */
export type PageContext = {
  db: Db;
  scope: AnalyticsScope;
  window: AnalyticsWindow;
  rangeLabel: string;
  /** The scope's Labour Plan from each branch's today (docs/product.md#forecast). */
  labourPlan: () => Promise<LabourPlanDay[]>;
  figures: <K extends AnalyticsKind>(kind: K) => Promise<AnswerFigures[K]>;
};

/** part / whole in %, one decimal; null when whole is 0 (a share of nothing is undefined). */
export const share = (part: number, whole: number) => (whole === 0 ? null : percent(part, whole));
export const sum = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((s, item) => s + pick(item), 0);

export const column = (key: string, label: string, unit: CellUnit): ReportColumn => ({ key, label, unit });
/** A stat card; whether a rise is bad news (a cost) follows from its figure, by FIGURE_MEANING, never from the page. */
export const card = (id: CardFigure, label: string, unit: CellUnit, value: number, previous: number | null): ReportCard =>
  lowerIsBetter(id) ? { id, label, unit, value, previous, lower_is_better: true } : { id, label, unit, value, previous };
export const row = (cells: ReportCell[], restaurantId?: number, status?: ReportRow['status']): ReportRow => ({
  cells,
  ...(restaurantId === undefined ? {} : { restaurant_id: restaurantId }),
  ...(status === undefined ? {} : { status }),
});
export const table = (
  id: string,
  title: string,
  columns: ReportColumn[],
  rows: ReportRow[],
  total: ReportRow | null,
  emptyText: string,
): ReportTable => ({
  id,
  title,
  columns,
  rows,
  total,
  empty_text: emptyText,
});
/** A line per column of the table's periods, each with its comparison window's values per period (`compared`, in the columns' order). */
export const lineChart = (title: string, tableId: string, series: string[], compared: number[][]): ReportChart => ({
  title,
  type: 'line',
  table: tableId,
  category: 'period',
  series,
  compared,
});

const PERIOD_LABELS: Record<Grouping, string> = { daily: 'Date', weekly: 'Week', monthly: 'Month' };
export const periodColumn = (w: AnalyticsWindow) => column('period', PERIOD_LABELS[w.grouping], 'text');
export const NO_TRADE = 'No trade in this window.';
