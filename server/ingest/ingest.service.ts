import { sql } from 'kysely';
import { recordOrders, recordPurchases, recordShifts, removePurchases, removeShifts, type WriteCounts } from '../analytics/ingest.js';
import { DAY_MS } from '@contract/calendar-day.js';
import {
  MAX_FUTURE_DAYS,
  type MenuItemRecord,
  type OrderRecord,
  type PurchaseRecord,
  type RecordKey,
  type ShiftRecord,
} from '@contract/ingest.contract.js';
import { recordActivity } from '../activity/activity.repository.js';
import { NO_CONTACT_DETAILS } from '../db/contact-details.js';
import type { Db } from '../db/database.js';
import { anyOf, columnsOf } from '../db/typed-sql.js';
import { HttpError } from '../http/errors.js';
import { franchiseToday, recordCosts } from '../menu/menu.service.js';
import { BatchProblems, checkRecords, fingerprint, ingestBatchWrite, latestDay, type IngestScope } from './batch.js';

export type { IngestScope } from './batch.js';

/**
 * The ingest calls' work behind validation of shape (docs/integrations.md): resolves what records
 * name (restaurants, SKUs, people, customers, suppliers), checks everything a record may get wrong
 * against the franchise and the caller's scope, and writes the batch in one transaction, or nothing
 * with every problem listed by the record's path.
 */

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
  return ingestBatchWrite(db, scope, 'menu-items', now, async (trx) => {
    // Raw: an INSERT … SELECT from an unnest (one parameter per column), and xmax = 0 tells created from updated.
    const [m, stored, excluded] = [columnsOf('menu_items'), columnsOf('menu_items', 'menu_items'), columnsOf('menu_items', 'excluded')];
    const fields = ['name', 'price_cents', 'menu', 'is_combo'] as const;
    const { rows } = await sql<{ id: number; sku: string; created: boolean }>`insert into menu_items
        (${m('franchise_id')}, ${m('sku')}, ${m('name')}, ${m('price_cents')}, ${m('menu')}, ${m('is_combo')})
      select ${scope.franchiseId}, * from unnest(
        ${items.map((i) => i.sku)}::text[], ${items.map((i) => i.name)}::text[], ${items.map((i) => i.price_cents)}::int[],
        ${items.map((i) => i.menu)}::text[], ${items.map((i) => i.is_combo)}::boolean[])
      on conflict (${m('franchise_id')}, ${m('sku')}) do update
        set ${sql.join(fields.map((f) => sql`${m(f)} = ${excluded(f)}`))}
        where (${sql.join(fields.map(stored))}) is distinct from (${sql.join(fields.map(excluded))})
      returning ${m('id')}, ${m('sku')}, (xmax = 0) as created`.execute(trx);
    const written = new Map(rows.map((r) => [r.sku, r]));
    const costed = items.filter((i) => i.cost_cents !== undefined);
    let recosted = new Map<number, number | null>();
    if (costed.length > 0) {
      // The ids of costed items the upsert left alone.
      const unchanged = await trx
        .selectFrom('menu_items')
        .select(['id', 'sku'])
        .where('franchise_id', '=', scope.franchiseId)
        .where(
          'sku',
          '=',
          anyOf(
            costed.filter((i) => !written.has(i.sku)).map((i) => i.sku),
            'text',
          ),
        )
        .execute();
      const ids = new Map([...unchanged.map((r) => [r.sku, r.id] as const), ...rows.map((r) => [r.sku, r.id] as const)]);
      recosted = await recordCosts(
        trx,
        scope.franchiseId,
        costed.map((i) => ({ menuItemId: ids.get(i.sku)!, costCents: i.cost_cents! })),
        await franchiseToday(trx, scope.franchiseId, now),
      );
    }
    const created = rows.filter((r) => r.created).length;
    // An item whose cost alone changed is updated too.
    const upserted = new Set(rows.map((r) => r.id));
    const updated = rows.length - created + [...recosted.keys()].filter((id) => !upserted.has(id)).length;
    return { created, updated, unchanged: items.length - created - updated };
  });
}

/**
 * The customers the orders' references name, created on first use: the franchise's for a key for all
 * branches or the import, the branch's own for a key for one branch, so that key's orders never move
 * another branch's recurrent guests (docs/integrations.md).
 */
