import type { CostFigures, MenuClass } from '@contract/analytics.contract.js';
import { MENU_CLASS_LABELS, NO_DATA_TEXT } from '@contract/presentation/labels.js';
import { costFigures, rankedCosts } from '../answers/costs.js';
import { menuClasses, menuEngineeringAnswer, type MenuTally } from '../answers/menu-engineering.js';
import { dollars, perDollars } from '../answers/rounding.js';
import { noData } from './no-data.js';
import { card, column, lineChart, periodColumn, row, share, sum, table, type Figures, type PageContext } from './report-parts.js';

// The Food & Prime Cost page (docs/product.md#costs) and the Menu Engineering page
// (docs/product.md#menu-engineering), from the costs and menu engineering answers' cents.

const COST_COLUMNS = [
  column('revenue', 'Revenue', 'money'),
  column('food_cost', 'Food Cost', 'money'),
  column('food_cost_pct', 'Food Cost %', 'percent'),
  column('labour_cost', 'Labour Cost', 'money'),
  column('labour_cost_pct', 'Labour Cost %', 'percent'),
  column('prime_cost', 'Prime Cost', 'money'),
  column('prime_cost_pct', 'Prime Cost %', 'percent'),
  column('purchases', 'Purchases', 'money'),
  column('purchases_pct', 'Purchases %', 'percent'),
];
const costCells = (f: CostFigures) => [
  f.revenue,
  f.food_cost,
  f.food_cost_pct,
  f.labour_cost,
  f.labour_cost_pct,
  f.prime_cost,
  f.prime_cost_pct,
  f.purchases,
  f.purchases_pct,
];

/** "3 dishes sold have no cost: food cost leaves them out." — or nothing when every dish sold has one. */
const uncostedNote = (n: number) =>
  n === 0
    ? null
    : `${n} ${n === 1 ? 'dish' : 'dishes'} sold in this window ${n === 1 ? 'has' : 'have'} no cost: food cost leaves ${n === 1 ? 'it' : 'them'} out. Owners set costs on the Menu page.`;

export async function costsPage({ window, figures }: PageContext): Promise<Figures> {
  const t = await figures('costs');
  const totals = costFigures(t.totals);
  const previous = costFigures(t.previous);
  const total = row(['Total', ...costCells(totals)]);
  return {
    no_data: noData('costs', t),
    note: uncostedNote(t.itemsWithoutCost),
    cards: [
      card('food_cost', 'Food Cost', 'money', totals.food_cost, previous.food_cost),
      card('food_cost_pct', 'Food Cost % of Revenue', 'percent', totals.food_cost_pct ?? 0, previous.food_cost_pct),
      card('labour_cost', 'Labour Cost', 'money', totals.labour_cost, previous.labour_cost),
      card('prime_cost', 'Prime Cost', 'money', totals.prime_cost, previous.prime_cost),
      card('prime_cost_pct', 'Prime Cost % of Revenue', 'percent', totals.prime_cost_pct ?? 0, previous.prime_cost_pct),
      card('purchases_pct', 'Purchases % of Revenue', 'percent', totals.purchases_pct ?? 0, previous.purchases_pct),
    ],
    tables: [
      table(
        'breakdown',
        'Cost Breakdown',
        [periodColumn(window), ...COST_COLUMNS],
        t.buckets.map((b, i) => row([b.label, ...costCells(costFigures(t.series[i]!))])),
        total,
        'No sales in this window.',
      ),
      table(
        'branches',
        'Branches by Prime Cost',
        [column('name', 'Restaurant', 'text'), ...COST_COLUMNS],
        rankedCosts(t.branches).map((b) => row([b.name, ...costCells(b)], b.id)),
        total,
        'No restaurants.',
      ),
    ],
    chart: lineChart(
      'Food and Labour Cost',
      'breakdown',
      ['food_cost', 'labour_cost'],
      [t.previousSeries.map((c) => costFigures(c).food_cost), t.previousSeries.map((c) => costFigures(c).labour_cost)],
    ),
  };
}

