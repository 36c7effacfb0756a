import fc from 'fast-check';
import { sql } from 'kysely';
import {
  beginFranchiseWrite,
  recordOrders,
  recordPurchases,
  recordShifts,
  removePurchases,
  removeShifts,
  transaction,
  type OrderInput,
  type PurchaseInput,
  type ShiftInput,
} from '../../server/analytics/ingest';
import { rebuildRollups, ROLLUP_TABLES } from '../../server/analytics/rollups';
import type { Db } from '../../server/db/database';
import { recordCosts } from '../../server/menu/menu.service';
import {
  createWorld,
  DAYS,
  model,
  orderInputOf,
  orderMoneyArb,
  sortRows,
  type Dataset,
  type Row,
  type World,
} from './support/random-trade';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Records sent again (retries), replaced by later versions, removed, and arriving in any order, with menu
// costs changed between them: the rollups must end as if only each record's last version had been
// written, in one batch, after the costs in the order they were sent.

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

type Franchise = Dataset[number];
type Order = Franchise['orderBatches'][number][number];
type Shift = Franchise['shifts'][number];
type Purchase = Franchise['purchaseBatches'][number][number];
type Cost = Franchise['costs'][number];

const PERIOD_MINUTES = 14 * 24 * 60;
const orderArb = (restaurant: number) =>
  fc.record({
    restaurant: fc.constant(restaurant),
    minute: fc.nat(PERIOD_MINUTES - 1),
    ...orderMoneyArb,
    source: fc.constantFrom('pos' as const, 'app' as const),
    guests: fc.nat(6),
    customer: fc.option(fc.nat(2), { freq: 4 }),
    lines: fc.array(fc.record({ item: fc.nat(2), quantity: fc.integer({ min: 1, max: 5 }), amountCents: fc.nat(5000) }), {
      minLength: 1,
      maxLength: 3,
    }),
    payments: fc.array(
      fc.record({ method: fc.constantFrom('card' as const, 'cash' as const, 'app' as const), amountCents: fc.nat(5000) }),
      {
        maxLength: 2,
      },
    ),
  });
const shiftArb = (restaurant: number) =>
  fc.record({
    restaurant: fc.constant(restaurant),
    person: fc.nat(2),
    day: fc.nat(DAYS.length - 1),
    assignedMinutes: fc.nat(600),
    actualMinutes: fc.nat(700),
    hourlyRateCents: fc.integer({ min: 2000, max: 4999 }),
    attended: fc.boolean(),
  });
const purchaseArb = (restaurant: number) =>
  fc.record({
    restaurant: fc.constant(restaurant),
    supplier: fc.nat(1),
    day: fc.nat(DAYS.length - 1),
    category: fc.constantFrom('meat' as const, 'dairy' as const),
    quantity: fc.integer({ min: 1, max: 50 }),
    amountCents: fc.nat(100_000),
  });
/** A cost for one of the items the orders sell, from one of the days on. */
const costArb = fc.record({ beforeBatch: fc.constant(0), item: fc.nat(2), day: fc.nat(DAYS.length - 1), costCents: fc.nat(2000) });

/** A record's versions as its sender sent them (1 to 3), and whether it is removed after some version. */
const historyArb = <T>(version: (restaurant: number) => fc.Arbitrary<T>, removable: boolean) =>
  fc.nat(1).chain((restaurant) =>
    fc.record({
      versions: fc.array(version(restaurant), { minLength: 1, maxLength: 3 }),
      removedAfter: removable ? fc.option(fc.nat(2), { freq: 3 }) : fc.constant(null),
      retries: fc.nat(2),
    }),
  );

type Op =
  | { kind: 'orders'; key: string; record: Order }
  | { kind: 'shifts'; key: string; record: Shift }
  | { kind: 'purchases'; key: string; record: Purchase }
  | { kind: 'costs'; key: string; record: Cost }
  | { kind: 'shifts-remove' | 'purchases-remove'; key: string; restaurant: number };

