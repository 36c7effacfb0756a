import type { AnalyticsPage } from '@contract/page-reports.contract.js';
import { NO_DATA_TEXT } from '@contract/presentation/labels.js';
import type { HeadcountTally } from '../answers/headcounts.js';
import type { CostTally } from '../answers/costs.js';
import type { LossTally } from '../answers/loss.js';
import type { MenuTally } from '../answers/menu-engineering.js';
import type { OrderTally } from '../answers/orders.js';
import type { ProcurementTally } from '../answers/procurement.js';
import { revenueFigures, type RevenueTally } from '../answers/revenues.js';
import type { RosterTally } from '../answers/roster.js';

// When a page's window has none of what the page is about, read from the figures it is built from:
// one rule per page kind. Zeros beside data are figures; a window of nothing but zeros is "no data".

type PageFigures = {
  order: OrderTally;
  headcount: HeadcountTally;
  revenue: RevenueTally;
  roster: RosterTally;
  procurement: ProcurementTally;
  loss: LossTally;
  costs: CostTally;
  'menu-engineering': MenuTally;
};

/** Whether each page's window has none of its subject: orders, guests, sales (orders), shifts, purchases, sales or voids. */
export const hasNoData: { [P in AnalyticsPage]: (figures: PageFigures[P]) => boolean } = {
  order: (o) => o.totals.orders_dine_in + o.totals.orders_takeaway + o.totals.orders_delivery === 0,
  headcount: (h) => h.totals.guests_recurrent + h.totals.guests_new === 0,
  revenue: (r) => revenueFigures(r.totals).orders === 0,
  // Everyone rostered or clocked in the window, not only the `limit` listed.
  roster: (t) => t.staff_count === 0,
  // A purchase names its supplier: no supplier in the window, nothing bought.
  procurement: (p) => p.supplierCounts.window === 0,
  // Voided orders have no gross sales but are loss to show.
  loss: (l) => l.totals.gross_sales_cents === 0 && l.totals.orders_voided === 0,
  costs: (c) => c.totals.revenue_cents + c.totals.labour_cost_cents + c.totals.spend_cents === 0,
  // Dishes sold, costed or not: the page says when none of them has a cost.
  'menu-engineering': (m) => m.items.length + m.itemsWithoutCost === 0,
};

const PAGE_SUBJECT = {
  order: 'orders',
  headcount: 'headcounts',
  revenue: 'revenues',
  roster: 'roster',
  procurement: 'procurement',
  loss: 'loss',
  costs: 'costs',
  'menu-engineering': 'menu-engineering',
} as const satisfies Record<AnalyticsPage, keyof typeof NO_DATA_TEXT>;

/** The report's `no_data`: the dashboard's text for the page's subject when its window has none, else null. */
export function noData<P extends AnalyticsPage>(page: P, figures: PageFigures[P]): string | null {
  return hasNoData[page](figures) ? NO_DATA_TEXT[PAGE_SUBJECT[page]] : null;
}
