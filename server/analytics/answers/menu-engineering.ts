import { sql } from 'kysely';
import type { AnalyticsWindow, MenuClass, MenuEngineering } from '@contract/analytics.contract.js';
import type { Db } from '../../db/database.js';
import { columnsOf } from '../../db/typed-sql.js';
import { itemsWithoutCost } from './costs.js';
import { byText, dollars, percent, perDollars } from './rounding.js';
import type { AnalyticsScope } from './scope.js';
import { fetchParts, inWindow, ITEM_TABLES, part, scopeRows } from './sql-parts.js';

// Menu engineering (docs/product.md#menu-engineering): each costed item's popularity and margin over the
// window, classed by the Kasavana–Smith rule, decided in integers.

type ItemRow = { sku: string; name: string; units: number; revenue_cents: number; food_cost_cents: number };
/**
 * The menu engineering answer before shaping: the costed items sold in the window and in the window it is
 * compared with, and how many sold in the window lack a cost.
 */
export type MenuTally = { window: AnalyticsWindow; items: ItemRow[]; previous: ItemRow[]; itemsWithoutCost: number };

/** The costed items sold in `days`, franchise-wide or the scope's branches, summed per item. */
function costedItems(scope: AnalyticsScope, days: Pick<AnalyticsWindow, 'start_date' | 'end_date'>) {
  const m = columnsOf('menu_items', 'm');
  // Raw: the pair of item rollups, franchise-wide or the scope's branches, summed per item.
  return part(
    sql`select ${m('sku')}, ${m('name')}, s.units, s.revenue_cents, s.food_cost_cents
      from (
        select s.menu_item_id, sum(s.units)::float8 as units, sum(s.revenue_cents::float8) as revenue_cents,
          sum(s.food_cost_cents::float8) as food_cost_cents
        ${scopeRows(scope, ITEM_TABLES, (day) => inWindow(day, days))}
        group by s.menu_item_id
      ) s join menu_items m on ${m('id')} = s.menu_item_id
      where s.units > 0 and exists (select 1 from menu_item_costs c where ${columnsOf('menu_item_costs', 'c')('menu_item_id')} = s.menu_item_id)`,
    ['sku', 'name', 'units', 'revenue_cents', 'food_cost_cents'],
  );
}

export async function menuTally(db: Db, scope: AnalyticsScope, window: AnalyticsWindow): Promise<MenuTally> {
  const { items, previous, uncosted } = await fetchParts<{ items: ItemRow[]; previous: ItemRow[]; uncosted: { n: number }[] }>(db, {
    items: costedItems(scope, window),
    previous: costedItems(scope, window.previous),
    uncosted: itemsWithoutCost(scope, window),
  });
  return { window, items, previous, itemsWithoutCost: uncosted[0]?.n ?? 0 };
}

/**
 * Kasavana–Smith over `items` (docs/product.md#menu-engineering): popular when its share of units is at least 70 %
 * of an equal share (10 × units × n ≥ 7 × all units), profitable when its margin per unit is at least the
 * units-weighted average (margin × all units ≥ all margin × units). BigInt: the products outgrow 2^53.
 */
export function menuClass(item: { units: number; margin: number }, all: { items: number; units: number; margin: number }): MenuClass {
  const popular = 10n * BigInt(item.units) * BigInt(all.items) >= 7n * BigInt(all.units);
  const profitable = BigInt(item.margin) * BigInt(all.units) >= BigInt(all.margin) * BigInt(item.units);
  if (popular) return profitable ? 'star' : 'plowhorse';
  return profitable ? 'puzzle' : 'dog';
}

/** The count, units and margin of the costed items sold: what each one's class is measured against. */
const menuTotals = (items: ItemRow[]) => ({
  items: items.length,
  units: items.reduce((sum, i) => sum + i.units, 0),
  margin: items.reduce((sum, i) => sum + i.revenue_cents - i.food_cost_cents, 0),
});

/** Each item's class among `items`, in their order. */
export function menuClasses(items: ItemRow[]): MenuClass[] {
  const all = menuTotals(items);
  return items.map((i) => menuClass({ units: i.units, margin: i.revenue_cents - i.food_cost_cents }, all));
}

export function menuEngineeringAnswer(t: MenuTally): MenuEngineering {
  const all = menuTotals(t.items);
  const classes = menuClasses(t.items);
  return {
    window: t.window,
    items: t.items
      .map((i, n) => ({
        sku: i.sku,
        name: i.name,
        units: i.units,
        revenue: dollars(i.revenue_cents),
        food_cost: dollars(i.food_cost_cents),
        margin: dollars(i.revenue_cents - i.food_cost_cents),
        mix_pct: percent(i.units, all.units),
        class: classes[n]!,
      }))
      .sort((a, b) => b.units - a.units || byText(a.name, b.name) || byText(a.sku, b.sku)),
    thresholds: {
      mix_pct: all.items === 0 ? null : Math.round(700 / all.items) / 10,
      margin_per_unit: all.units === 0 ? null : perDollars(all.margin, all.units),
    },
    items_without_cost: t.itemsWithoutCost,
  };
}
