import type { MenuItem } from '@contract/api/menu.calls';
import type { MenuCostRecord } from '@contract/menu.contract';

// The Menu page's cost drafts (docs/product.md#costs): typed in dollars, sent in cents.

export const COST_FORMAT_MESSAGE = 'Enter the cost in dollars, e.g. 4.50';
export const COST_ABOVE_PRICE_WARNING = 'Costs more than its price';

/** A cost typed in dollars ("4.5", "$4.50", "12") in cents; null when it is not a non-negative amount to the cent. */
export function costCents(text: string): number | null {
  const match = /^\$?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A cost in cents as the field shows it: "4.50". */
export const costText = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

export type CostDrafts = Readonly<Record<string, string>>;

/**
 * The drafts that change a cost, as the call sends them, and the problems of those that cannot be sent, by SKU. A
 * draft equal to the item's cost, or left empty for an item without one, changes nothing.
 */
export function draftedCosts(
  items: readonly MenuItem[],
  drafts: CostDrafts,
): { costs: MenuCostRecord[]; problems: Record<string, string> } {
  const costs: MenuCostRecord[] = [];
  const problems: Record<string, string> = {};
  for (const item of items) {
    const draft = drafts[item.sku];
    if (draft === undefined || (draft.trim() === '' && item.cost_cents === null)) continue;
    const cents = costCents(draft);
    if (cents === null) problems[item.sku] = COST_FORMAT_MESSAGE;
    else if (cents !== item.cost_cents) costs.push({ sku: item.sku, cost_cents: cents });
  }
  return { costs, problems };
}

/** The server's 422 problems (`costs[i].cost_cents`, `costs[i].sku`) by the SKU of the cost they name. */
export function problemsBySku(sent: readonly MenuCostRecord[], errors: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const index = /^costs\[(\d+)\]/.exec(path)?.[1];
    const sku = index === undefined ? undefined : sent[Number(index)]?.sku;
    if (sku !== undefined) out[sku] ??= message;
  }
  return out;
}

/** An item's margin (price − cost) in cents and as a share of its price, by its draft when that is a valid cost. */
export function marginOf(item: MenuItem, draft: string | undefined): { cents: number; pct: number | null } | null {
  const cost = draft === undefined ? item.cost_cents : costCents(draft);
  if (cost === null) return null;
  const cents = item.price_cents - cost;
  return { cents, pct: item.price_cents === 0 ? null : Math.round((cents * 1000) / item.price_cents) / 10 };
}
