import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { recordActivity, type Actor } from '../activity/activity.repository.js';
import {
  beginFranchiseWrite,
  recordOrders,
  recordPurchases,
  recordShifts,
  removePurchases,
  removeShifts,
  type WriteCounts,
} from '../analytics/ingest.js';
import {
  MAX_FUTURE_DAYS,
  type MenuItemRecord,
  type OrderRecord,
  type PurchaseRecord,
  type IngestKind,
  type RecordKey,
  type ShiftRecord,
} from '@contract/ingest.contract.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';

/**
 * The ingest calls' work behind validation of shape (docs/integrations.md): resolves what records
 * name (restaurants, SKUs, people, customers, suppliers), checks everything a record may get wrong
 * against the franchise and the caller's scope, and writes the batch in one transaction, or nothing
 * with every problem listed by the record's path.
 */

/**
 * Who writes: the franchise, the one branch a key is scoped to (null: every branch), and for the
 * activity log who sent the batch (a member or an API key) and through what: the console's CSV
 * import or the ingest API.
 */
export type IngestScope = { franchiseId: number; restaurantId: number | null; actor: Actor; via: 'import' | 'ingest' };

/** What a batch did, as its call answers it. */
type BatchResult = WriteCounts | { removed: number };

const DAY_MS = 86_400_000;

/** Problems of a batch, by the record's path; a batch with any writes nothing. */
class BatchProblems {
  private readonly problems = new Map<string, string[]>();

  add(path: string, message: string): void {
    this.problems.set(path, [...(this.problems.get(path) ?? []), message]);
  }

  throwIfAny(): void {
    if (this.problems.size === 0) return;
    const n = this.problems.size;
    throw new HttpError(422, `${n} ${n === 1 ? 'problem' : 'problems'} in this batch; nothing was written.`, {
      errors: Object.fromEntries(this.problems),
    });
  }
}

/** What was sent, as a stable fingerprint: an identical resend is recognised and changes nothing. */
const fingerprint = (record: unknown) => createHash('sha256').update(JSON.stringify(record)).digest('base64url');

/**
 * Each record's restaurant must be the franchise's (another franchise's restaurant reads as unknown)
 * and, for a key scoped to one branch, that branch; a (restaurant_id, external_id) may appear once a call.
 */