async function customersOf(trx: Db, scope: IngestScope, orders: OrderRecord[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const refs = [...new Set(orders.flatMap((o) => (o.customer_ref === null ? [] : [o.customer_ref])))];
  if (refs.length === 0) return ids;
  // Sorted, so two batches creating the same customers take their index entries in one order.
  refs.sort();
  const [c, found] = [columnsOf('customers'), columnsOf('customers', 'c')];
  const branch = scope.restaurantId;
  // The conflict target names the partial unique index of the franchise's, or of the branch's, customers.
  const target =
    branch === null
      ? sql`(${c('franchise_id')}, ${c('ref')}) where ${c('ref')} is not null and ${c('restaurant_id')} is null`
      : sql`(${c('restaurant_id')}, ${c('ref')}) where ${c('ref')} is not null and ${c('restaurant_id')} is not null`;
  // Raw: an INSERT … SELECT from an unnest, whatever the batch size one parameter.
  await sql`insert into customers (${c('franchise_id')}, ${c('restaurant_id')}, ${c('name')}, ${c('ref')})
    select ${scope.franchiseId}, ${branch}::int, r, r from unnest(${refs}::text[]) as u(r)
    on conflict ${target} do nothing`.execute(trx);
  // Each reference through its index (OFFSET 0: a plain `ref = any(…)` was planned as a walk through all the
  // franchise's customers, the raw tables' statistics being missing on PGlite).
  const whose =
    branch === null
      ? sql`${c('franchise_id')} = ${scope.franchiseId} and ${c('restaurant_id')} is null`
      : sql`${c('restaurant_id')} = ${branch}`;
  const { rows } = await sql<{ id: number; ref: string }>`select ${found('id')}, ${found('ref')} from unnest(${refs}::text[]) as u(ref)
    cross join lateral (select * from customers where ${whose} and ${c('ref')} = u.ref offset 0) c`.execute(trx);
  for (const row of rows) ids.set(row.ref, row.id);
  return ids;
}

/**
 * A key for one branch may not change an order stored at its branch for a customer of the whole
 * franchise (sent with a key for all branches or imported): that customer's visits decide whether
 * other branches' guests are recurrent. Sent again unchanged it changes nothing, and passes.
 */
async function checkFranchiseCustomers(
  trx: Db,
  restaurantId: number,
  orders: OrderRecord[],
  hashes: string[],
  problems: BatchProblems,
): Promise<void> {
  // Raw: each order through the (restaurant_id, external_id) index, a lateral subquery per element of an unnest.
  const [o, oo, cc] = [columnsOf('orders'), columnsOf('orders', 'o'), columnsOf('customers', 'c')];
  const { rows } = await sql<{ external_id: string; source_hash: string | null }>`select ${oo('external_id')}, ${oo('source_hash')}
    from unnest(${orders.map((r) => r.external_id)}::text[]) as u(external_id)
    cross join lateral (select * from orders where ${o('restaurant_id')} = ${restaurantId} and ${o('external_id')} = u.external_id offset 0) o
    join customers c on ${cc('id')} = ${oo('customer_id')} and ${cc('restaurant_id')} is null`.execute(trx);
  const stored = new Map(rows.map((r) => [r.external_id, r.source_hash]));
  for (const [i, order] of orders.entries()) {
    if (stored.has(order.external_id) && stored.get(order.external_id) !== hashes[i]) {
      problems.add(
        `orders[${i}].external_id`,
        "Recorded for a customer of the whole franchise: only a key for all branches or the console's import may change it",
      );
    }
  }
}

/**
 * An order as its fingerprint sees it: a zero discount or tip and a null platform are the same as none, so an
 * integration that never sends them and one that sends their defaults store the same order.
 */
function orderAsSent({ discount_cents, tip_cents, platform, ...order }: OrderRecord) {
  return {
    ...order,
    placed_at: new Date(order.placed_at).toISOString(),
    ...(discount_cents ? { discount_cents } : {}),
    ...(tip_cents ? { tip_cents } : {}),
    ...(platform == null ? {} : { platform }),
  };
}

/** Orders with their lines and payments; SKUs must be the franchise's, customers are known by the sender's reference. */
export async function ingestOrders(db: Db, scope: IngestScope, orders: OrderRecord[], now: number): Promise<WriteCounts> {
  return ingestBatchWrite(db, scope, 'orders', now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'orders', orders, problems);
    const skus = [...new Set(orders.flatMap((o) => o.lines.map((l) => l.sku)))];
    const items = await trx
      .selectFrom('menu_items')
      .select(['id', 'sku'])
      .where('franchise_id', '=', scope.franchiseId)
      .where('sku', '=', anyOf(skus, 'text'))
      .execute();
    const itemIds = new Map(items.map((i) => [i.sku, i.id]));
    const latest = now + MAX_FUTURE_DAYS * DAY_MS;
    for (const [i, order] of orders.entries()) {
      if (new Date(order.placed_at).getTime() > latest) problems.add(`orders[${i}].placed_at`, 'placed_at is in the future');
      for (const [j, line] of order.lines.entries()) {
        if (!itemIds.has(line.sku)) problems.add(`orders[${i}].lines[${j}].sku`, `Unknown SKU "${line.sku}"`);
      }
    }
    const hashes = orders.map((o) => fingerprint(orderAsSent(o)));
    if (scope.restaurantId !== null) await checkFranchiseCustomers(trx, scope.restaurantId, orders, hashes, problems);
    problems.throwIfAny();

    const customerIds = await customersOf(trx, scope, orders);
    return recordOrders(
      trx,
      scope.franchiseId,
      orders.map((o, i) => ({
        externalId: o.external_id,
        sourceHash: hashes[i]!,
        restaurantId: o.restaurant_id,
        placedAt: new Date(o.placed_at),
        channel: o.channel,
        source: o.source,
        guests: o.guests,
        customerId: o.customer_ref === null ? null : customerIds.get(o.customer_ref)!,
        status: o.status,
        discountCents: o.discount_cents ?? 0,
        tipCents: o.tip_cents ?? 0,
        platform: o.platform ?? null,
        lines: o.lines.map((l) => ({ menuItemId: itemIds.get(l.sku)!, quantity: l.quantity, amountCents: l.amount_cents })),
        payments: o.payments.map((p) => ({ method: p.method, amountCents: p.amount_cents })),
      })),
    );
  });
}

