import { sql } from 'kysely';
import type { AnalyticsWindow, Bucket } from '@contract/analytics.contract.js';
import type { TargetsAnswer } from '@contract/api/targets.calls.js';
import type { ReportDocument } from '@contract/page-reports.contract.js';
import type { Db } from '../db/database.js';
import { columnsOf } from '../db/typed-sql.js';
import { tally, type DayRow } from '../analytics/answers/buckets.js';
import { revenueCents, revenueTally } from '../analytics/answers/revenues.js';
import { byText, dollars, percent } from '../analytics/answers/rounding.js';
import { scopeIds, type AnalyticsScope } from '../analytics/answers/scope.js';
import { fetchParts, inWindow, part } from '../analytics/answers/sql-parts.js';
import { column, lineChart, periodColumn, row, table } from '../analytics/page-reports/report-parts.js';
import type { ReportHeading } from '../analytics/page-reports.js';

// Revenue against target (docs/product.md#targets-and-variance): revenue as the revenues answer
// reads it, the window's targets summed (a day without one counts 0), in integer cents until shaped.

type BranchFigures = { id: number; name: string; revenue_cents: number; target_cents: number };

/** The targets answer before shaping: cents per bucket, for the window and per branch of the scope. */
export type TargetsFigures = {
  window: AnalyticsWindow;
  buckets: Bucket[];
  series: { revenue_cents: number; target_cents: number }[];
  totals: { revenue_cents: number; target_cents: number };
  branches: BranchFigures[];
};

export async function targetsFigures(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<TargetsFigures> {
  const t = columnsOf('targets', 't');
  const days = inWindow(t('day'), window);
  const [revenue, targets] = await Promise.all([
    revenueTally(db, scope, window),
    fetchParts<{ days: DayRow<'target_cents'>[]; branches: { id: number; target_cents: number }[] }>(db, {
      days: part(
        sql`select ${t('day')}::text as day, sum(${t('revenue_cents')})::float8 as target_cents from targets t
          where ${t('restaurant_id')} in ${scopeIds(scope)} and ${days} group by ${t('day')}`,
        ['day', 'target_cents'],
      ),
      branches: part(
        sql`select ${t('restaurant_id')} as id, sum(${t('revenue_cents')})::float8 as target_cents from targets t
          where ${t('restaurant_id')} in ${scopeIds(scope)} and ${days} group by ${t('restaurant_id')}`,
        ['id', 'target_cents'],
      ),
    }),
  ]);
  const planned = tally(['target_cents'], targets.days, window);
  const targetOf = new Map(targets.branches.map((b) => [b.id, b.target_cents]));
  return {
    window,
    buckets: revenue.buckets,
    series: revenue.series.map((c, i) => ({ revenue_cents: revenueCents(c), target_cents: planned.series[i]!.target_cents })),
    totals: { revenue_cents: revenueCents(revenue.totals), target_cents: planned.totals.target_cents },
    branches: revenue.branches.map((b) => ({
      id: b.id,
      name: b.name,
      revenue_cents: b.revenue_cents,
      target_cents: targetOf.get(b.id) ?? 0,
    })),
  };
}

/** variance = revenue − target; variance % of the target, one decimal, null without a target. */
export function variance(revenueCentsSum: number, targetCents: number) {
  const cents = revenueCentsSum - targetCents;
  return {
    revenue: dollars(revenueCentsSum),
    target: dollars(targetCents),
    variance: dollars(cents),
    variance_pct: targetCents === 0 ? null : percent(cents, targetCents),
  };
}

/** Worst variance % first, branches without a target last, then by name. */
function ranked(branches: BranchFigures[]) {
  return branches
    .map((b) => ({ id: b.id, name: b.name, ...variance(b.revenue_cents, b.target_cents) }))
    .sort(
      (a, b) =>
        (a.variance_pct === null ? 1 : 0) - (b.variance_pct === null ? 1 : 0) ||
        (a.variance_pct ?? 0) - (b.variance_pct ?? 0) ||
        byText(a.name, b.name) ||
        a.id - b.id,
    );
}

export function targetsAnswer(f: TargetsFigures): TargetsAnswer {
  return {
    window: f.window,
    totals: variance(f.totals.revenue_cents, f.totals.target_cents),
    series: f.buckets.map((b, i) => ({ ...b, revenue: dollars(f.series[i]!.revenue_cents), target: dollars(f.series[i]!.target_cents) })),
    restaurants: ranked(f.branches),
  };
}

/** The Targets page as a report, for its CSV and PDF files: its cards, its periods (the chart's) and its branches. */
export function targetsReport(
  f: TargetsFigures,
  heading: ReportHeading,
  labels: { range: string; comparedWith: string },
  now: Date,
): ReportDocument {
  const totals = variance(f.totals.revenue_cents, f.totals.target_cents);
  const card = (id: string, label: string, value: number) => ({ id, label, unit: 'money' as const, value, previous: null });
  const columns = [column('revenue', 'Revenue', 'money'), column('target', 'Target', 'money'), column('variance', 'Variance', 'money')];
  const total = row(['Total', totals.revenue, totals.target, totals.variance, totals.variance_pct]);
  return {
    page: 'targets',
    title: 'Targets',
    ...heading,
    window: f.window,
    range_label: labels.range,
    compared_with: labels.comparedWith,
    generated_at: now.toISOString(),
    no_data: null,
    cards: [
      card('revenue', 'Revenue', totals.revenue),
      card('target', 'Target', totals.target),
      card('variance', 'Variance', totals.variance),
    ],
    tables: [
      table(
        'periods',
        'Revenue vs Target',
        [periodColumn(f.window), ...columns],
        f.buckets.map((b, i) => {
          const v = variance(f.series[i]!.revenue_cents, f.series[i]!.target_cents);
          return row([b.label, v.revenue, v.target, v.variance]);
        }),
        row(['Total', totals.revenue, totals.target, totals.variance]),
        'No days in this window.',
      ),
      table(
        'branches',
        'Branches',
        [column('name', 'Branch', 'text'), ...columns, column('variance_pct', 'Variance %', 'change')],
        ranked(f.branches).map((b) => row([b.name, b.revenue, b.target, b.variance, b.variance_pct], b.id)),
        total,
        'No branches.',
      ),
    ],
    chart: lineChart('Revenue vs Target', 'periods', ['revenue', 'target'], []),
  };
}