const scenarioArb = fc
  .record({
    orders: fc.array(historyArb(orderArb, false), { maxLength: 10 }),
    shifts: fc.array(historyArb(shiftArb, true), { maxLength: 6 }),
    purchases: fc.array(historyArb(purchaseArb, true), { maxLength: 6 }),
    costs: fc.array(costArb, { maxLength: 4 }),
    batchSize: fc.integer({ min: 1, max: 6 }),
  })
  .chain((s) => {
    // Every send of every record (each version in its sender's order, then retries of random versions), then shuffled.
    const sends: Op[] = [];
    const push = (kind: 'orders' | 'shifts' | 'purchases', histories: typeof s.orders | typeof s.shifts | typeof s.purchases) => {
      for (const [i, h] of histories.entries()) {
        const key = `${kind}-${i}`;
        h.versions.forEach((record, v) => {
          sends.push({ kind, key, record } as Op);
          if (h.removedAfter === v) {
            sends.push({ kind: `${kind}-remove` as 'shifts-remove', key, restaurant: (record as Shift).restaurant });
          }
        });
        for (let r = 0; r < h.retries; r++) sends.push({ kind, key, record: h.versions[r % h.versions.length]! } as Op);
      }
    };
    push('orders', s.orders);
    push('shifts', s.shifts);
    push('purchases', s.purchases);
    // Each cost sent once: a cost sent again later is a new send, with its own effect (docs/product.md#costs).
    for (const [i, record] of s.costs.entries()) sends.push({ kind: 'costs', key: `costs-${i}`, record });
    return fc.record({
      ops: fc.shuffledSubarray(sends, { minLength: sends.length, maxLength: sends.length }),
      batchSize: fc.constant(s.batchSize),
    });
  });

/** The dataset of what stands after `ops`: each record's last arrival, unless that was its removal. */
function finalDataset(ops: Op[]): Franchise {
  const last = new Map<string, Op>();
  for (const op of ops) last.set(op.key, op);
  const standing = [...last.values()];
  return {
    orderBatches: [standing.flatMap((op) => (op.kind === 'orders' ? [op.record] : []))],
    costs: ops.flatMap((op) => (op.kind === 'costs' ? [op.record] : [])),
    shifts: standing.flatMap((op) => (op.kind === 'shifts' ? [op.record] : [])),
    shiftBatches: 1,
    purchaseBatches: [standing.flatMap((op) => (op.kind === 'purchases' ? [op.record] : []))],
  };
}

/** Sends the ops in their order, consecutive sends of a kind in one batch (up to `batchSize`, never one record twice). */
async function send(world: World, ops: Op[], batchSize: number): Promise<void> {
  const f = world.franchises[0]!;
  const restaurantOf = (key: string, restaurant: number) => ({ restaurantId: f.restaurants[restaurant]!, externalId: key });
  const hash = (record: unknown) => JSON.stringify(record);
  const toOrder = (key: string, o: Order): OrderInput => ({
    ...orderInputOf(f, o),
    ...restaurantOf(key, o.restaurant),
    sourceHash: hash(o),
  });
  const toShift = (key: string, s: Shift): ShiftInput => ({
    ...restaurantOf(key, s.restaurant),
    sourceHash: hash(s),
    personId: f.people[s.person]!,
    day: DAYS[s.day]!,
    assignedMinutes: s.assignedMinutes,
    actualMinutes: s.actualMinutes,
    hourlyRateCents: s.hourlyRateCents,
    attended: s.attended,
  });
  const toPurchase = (key: string, p: Purchase): PurchaseInput => ({
    ...restaurantOf(key, p.restaurant),
    sourceHash: hash(p),
    supplierId: f.suppliers[p.supplier]!,
    day: DAYS[p.day]!,
    category: p.category,
    quantity: p.quantity,
    amountCents: p.amountCents,
  });
  let batch: Op[] = [];
  const flush = async () => {
    const ops = batch;
    batch = [];
    if (ops.length === 0) return;
    const kind = ops[0]!.kind;
    if (kind === 'orders')
      await recordOrders(
        db,
        f.id,
        ops.map((op) => toOrder(op.key, (op as { record: Order }).record)),
      );
    if (kind === 'shifts')
      await recordShifts(
        db,
        f.id,
        ops.map((op) => toShift(op.key, (op as { record: Shift }).record)),
      );
    if (kind === 'costs')
      await transaction(db, async (trx) => {
        await beginFranchiseWrite(trx, f.id);
        for (const op of ops as { record: Cost }[]) {
          await recordCosts(trx, f.id, [{ menuItemId: f.items[op.record.item]!, costCents: op.record.costCents }], DAYS[op.record.day]!);
        }
      });
    if (kind === 'purchases')
      await recordPurchases(
        db,
        f.id,
        ops.map((op) => toPurchase(op.key, (op as { record: Purchase }).record)),
      );
    const refs = ops.map((op) => restaurantOf(op.key, (op as { restaurant: number }).restaurant));
    if (kind === 'shifts-remove') await removeShifts(db, f.id, refs);
    if (kind === 'purchases-remove') await removePurchases(db, f.id, refs);
  };
  for (const op of ops) {
    if (batch.length > 0 && (batch[0]!.kind !== op.kind || batch.length >= batchSize || batch.some((b) => b.key === op.key))) await flush();
    batch.push(op);
  }
  await flush();
}

