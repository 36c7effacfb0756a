import * as z from 'zod';
import { batch, menuItemRecord } from './ingest.contract.js';

/**
 * A menu item's cost (docs/product.md#costs): cents, kept as a history. A cost sent applies from the
 * franchise's today on; earlier days keep theirs, and days before an item's first cost use that first
 * cost. Sent with the menu items (ingest, CSV import) or alone by the owner (`PUT /franchise/menu-items/costs`,
 * the Menu page), for SKUs the menu already has.
 */

export const menuCostRecord = z.strictObject({
  sku: menuItemRecord.shape.sku,
  cost_cents: menuItemRecord.shape.cost_cents.unwrap(),
});
export const menuCostsBody = z.strictObject({ costs: batch(menuCostRecord, 'costs') });
export type MenuCostRecord = z.output<typeof menuCostRecord>;

export const UNKNOWN_SKU_MESSAGE = 'No menu item has this SKU';