/** The Menu Engineering cards' figures of a window's costed items: dishes per class, food cost % and margin per unit. */
function menuFigures(items: MenuTally['items']) {
  const classes = menuClasses(items);
  const revenue = sum(items, (i) => i.revenue_cents);
  const food = sum(items, (i) => i.food_cost_cents);
  const units = sum(items, (i) => i.units);
  const count = (c: MenuClass) => classes.filter((k) => k === c).length;
  return {
    revenue,
    food,
    units,
    stars: count('star'),
    plowhorses: count('plowhorse'),
    puzzles: count('puzzle'),
    dogs: count('dog'),
    foodCostPct: share(food, revenue),
    marginPerUnit: perDollars(revenue - food, units),
  };
}

export async function menuEngineeringPage({ figures }: PageContext): Promise<Figures> {
  const t = await figures('menu-engineering');
  const answer = menuEngineeringAnswer(t);
  const now = menuFigures(t.items);
  // The window it is compared with, when a costed dish sold in it.
  const before = t.previous.length === 0 ? null : menuFigures(t.previous);
  const { revenue, food, units } = now;
  const bySku = new Map(t.items.map((i) => [i.sku, i]));
  const none =
    noData('menu-engineering', t) ??
    (t.items.length === 0 ? `No dish sold in this window has a cost yet. ${uncostedNote(t.itemsWithoutCost)!}` : null);
  return {
    no_data: none,
    note: none === null ? uncostedNote(t.itemsWithoutCost) : null,
    cards: [
      card('stars', 'Stars', 'count', now.stars, before?.stars ?? null),
      card('plowhorses', 'Plowhorses', 'count', now.plowhorses, before?.plowhorses ?? null),
      card('puzzles', 'Puzzles', 'count', now.puzzles, before?.puzzles ?? null),
      card('dogs', 'Dogs', 'count', now.dogs, before?.dogs ?? null),
      card('dish_food_cost_pct', 'Food Cost % of Dish Sales', 'percent', now.foodCostPct ?? 0, before?.foodCostPct ?? null),
      card('margin_per_unit', 'Avg Margin per Unit', 'money', now.marginPerUnit, before?.marginPerUnit ?? null),
    ],
    tables: [
      table(
        'dishes',
        'Dishes by Popularity and Margin',
        [
          column('name', 'Dish', 'text'),
          column('class', 'Class', 'text'),
          column('units', 'Units Sold', 'count'),
          column('mix_pct', 'Menu Mix %', 'percent'),
          column('revenue', 'Revenue', 'money'),
          column('food_cost', 'Food Cost', 'money'),
          column('margin', 'Margin', 'money'),
          column('margin_per_unit', 'Margin per Unit', 'money'),
        ],
        answer.items.map((i) => {
          const cents = bySku.get(i.sku)!;
          const margin = cents.revenue_cents - cents.food_cost_cents;
          return row([
            i.name,
            MENU_CLASS_LABELS[i.class],
            i.units,
            i.mix_pct,
            i.revenue,
            i.food_cost,
            i.margin,
            perDollars(margin, i.units),
          ]);
        }),
        row([
          'Total',
          null,
          units,
          units === 0 ? null : 100,
          dollars(revenue),
          dollars(food),
          dollars(revenue - food),
          perDollars(revenue - food, units),
        ]),
        NO_DATA_TEXT['menu-engineering'],
      ),
    ],
    chart: {
      title: 'Menu Engineering',
      type: 'scatter',
      table: 'dishes',
      category: 'name',
      series: ['mix_pct', 'margin_per_unit'],
      compared: [],
      group: 'class',
      thresholds: [answer.thresholds.mix_pct ?? 0, answer.thresholds.margin_per_unit ?? 0],
    },
  };
}
