import { sql } from 'kysely';
import { UNKNOWN_SKU_MESSAGE, type MenuCostRecord } from '@contract/menu.contract.js';
import { dayIn } from '../analytics/calendar.js';
import { costOn, costsOn } from '../analytics/food-cost.js';
import { recostItems } from '../analytics/rollups.js';
import type { Db, MenuName } from '../db/database.js';
import { anyOf, columnsOf } from '../db/typed-sql.js';
import { memberWrite } from '../activity/member-write.js';
import type { AuthUser } from '../auth/franchise-users.repository.js';
import type { WriteCounts } from '../analytics/ingest.js';
import { BatchProblems } from '../ingest/batch.js';

// The menu's costs (docs/product.md#costs): a history per item, each cost applying from its day on, and
// the food cost in the rollups re-costed in the same transaction.

/** The franchise's today on its own clock: the day a cost sent now applies from. */
export async function franchiseToday(db: Db, franchiseId: number, now: number): Promise<string> {
  const { time_zone } = await db.selectFrom('franchises').select('time_zone').where('id', '=', franchiseId).executeTakeFirstOrThrow();
  return dayIn(time_zone, new Date(now));
}

/**
 * Records costs from `fromDay` on, in the caller's franchise write: an item whose cost on that day is already
 * the one sent is left alone. Re-costs the rollups: from `fromDay` for an item with a cost before it, every
 * day for one without (its first cost applies to the days before too). Returns the items whose cost changed,
 * each with its cost on `fromDay` before (null: none).
 */
export async function recordCosts(
  trx: Db,
  franchiseId: number,
  costs: { menuItemId: number; costCents: number }[],
  fromDay: string,
): Promise<Map<number, number | null>> {
  const current = await costsOn(
    trx,
    costs.map((c) => [c.menuItemId, fromDay] as const),
  );
  const changed = costs.filter((c) => current.get(`${c.menuItemId}|${fromDay}`) !== c.costCents);
  if (changed.length === 0) return new Map();
  const ids = changed.map((c) => c.menuItemId);
  const earlier = await trx
    .selectFrom('menu_item_costs')
    .select('menu_item_id')
    .distinct()
    .where('menu_item_id', '=', anyOf(ids, 'int'))
    .where('from_day', '<', fromDay)
    .execute();
  await trx
    .insertInto('menu_item_costs')
    .values(changed.map((c) => ({ menu_item_id: c.menuItemId, from_day: fromDay, cost_cents: c.costCents })))
    .onConflict((oc) => oc.columns(['menu_item_id', 'from_day']).doUpdateSet((eb) => ({ cost_cents: eb.ref('excluded.cost_cents') })))
    .execute();
  const withEarlier = new Set(earlier.map((r) => r.menu_item_id));
  await recostItems(
    trx,
    franchiseId,
    ids.filter((id) => withEarlier.has(id)),
    fromDay,
  );
  await recostItems(
    trx,
    franchiseId,
    ids.filter((id) => !withEarlier.has(id)),
    null,
  );
  return new Map(changed.map((c) => [c.menuItemId, current.get(`${c.menuItemId}|${fromDay}`) ?? null]));
}

export type MenuItemRow = {
  sku: string;
  name: string;
  menu: MenuName;
  is_combo: boolean;
  price_cents: number;
  /** The cost on the franchise's today; null while the item has none. */
  cost_cents: number | null;
};

/** The franchise's menu by SKU, each item with its cost today. */
export async function listMenu(db: Db, franchiseId: number, now: number): Promise<MenuItemRow[]> {
  const today = await franchiseToday(db, franchiseId, now);
  const m = columnsOf('menu_items', 'm');
  const { rows } = await sql<MenuItemRow>`select ${m('sku')}, ${m('name')}, ${m('menu')}, ${m('is_combo')}, ${m('price_cents')},
      ${costOn(m('id'), sql`${today}::date`)} as cost_cents
    from menu_items m where ${m('franchise_id')} = ${franchiseId} order by ${m('sku')}`.execute(db);
  return rows;
}

/**
 * The owner's costs for SKUs of the menu, from the franchise's today, as a member's write: 422 by path for an
 * unknown SKU or one sent twice; the activity log records each changed cost, before and after.
 */
export async function writeMenuCosts(db: Db, user: AuthUser, costs: MenuCostRecord[], now: number): Promise<WriteCounts> {
  const franchiseId = user.franchise.id;
  const items = await db
    .selectFrom('menu_items')
    .select(['id', 'sku'])
    .where('franchise_id', '=', franchiseId)
    .where('sku', '=', anyOf([...new Set(costs.map((c) => c.sku))], 'text'))
    .execute();
  const ids = new Map(items.map((i) => [i.sku, i.id]));
  const problems = new BatchProblems();
  const seen = new Map<string, number>();
  for (const [i, cost] of costs.entries()) {
    const first = seen.get(cost.sku);
    if (first !== undefined) problems.add(`costs[${i}].sku`, `Sent twice in this call (also costs[${first}])`);
    else if (!ids.has(cost.sku)) problems.add(`costs[${i}].sku`, UNKNOWN_SKU_MESSAGE);
    seen.set(cost.sku, first ?? i);
  }
  problems.throwIfAny();
  return memberWrite(db, user, { now: new Date(now), owner: true, changesFigures: true }, async ({ trx, record }) => {
    const changed = await recordCosts(
      trx,
      franchiseId,
      costs.map((c) => ({ menuItemId: ids.get(c.sku)!, costCents: c.cost_cents })),
      await franchiseToday(trx, franchiseId, now),
    );
    if (changed.size > 0) {
      const skus = new Map(items.map((i) => [i.id, i.sku]));
      const after = new Map(costs.map((c) => [c.sku, c.cost_cents]));
      await record({
        action: 'updated',
        entity: 'menu',
        entityId: null,
        changes: Object.fromEntries([...changed].map(([id, before]) => [skus.get(id)!, [before, after.get(skus.get(id)!)!]])),
      });
    }
    return { created: 0, updated: changed.size, unchanged: costs.length - changed.size };
  });
}
