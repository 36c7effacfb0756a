import { expressionBuilder, sql } from 'kysely';
import type { AnalyticsWindow, Procurement, ProcurementFigures } from '@contract/analytics.contract.js';
import { PURCHASE_CATEGORIES, type Database, type Db, type PurchaseCategory } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { tally, type Tally } from './buckets.js';
import { byText, dollars, perDollars } from './rounding.js';
import type { AnalyticsScope } from './scope.js';
import { answerDays, fetchParts, inWindow, part, scopeRows, type CounterOf } from './sql-parts.js';

const queries = expressionBuilder<Database, never>();
const PURCHASE_TABLES = { franchise: 'daily_franchise_purchases', restaurant: 'daily_purchases' } as const;
/** A column of the purchases rollups, kept per franchise and per restaurant alike. */
const s = (column: CounterOf<'daily_franchise_purchases', 'daily_purchases'>) => columnsOf('daily_purchases', 's')(column);

function procurementFigures(spendCents: number, quantity: number, suppliers: number): ProcurementFigures {
  return { spend: dollars(spendCents), quantity, suppliers, average_per_supplier: perDollars(spendCents, suppliers) };
}

type PurchaseGroup = { day: string | null; period: 'window' | 'previous' | null; category: string | null; supplier_id: number | null };

/** Spend in cents and quantity of a category or supplier over the window. */
type Spend = { quantity: number; spend_cents: number };

/**
 * The procurement answer before shaping: spend in cents and quantities per bucket, the suppliers
 * delivering in the window and the previous one, every category and every supplier, most spend first.
 */
export type ProcurementTally = Tally<'spend_cents' | 'quantity'> & {
  window: AnalyticsWindow;
  supplierCounts: { window: number; previous: number };
  categories: (Spend & { category: PurchaseCategory })[];
  suppliers: (Spend & { id: number; name: string })[];
};

export async function procurementTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<ProcurementTally> {
  // One pass over the rollup rows: per day (series, totals), and per category and per supplier of each window.
  // Raw: the builder has no grouping sets.
  const { groups, names } = await fetchParts<{
    groups: (PurchaseGroup & { quantity: number; spend_cents: number })[];
    names: { id: number; name: string }[];
  }>(db, {
    groups: part(
      sql`select p.day::text as day, p.period, p.category, p.supplier_id,
        sum(p.quantity::float8) as quantity, sum(p.amount_cents::float8) as spend_cents
      from (
        select ${s('day')}, ${s('category')}, ${s('supplier_id')}, ${s('quantity')}, ${s('amount_cents')},
          case when ${inWindow(s('day'), window)} then 'window' when ${inWindow(s('day'), window.previous)} then 'previous' end as period
        ${scopeRows(scope, PURCHASE_TABLES, (day) => answerDays(day, window))}
      ) p
      group by grouping sets ((p.day), (p.period, p.category), (p.period, p.supplier_id))`,
      ['day', 'period', 'category', 'supplier_id', 'quantity', 'spend_cents'],
    ),
    names: part(queries.selectFrom('suppliers').select(['id', 'name']).where('franchise_id', '=', scope.franchiseId), ['id', 'name']),
  });
  const days = groups.filter((g): g is typeof g & { day: string } => g.day !== null);
  const inWindowOnly = groups.filter((g) => g.period === 'window');
  // Distinct suppliers do not add up across days: one group per supplier of the window.
  const supplierCount = (period: PurchaseGroup['period']) => groups.filter((g) => g.period === period && g.supplier_id !== null).length;
  const byCategory = new Map(inWindowOnly.filter((g) => g.category !== null).map((g) => [g.category, g]));
  const supplierName = new Map(names.map((n) => [n.id, n.name]));
  return {
    window,
    ...tally(['spend_cents', 'quantity'] as const, days, window),
    supplierCounts: { window: supplierCount('window'), previous: supplierCount('previous') },
    // All ten categories, zero when none was bought; equal spends keep PURCHASE_CATEGORIES' order (the sort is stable).
    categories: PURCHASE_CATEGORIES.map((category) => {
      const c = byCategory.get(category);
      return { category, quantity: c?.quantity ?? 0, spend_cents: c?.spend_cents ?? 0 };
    }).sort((a, b) => b.spend_cents - a.spend_cents),
    suppliers: inWindowOnly
      .filter((g): g is typeof g & { supplier_id: number } => g.supplier_id !== null)
      .map((g) => ({ id: g.supplier_id, name: supplierName.get(g.supplier_id) ?? '', quantity: g.quantity, spend_cents: g.spend_cents }))
      .sort((a, b) => b.spend_cents - a.spend_cents || byText(a.name, b.name) || a.id - b.id),
  };
}

export function procurementAnswer(t: ProcurementTally): Procurement {
  return {
    window: t.window,
    series: t.buckets.map((b, i) => ({ ...b, spend: dollars(t.series[i]!.spend_cents) })),
    totals: procurementFigures(t.totals.spend_cents, t.totals.quantity, t.supplierCounts.window),
    previous_totals: procurementFigures(t.previous.spend_cents, t.previous.quantity, t.supplierCounts.previous),
    categories: t.categories.map((c) => ({ category: c.category, quantity: c.quantity, spend: dollars(c.spend_cents) })),
    suppliers: t.suppliers.map((s) => ({ id: s.id, name: s.name, quantity: s.quantity, spend: dollars(s.spend_cents) })),
  };
}
