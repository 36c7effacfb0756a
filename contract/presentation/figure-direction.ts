// Colours follow meaning (docs/product.md#metrics): a rise of a cost is bad news, a rise of anything else
// good news. Every stat card's figure is listed here once, by the id its page report gives it, so a new card
// cannot be added without saying which it is. No zod here, so the client may import it.

/** `cost`: a rise is bad (red), a fall good (green). `gain`: a rise is good, a fall bad. */
export type FigureMeaning = 'cost' | 'gain';

export const FIGURE_MEANING = {
  // Order page.
  total_orders: 'gain',
  pos: 'gain',
  app: 'gain',
  // Productivity page.
  labour_cost: 'cost',
  attendance: 'gain',
  revenue_per_hour: 'gain',
  labour_share: 'cost',
  // Revenue page.
  total_revenue: 'gain',
  aov: 'gain',
  atv: 'gain',
  // Headcount page.
  total: 'gain',
  recurrent: 'gain',
  new: 'gain',
  // Procurement page.
  spend: 'cost',
  average_per_supplier: 'cost',
  spend_share: 'cost',
  // Loss page: what walks out of the door is a cost; gross sales and tips are gains.
  gross_sales: 'gain',
  voided_value: 'cost',
  discounts: 'cost',
  refunded_value: 'cost',
  tips: 'gain',
  loss_pct: 'cost',
  // Food & Prime Cost page.
  food_cost: 'cost',
  food_cost_pct: 'cost',
  prime_cost: 'cost',
  prime_cost_pct: 'cost',
  purchases_pct: 'cost',
  // Menu Engineering page: stars and margin earn, plowhorses, puzzles and dogs each ask for work.
  stars: 'gain',
  plowhorses: 'cost',
  puzzles: 'cost',
  dogs: 'cost',
  dish_food_cost_pct: 'cost',
  margin_per_unit: 'gain',
} as const satisfies Record<string, FigureMeaning>;

/** A stat card's figure, by its id in the page report. */
export type CardFigure = keyof typeof FIGURE_MEANING;

/** Whether a rise of the figure is bad news: every cost (labour, labour % of revenue, spend, spend per supplier or % of revenue). */
export const lowerIsBetter = (figure: CardFigure): boolean => FIGURE_MEANING[figure] === 'cost';

/** How a change reads: good (green), bad (red) or flat (neither), from its direction and whether lower is better. */
export function changeTone(direction: 'up' | 'down' | 'flat', lowerIsBetterFigure = false): 'good' | 'bad' | 'flat' {
  if (direction === 'flat') return 'flat';
  return (direction === 'up') !== lowerIsBetterFigure ? 'good' : 'bad';
}