/** The franchise's people of those e-mails (a person removed from the franchise is unknown), by e-mail. */
async function peopleByEmail(trx: Db, franchiseId: number, emails: string[]): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('people')
    .select(['id', 'email'])
    .where('franchise_id', '=', franchiseId)
    .where('deleted_at', 'is', null)
    .where('email', '=', anyOf(emails, 'text'))
    .execute();
  return new Map(rows.map((p) => [p.email, p.id]));
}

/**
 * Team members among `emails` who are not staff yet join User Management as staff (Active, Manager, at the branch of
 * their first shift), so an owner or manager can record shifts for themselves; recorded in the activity log.
 */
async function staffFromTeam(trx: Db, scope: IngestScope, shifts: ShiftRecord[], emails: string[], now: number): Promise<void> {
  if (emails.length === 0) return;
  const members = await trx
    .selectFrom('franchise_users')
    .select(['email', 'name'])
    .where('franchise_id', '=', scope.franchiseId)
    .where('email', '=', anyOf(emails, 'text'))
    .execute();
  for (const member of members) {
    const restaurantId = shifts.find((s) => s.person_email === member.email)!.restaurant_id;
    const at = new Date(now);
    const added = await trx
      .insertInto('people')
      .values({
        ...NO_CONTACT_DETAILS,
        franchise_id: scope.franchiseId,
        restaurant_id: restaurantId,
        name: member.name,
        email: member.email,
        role: 'Manager',
        status: 'Active',
        password_hash: null,
        created_at: at,
        updated_at: at,
      })
      // A batch alongside that added them first wins; theirs is the person this batch's shifts go to.
      .onConflict((oc) => oc.columns(['franchise_id', 'email']).where('deleted_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added)
      await recordActivity(trx, {
        franchiseId: scope.franchiseId,
        at,
        actor: scope.actor,
        action: 'created',
        entity: 'person',
        entityId: added.id,
        changes: { name: [null, member.name], email: [null, member.email], restaurant_id: [null, restaurantId] },
      });
  }
}

/** Shifts of the franchise's people, found by e-mail; a team member's e-mail makes them staff first (`staffFromTeam`). */
export async function ingestShifts(db: Db, scope: IngestScope, shifts: ShiftRecord[], now: number): Promise<WriteCounts> {
  return ingestBatchWrite(db, scope, 'shifts', now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'shifts', shifts, problems);
    const emails = [...new Set(shifts.map((s) => s.person_email))];
    let people = await peopleByEmail(trx, scope.franchiseId, emails);
    const unknown = emails.filter((email) => !people.has(email));
    if (unknown.length > 0) {
      await staffFromTeam(trx, scope, shifts, unknown, now);
      people = await peopleByEmail(trx, scope.franchiseId, emails);
    }
    const latest = latestDay(now);
    for (const [i, s] of shifts.entries()) {
      if (!people.has(s.person_email))
        problems.add(`shifts[${i}].person_email`, `No person or team member with the e-mail ${s.person_email} in this franchise`);
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
  return ingestBatchWrite(db, scope, 'purchases', now, async (trx) => {
    const problems = new BatchProblems();
    await checkRecords(trx, scope, 'purchases', purchases, problems);
    const latest = latestDay(now);
    for (const [i, p] of purchases.entries()) if (p.day > latest) problems.add(`purchases[${i}].day`, 'day is in the future');
    problems.throwIfAny();
    const names = [...new Set(purchases.map((p) => p.supplier))].sort();
    // Raw: an INSERT … SELECT from an unnest, whatever the batch size one parameter.
    const sp = columnsOf('suppliers');
    await sql`insert into suppliers (${sp('franchise_id')}, ${sp('name')}) select ${scope.franchiseId}, n from unnest(${names}::text[]) as u(n)
      on conflict (${sp('franchise_id')}, ${sp('name')}) do nothing`.execute(trx);
    const rows = await trx
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .where('franchise_id', '=', scope.franchiseId)
      .where('name', '=', anyOf(names, 'text'))
      .execute();
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
  const { removed } = await ingestBatchWrite(db, scope, kind, now, async (trx) => {
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
