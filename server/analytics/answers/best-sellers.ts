import { expressionBuilder, sql } from 'kysely';
import type { AnalyticsWindow, BestSellers, MenuName, SellingItem } from '@contract/analytics.contract.js';
import type { Database, Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { byText, dollars } from './rounding.js';
import { scopeIds, wholeFranchise, type AnalyticsScope } from './scope.js';
import { fetchParts, part } from './sql-parts.js';

const queries = expressionBuilder<Database, never>();

type SoldRow = { sku: string; name: string; menu: MenuName; is_combo: boolean; units: number; revenue_cents: number };
/** The best sellers answer before shaping: the top items and combos, best first, their revenue in cents. */
export type SoldItems = { window: AnalyticsWindow; items: SoldRow[]; combos: SoldRow[] };

export async function soldItems(db: Db, scope: AnalyticsScope, window: AnalyticsWindow, limit: number): Promise<SoldItems> {
  // For every branch, the per-franchise rollup has one row per item and day instead of one per branch too.
  const start = sql<string>`${window.start_date}::date`;
  const end = sql<string>`${window.end_date}::date`;
  const sold = wholeFranchise(scope)
    ? queries
        .selectFrom('daily_franchise_item_sales')
        .select((eb) => [
          'menu_item_id',
          eb.fn.sum<number>('units').as('units'),
          sql<number>`sum(revenue_cents::float8)`.as('revenue_cents'),
        ])
        .where('franchise_id', '=', scope.franchiseId)
        .where((eb) => eb.between('day', start, end))
        .groupBy('menu_item_id')
    : queries
        .selectFrom('daily_item_sales')
        .select((eb) => [
          'menu_item_id',
          eb.fn.sum<number>('units').as('units'),
          sql<number>`sum(revenue_cents::float8)`.as('revenue_cents'),
        ])
        .where('restaurant_id', 'in', scopeIds(scope))
        .where((eb) => eb.between('day', start, end))
        .groupBy('menu_item_id');
  const m = columnsOf('menu_items', 'm');
  const { ranked } = await fetchParts<{ ranked: SoldRow[] }>(db, {
    // Raw: the builder's window functions cannot order by a collation.
    ranked: part(
      sql`select sku, name, menu, is_combo, units, revenue_cents from (
        select ${m('sku')}, ${m('name')}, ${m('menu')}, ${m('is_combo')}, sold.units, sold.revenue_cents,
          row_number() over (partition by ${m('is_combo')} order by sold.units desc, sold.revenue_cents desc, ${m('name')} collate "C", ${m('sku')} collate "C") as rank
        from ${sold} sold join menu_items m on ${m('id')} = sold.menu_item_id and ${m('franchise_id')} = ${scope.franchiseId}
      ) ranked
      where rank <= ${limit}`,
      ['sku', 'name', 'menu', 'is_combo', 'units', 'revenue_cents'],
    ),
  });
  const ordered = ranked.sort(
    (a, b) => b.units - a.units || b.revenue_cents - a.revenue_cents || byText(a.name, b.name) || byText(a.sku, b.sku),
  );
  return { window, items: ordered.filter((r) => !r.is_combo), combos: ordered.filter((r) => r.is_combo) };
}

/** A sold item as the answer gives it, revenue in dollars. */
export function sellingItem(r: SoldRow): SellingItem {
  return {
    sku: r.sku,
    name: r.name,
    menu: r.menu,
    is_combo: r.is_combo,
    units: r.units,
    revenue: dollars(r.revenue_cents),
  };
}

export function bestSellersAnswer(s: SoldItems): BestSellers {
  return { window: s.window, items: s.items.map(sellingItem), combos: s.combos.map(sellingItem) };
}
