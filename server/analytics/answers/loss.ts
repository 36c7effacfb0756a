import { sql } from 'kysely';
import type { AnalyticsWindow, Loss, LossFigures } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { tally, type Counters, type DayRow, type Tally } from './buckets.js';
import { byText, dollars, percent } from './rounding.js';
import { branchConditions, scopeIds, type AnalyticsScope } from './scope.js';
import { fetchParts, part, statsByDay } from './sql-parts.js';
import { LOSS_COUNTERS } from '../write/rollup-columns.js';
import { monthlyTotals, monthParts } from './months.js';

// Voids, discounts, refunds and tips against gross sales (docs/product.md#loss), from the daily
// stats rollups (the series) and the monthly running totals (the branches), in integer cents until shaped.

type LossKey = (typeof LOSS_COUNTERS)[number];
export type LossCounts = Counters<LossKey>;
type BranchLoss = LossCounts & { id: number; name: string };

/** The loss answer before shaping: counters per bucket, for the window, the comparison window and per branch. */
export type LossTally = Tally<LossKey> & { window: AnalyticsWindow; branches: BranchLoss[] };

export async function lossTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<LossTally> {
  const r = columnsOf('restaurants', 'r');
  const running = Object.fromEntries(LOSS_COUNTERS.map((c) => [c, `running_${c}` as const]));
  const { days, branches } = await fetchParts<{ days: DayRow<LossKey>[]; branches: BranchLoss[] }>(db, {
    days: statsByDay(scope, window, LOSS_COUNTERS),
    // Every branch of the scope, those without trade too: a row per branch and month, whatever the window's length.
    branches: part(
      sql`select ${r('id')}, ${r('name')}, ${sql.join(LOSS_COUNTERS.map((k) => sql`coalesce(s.${sql.ref(k)}, 0) as ${sql.ref(k)}`))}
        from restaurants r
        left join (${monthlyTotals('monthly_restaurant_stats', scopeIds(scope), monthParts(window), running)}) s on s.restaurant_id = ${r('id')}
        where ${r('franchise_id')} = ${scope.franchiseId}${branchConditions(r('id'), scope)}`,
      ['id', 'name', ...LOSS_COUNTERS],
    ),
  });
  return { window, ...tally(LOSS_COUNTERS, days, window), branches };
}

/** A share of gross sales in %, one decimal; null without gross sales. */
const ofGross = (cents: number, gross: number) => (gross === 0 ? null : percent(cents, gross));

export function lossFigures(c: LossCounts): LossFigures {
  const gross = c.gross_sales_cents;
  const loss = c.voided_cents + c.discount_cents + c.refunded_cents;
  return {
    gross_sales: dollars(gross),
    voided: c.orders_voided,
    voided_value: dollars(c.voided_cents),
    voided_pct: ofGross(c.voided_cents, gross),
    discounts: dollars(c.discount_cents),
    discounts_pct: ofGross(c.discount_cents, gross),
    refunded: c.orders_refunded,
    refunded_value: dollars(c.refunded_cents),
    refunded_pct: ofGross(c.refunded_cents, gross),
    tips: dollars(c.tip_cents),
    tips_pct: ofGross(c.tip_cents, gross),
    loss: dollars(loss),
    loss_pct: ofGross(loss, gross),
  };
}

/** The highest loss % first, branches without gross sales last, then by name. */
export function rankedLoss(branches: BranchLoss[]) {
  return branches
    .map((b) => ({ id: b.id, name: b.name, ...lossFigures(b) }))
    .sort(
      (a, b) =>
        (a.loss_pct === null ? 1 : 0) - (b.loss_pct === null ? 1 : 0) ||
        (b.loss_pct ?? 0) - (a.loss_pct ?? 0) ||
        byText(a.name, b.name) ||
        a.id - b.id,
    );
}

export function lossAnswer(t: LossTally): Loss {
  return {
    window: t.window,
    totals: lossFigures(t.totals),
    previous_totals: lossFigures(t.previous),
    series: t.buckets.map((b, i) => ({ ...b, ...lossFigures(t.series[i]!) })),
    restaurants: rankedLoss(t.branches),
  };
}
