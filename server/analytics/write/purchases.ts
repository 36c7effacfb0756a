import type { Db, PurchaseCategory } from '../../db/database.js';
import { anyOf } from '../../db/typed-sql.js';
import { removeSent, recordSent, rowKind, type RecordRef, type RollupWrite, type SentRecord } from './sent.js';
import { addRunning, addToRollup, addToRunningRollup, monthOf, type Cell, type RunningRow } from './statements.js';

export type PurchaseInput = {
  restaurantId: number;
  supplierId: number;
  /** YYYY-MM-DD, the calendar day in the franchise's time zone. */
  day: string;
  category: PurchaseCategory;
  quantity: number;
  amountCents: number;
} & SentRecord;

/** The net change a batch makes to the purchase rollups: per key, quantity and amount (PURCHASE_COUNTERS). */
class PurchaseRollups {
  private readonly totals = new Map<string, [restaurantId: number, day: string, supplierId: number, category: string, ...Cell[]]>();
  private readonly franchiseTotals = new Map<string, [franchiseId: number, day: string, supplierId: number, category: string, ...Cell[]]>();
  private readonly monthly = new Map<string, RunningRow>();

  constructor(private readonly franchiseId: number) {}

  add(p: Omit<PurchaseInput, keyof SentRecord>, sign: 1 | -1): void {
    const addTo = (rows: typeof this.totals, key: string, owner: number) => {
      const row = rows.get(key) ?? rows.set(key, [owner, p.day, p.supplierId, p.category, 0, 0]).get(key)!;
      row[4] = (row[4] as number) + sign * p.quantity;
      row[5] = (row[5] as number) + sign * p.amountCents;
    };
    addTo(this.totals, `${p.restaurantId}|${p.day}|${p.supplierId}|${p.category}`, p.restaurantId);
    addTo(this.franchiseTotals, `${p.day}|${p.supplierId}|${p.category}`, this.franchiseId);
    // The branch's month: its quantity, and running spend for the branch comparison.
    addRunning(this.monthly, String(p.restaurantId), [p.restaurantId], p.day, [sign * p.quantity], [sign * p.amountCents]);
  }

  async write(trx: Db, { takenOut, newDays }: RollupWrite): Promise<void> {
    await addToRollup(trx, 'daily_purchases', [...this.totals.values()], newDays);
    await addToRollup(trx, 'daily_franchise_purchases', [...this.franchiseTotals.values()], newDays);
    await addToRunningRollup(trx, 'monthly_restaurant_purchases', [...this.monthly.values()]);
    if (!takenOut) return;
    const rows = [...this.totals.values()];
    const dayList = [...new Set(rows.map(([, d]) => d))];
    const days = anyOf(dayList, 'date');
    const restaurants = anyOf([...new Set(rows.map(([r]) => r))], 'int');
    await trx
      .deleteFrom('daily_purchases')
      .where('restaurant_id', '=', restaurants)
      .where('day', '=', days)
      .where('quantity', '=', 0)
      .execute();
    await trx
      .deleteFrom('monthly_restaurant_purchases')
      .where('restaurant_id', '=', restaurants)
      .where('month', '=', anyOf([...new Set(dayList.map(monthOf))], 'date'))
      .where('quantity', '=', 0)
      .execute();
    await trx
      .deleteFrom('daily_franchise_purchases')
      .where('franchise_id', '=', this.franchiseId)
      .where('day', '=', days)
      .where('quantity', '=', 0)
      .execute();
  }
}

const PURCHASES = rowKind({
  table: 'purchase_lines',
  owned: [{ table: 'suppliers', ids: (p: PurchaseInput) => [p.supplierId] }],
  columns: [
    ['restaurant_id', 'int'],
    ['supplier_id', 'int'],
    ['day', 'date'],
    ['category', 'text'],
    ['quantity', 'int'],
    ['amount_cents', 'int'],
  ],
  cells: (p) => [p.restaurantId, p.supplierId, p.day, p.category, p.quantity, p.amountCents],
  fromRow: (r) => ({
    restaurantId: r.restaurant_id as number,
    supplierId: r.supplier_id as number,
    day: r.day as string,
    category: r.category as PurchaseCategory,
    quantity: r.quantity as number,
    amountCents: r.amount_cents as number,
  }),
  rollups: (franchiseId) => new PurchaseRollups(franchiseId),
});

/** Purchase lines and their daily, per-franchise and monthly branch purchase rollups; `appending`: see recordSent. */
export const recordPurchases = (db: Db, franchiseId: number, purchases: PurchaseInput[], options: { appending?: boolean } = {}) =>
  recordSent(db, franchiseId, PURCHASES, purchases, options.appending);
export const removePurchases = (db: Db, franchiseId: number, refs: RecordRef[]) => removeSent(db, franchiseId, PURCHASES, refs);