async function rollupsOf(world: World): Promise<Record<string, string[]>> {
  const f = world.franchises[0]!;
  const out: Record<string, string[]> = {};
  for (const table of ROLLUP_TABLES) {
    const [column, ids] = table.includes('_franchise_') ? ['franchise_id', [f.id]] : ['restaurant_id', f.restaurants];
    const { rows } = await sql<{
      row: Row;
    }>`select to_jsonb(t) as row from ${sql.table(table)} t where ${sql.ref(column)} = any(${ids}::int[])`.execute(db);
    out[table] = sortRows(rows.map((r) => r.row));
  }
  return out;
}

const empty: Franchise = { orderBatches: [], costs: [], shifts: [], shiftBatches: 1, purchaseBatches: [] };

describe('the ingest under retries, replacements, removals and any arrival order', () => {
  it("ends with each record's last version counted once, recurrent decided by placing time, and nothing a rebuild would change", async () => {
    const reached = { runs: 0, replaced: 0, removed: 0, retried: 0, movedFirstOrder: 0, recosted: 0 };
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ ops, batchSize }) => {
        const world = await createWorld(db);
        await send(world, ops, batchSize);
        const expected = model(world, [finalDataset(ops), empty]);
        expect(await rollupsOf(world)).toEqual(Object.fromEntries(Object.entries(expected).map(([t, rows]) => [t, sortRows(rows)])));

        reached.runs += 1;
        const versions = new Map<string, Set<string>>();
        let retried = false;
        let movedFirst = false;
        const firstSeen = new Map<number, number>();
        const sold = new Set<number>();
        let recosted = false;
        for (const op of ops) {
          if (op.kind === 'orders' && op.record.status !== 'voided') for (const l of op.record.lines) sold.add(l.item);
          if (op.kind === 'costs' && sold.has(op.record.item)) recosted = true;
          if ('record' in op) {
            const v = JSON.stringify(op.record);
            if (versions.get(op.key)?.has(v)) retried = true;
            versions.set(op.key, (versions.get(op.key) ?? new Set()).add(v));
            if (op.kind === 'orders' && op.record.customer !== null && op.record.status === 'completed') {
              const first = firstSeen.get(op.record.customer);
              if (first !== undefined && op.record.minute < first) movedFirst = true;
              if (first === undefined || op.record.minute < first) firstSeen.set(op.record.customer, op.record.minute);
            }
          }
        }
        if ([...versions.values()].some((v) => v.size > 1)) reached.replaced += 1;
        if (ops.some((op) => op.kind.endsWith('-remove'))) reached.removed += 1;
        if (retried) reached.retried += 1;
        if (movedFirst) reached.movedFirstOrder += 1;
        if (recosted) reached.recosted += 1;
      }),
      { numRuns: 40 },
    );
    const check = await rebuildRollups(db, { check: true });
    expect(check.differing, JSON.stringify(check.tables)).toBe(0);
    // How many of the 40 runs replaced, removed, retried, back-filled a customer's earlier first order, or changed
    // the cost of an item already sold.
    expect(reached.runs).toBe(40);
    for (const kind of ['replaced', 'removed', 'retried', 'movedFirstOrder', 'recosted'] as const)
      expect(reached[kind], kind).toBeGreaterThanOrEqual(8);
  });
});
