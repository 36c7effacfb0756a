import * as z from 'zod';
import { MENUS } from '../ingest.contract.js';
import { menuCostsBody } from '../menu.contract.js';
import { defineCalls } from './call.js';
import { ingestResult } from './ingest.calls.js';

export const menuItem = z.object({
  sku: z.string(),
  name: z.string(),
  menu: z.enum(MENUS),
  is_combo: z.boolean(),
  price_cents: z.int(),
  cost_cents: z.int().nullable().meta({ description: 'The cost on the franchise’s today; null while the item has none' }),
});
export type MenuItem = z.output<typeof menuItem>;
/** What the import checks an orders file's SKUs against. */
export type MenuSku = Pick<MenuItem, 'sku' | 'name'>;

/** The franchise's menu: what the import checks an orders file against, and the Menu page's prices and costs (docs/product.md#costs). */
export const MENU_CALLS = defineCalls({
  'GET /franchise/menu-items': {
    operationId: 'listMenuItems',
    summary: 'The franchise’s menu items by SKU, each with its price and today’s cost',
    description: 'The SKUs an order’s lines may name (an order naming another is refused, 422), with each item’s price and cost in cents.',
    tag: 'Ingest',
    access: 'owner',
    success: { data: z.array(menuItem) },
  },
  'PUT /franchise/menu-items/costs': {
    operationId: 'putMenuCosts',
    summary: 'Set menu items’ costs from today on',
    description:
      'Each cost applies from the franchise’s today on; earlier days keep theirs, and days before an item’s first cost use that first cost. An item whose cost today is already the one sent is `unchanged`. A SKU the menu lacks, one sent twice or a negative or fractional cost makes the call 422 with every problem keyed by its path (`costs[2].sku`), and nothing is written.',
    tag: 'Ingest',
    access: 'owner',
    body: menuCostsBody,
    success: { data: ingestResult },
  },
});