async function checkRecords(
  db: Db,
  scope: IngestScope,
  kind: string,
  records: readonly { restaurant_id: number; external_id: string }[],
  problems: BatchProblems,
): Promise<void> {
  const wanted = [...new Set(records.map((r) => r.restaurant_id))];
  const { rows } = await sql<{ id: number }>`select id from restaurants
    where franchise_id = ${scope.franchiseId} and id = any(${wanted}::int[])`.execute(db);
  const owned = new Set(rows.map((r) => r.id));
  const seen = new Map<string, number>();
  for (const [i, r] of records.entries()) {
    if (!owned.has(r.restaurant_id)) problems.add(`${kind}[${i}].restaurant_id`, `Unknown restaurant ${r.restaurant_id}`);
    else if (scope.restaurantId !== null && r.restaurant_id !== scope.restaurantId) {
      problems.add(`${kind}[${i}].restaurant_id`, `This key may only write restaurant ${scope.restaurantId}`);
    }
    const key = `${r.restaurant_id}|${r.external_id}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, i);
    else problems.add(`${kind}[${i}].external_id`, `Sent twice in this call (also ${kind}[${first}])`);
  }
}

/** Days after the server's today (UTC) that a record may carry: a far-future day is a clock or typing error. */
const latestDay = (now: number) => new Date(now + MAX_FUTURE_DAYS * DAY_MS).toISOString().slice(0, 10);

/**
 * One entry per batch, in its transaction: a CSV import always (a member's action), an ingest call
 * only when it created, updated or removed something, so a system resending what it sent before
 * does not fill the log.
 */
async function recordBatch(trx: Db, scope: IngestScope, kind: IngestKind, result: BatchResult, now: number): Promise<void> {
  const removal = 'removed' in result;
  const changed = removal ? result.removed > 0 : result.created + result.updated > 0;
  if (scope.via === 'ingest' && !changed) return;
  await recordActivity(trx, {
    franchiseId: scope.franchiseId,
    at: new Date(now),
    actor: scope.actor,
    action: scope.via === 'import' ? 'imported' : removal ? 'removed' : 'ingested',
    entity: scope.via,
    entityId: null,
    changes: Object.fromEntries([['kind', [null, kind]], ...Object.entries(result).map(([count, n]) => [count, [null, n]])]),
  });
}

/**
 * One transaction that begins the franchise's write (its lock and data_version bump) before `work`,
 * and records the batch in the activity log after it.
 */
const franchiseWrite = <T extends BatchResult>(
  db: Db,
  scope: IngestScope,
  kind: IngestKind,
  now: number,
  work: (trx: Db) => Promise<T>,
): Promise<T> =>
  db.transaction().execute(async (trx) => {
    await beginFranchiseWrite(trx, scope.franchiseId);
    const result = await work(trx);
    await recordBatch(trx, scope, kind, result, now);
    return result;
  });

/** The restaurants a caller may write, so an integrator can map its branches to restaurant ids. */
export async function keyRestaurants(
  db: Db,
  scope: Pick<IngestScope, 'franchiseId' | 'restaurantId'>,
): Promise<{ id: number; name: string; location: string }[]> {
  let query = db.selectFrom('restaurants').select(['id', 'name', 'location']).where('franchise_id', '=', scope.franchiseId);
  if (scope.restaurantId !== null) query = query.where('id', '=', scope.restaurantId);
  return query.orderBy('name').orderBy('id').execute();
}

/** Upserts the franchise's menu by SKU: a new SKU is created, a known one updated when anything differs. */
export async function ingestMenuItems(db: Db, scope: IngestScope, items: MenuItemRecord[], now: number): Promise<WriteCounts> {
  if (scope.restaurantId !== null) {
    throw new HttpError(403, "The menu is the franchise's: send menu items with a key for all branches.");
  }
  const problems = new BatchProblems();
  const seen = new Map<string, number>();
  for (const [i, item] of items.entries()) {
    const first = seen.get(item.sku);
    if (first === undefined) seen.set(item.sku, i);
    else problems.add(`items[${i}].sku`, `Sent twice in this call (also items[${first}])`);
  }
  problems.throwIfAny();
  return franchiseWrite(db, scope, 'menu-items', now, async (trx) => {
    const { rows } = await sql<{ created: boolean }>`insert into menu_items (franchise_id, sku, name, price_cents, menu, is_combo)
      select ${scope.franchiseId}, * from unnest(
        ${items.map((i) => i.sku)}::text[], ${items.map((i) => i.name)}::text[], ${items.map((i) => i.price_cents)}::int[],
        ${items.map((i) => i.menu)}::text[], ${items.map((i) => i.is_combo)}::boolean[])
      on conflict (franchise_id, sku) do update
        set name = excluded.name, price_cents = excluded.price_cents, menu = excluded.menu, is_combo = excluded.is_combo
        where (menu_items.name, menu_items.price_cents, menu_items.menu, menu_items.is_combo)
          is distinct from (excluded.name, excluded.price_cents, excluded.menu, excluded.is_combo)
      returning (xmax = 0) as created`.execute(trx);
    const created = rows.filter((r) => r.created).length;
    return { created, updated: rows.length - created, unchanged: items.length - rows.length };
  });
}

/** Orders with their lines and payments; SKUs must be the franchise's, customers are known by the sender's reference. */
export async function ingestOrders(db: Db, scope: IngestScope, orders: OrderRecord[], now: number): Promise<WriteCounts> {
  return franchiseWrite(db, scope, 'orders', now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'orders', orders, problems);
    const skus = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.sku)))];
    const { rows: items } = await sql<{ id: number; sku: string }>`select id, sku from menu_items
      where franchise_id = ${scope.franchiseId} and sku = any(${skus}::text[])`.execute(trx);
    const itemIds = new Map(items.map((i) => [i.sku, i.id]));
    const latest = now + MAX_FUTURE_DAYS * DAY_MS;
    for (const [i, order] of orders.entries()) {
      if (new Date(order.placed_at).getTime() > latest) problems.add(`orders[${i}].placed_at`, 'placed_at is in the future');
      for (const [j, line] of order.lines.entries()) {
        if (!itemIds.has(line.sku)) problems.add(`orders[${i}].lines[${j}].sku`, `Unknown SKU "${line.sku}"`);
      }
    }
    problems.throwIfAny();

    const refs = [...new Set(orders.flatMap((o) => (o.customer_ref === null ? [] : [o.customer_ref])))];
    const customerIds = new Map<string, number>();
    if (refs.length > 0) {
      // Sorted, so two batches creating the same customers take their index entries in one order.
      refs.sort();
      await sql`insert into customers (franchise_id, name, ref) select ${scope.franchiseId}, r, r from unnest(${refs}::text[]) as u(r)
        on conflict (franchise_id, ref) where ref is not null do nothing`.execute(trx);
      // Each reference through the (franchise_id, ref) index (OFFSET 0: a plain `ref = any(…)` was planned as a walk
      // through all the franchise's customers, the raw tables' statistics being missing on PGlite).
      const { rows } = await sql<{ id: number; ref: string }>`select c.id, c.ref from unnest(${refs}::text[]) as u(ref)
        cross join lateral (select * from customers where franchise_id = ${scope.franchiseId} and ref = u.ref offset 0) c`.execute(trx);
      for (const row of rows) customerIds.set(row.ref, row.id);
    }
    return recordOrders(
      trx,
      scope.franchiseId,
      orders.map((o) => {
        const placedAt = new Date(o.placed_at);
        return {
          externalId: o.external_id,
          sourceHash: fingerprint({ ...o, placed_at: placedAt.toISOString() }),
          restaurantId: o.restaurant_id,
          placedAt,
          channel: o.channel,
          source: o.source,
          guests: o.guests,
          customerId: o.customer_ref === null ? null : customerIds.get(o.customer_ref)!,
          status: o.status,
          lines: o.lines.map((l) => ({ menuItemId: itemIds.get(l.sku)!, quantity: l.quantity, amountCents: l.amount_cents })),
          payments: o.payments.map((p) => ({ method: p.method, amountCents: p.amount_cents })),
        };
      }),
    );
  });
}

/** Shifts of the franchise's people, found by e-mail (a person removed from the franchise is unknown). */
export async function ingestShifts(db: Db, scope: IngestScope, shifts: ShiftRecord[], now: number): Promise<WriteCounts> {
  return franchiseWrite(db, scope, 'shifts', now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'shifts', shifts, problems);
    const emails = [...new Set(shifts.map((s) => s.person_email))];
    const { rows } = await sql<{ id: number; email: string }>`select id, email from people
      where franchise_id = ${scope.franchiseId} and deleted_at is null and email = any(${emails}::text[])`.execute(trx);
    const people = new Map(rows.map((p) => [p.email, p.id]));
    const latest = latestDay(now);
    for (const [i, s] of shifts.entries()) {
      if (!people.has(s.person_email))
        problems.add(`shifts[${i}].person_email`, `No person with the e-mail ${s.person_email} in this franchise`);
      if (s.day > latest) problems.add(`shifts[${i}].day`, 'day is in the future');
    }
    problems.throwIfAny();
    return recordShifts(
      trx,
      scope.franchiseId,
      shifts.map((s) => ({
        externalId: s.external_id,
        sourceHash: fingerprint(s),
        restaurantId: s.restaurant_id,
        personId: people.get(s.person_email)!,
        day: s.day,
        assignedMinutes: s.assigned_minutes,
        actualMinutes: s.actual_minutes,
        hourlyRateCents: s.hourly_rate_cents,
        attended: s.attended,
      })),
    );
  });
}

/** Purchases; a supplier is known by name and created on first use. */
export async function ingestPurchases(db: Db, scope: IngestScope, purchases: PurchaseRecord[], now: number): Promise<WriteCounts> {
  return franchiseWrite(db, scope, 'purchases', now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'purchases', purchases, problems);
    const latest = latestDay(now);
    for (const [i, p] of purchases.entries()) if (p.day > latest) problems.add(`purchases[${i}].day`, 'day is in the future');
    problems.throwIfAny();
    const names = [...new Set(purchases.map((p) => p.supplier))].sort();
    await sql`insert into suppliers (franchise_id, name) select ${scope.franchiseId}, n from unnest(${names}::text[]) as u(n)
      on conflict (franchise_id, name) do nothing`.execute(trx);
    const { rows } = await sql<{ id: number; name: string }>`select id, name from suppliers
      where franchise_id = ${scope.franchiseId} and name = any(${names}::text[])`.execute(trx);
    const suppliers = new Map(rows.map((s) => [s.name, s.id]));
    return recordPurchases(
      trx,
      scope.franchiseId,
      purchases.map((p) => ({
        externalId: p.external_id,
        sourceHash: fingerprint(p),
        restaurantId: p.restaurant_id,
        supplierId: suppliers.get(p.supplier)!,
        day: p.day,
        category: p.category,
        quantity: p.quantity,
        amountCents: p.amount_cents,
      })),
    );
  });
}

/** Removes shifts or purchases sent by mistake; a record never sent (or already removed) is skipped. */
export async function ingestRemoval(
  db: Db,
  scope: IngestScope,
  kind: 'shifts' | 'purchases',
  records: RecordKey[],
  now: number,
): Promise<number> {
  const { removed } = await franchiseWrite(db, scope, kind, now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'records', records, problems);
    problems.throwIfAny();
    const refs = records.map((r) => ({ restaurantId: r.restaurant_id, externalId: r.external_id }));
    return {
      removed: await (kind === 'shifts' ? removeShifts(trx, scope.franchiseId, refs) : removePurchases(trx, scope.franchiseId, refs)),
    };
  });
  return removed;
}
