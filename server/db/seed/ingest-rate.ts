import { ordersBody, type OrderRecord } from '@contract/ingest.contract.js';
import { apiKeyActor } from '../../activity/activity.repository.js';
import { DEMO_MENU } from '../../analytics/demo/catalogue.js';
import { prepareDemoFranchise } from '../../analytics/demo/write.js';
import { ingestOrders, type IngestScope } from '../../ingest/ingest.service.js';
import type { Db } from '../database.js';
import { benchRestaurant } from './large-franchise.js';

/** Orders per call, as the bench sends them; a warm-up call, then the timed ones. */
const BATCH = 1000;
const TIMED_BATCHES = 3;
const MINUTE_MS = 60_000;

/** A POS order of the probe: 1 to 3 lines of the demo menu, paid by card, a regular now and then. */
function probeOrder(restaurantId: number, n: number, at: number): OrderRecord {
  const lines = Array.from({ length: 1 + (n % 3) }, (_, l) => {
    const item = DEMO_MENU[(n * 7 + l * 3) % DEMO_MENU.length]!;
    const quantity = 1 + ((n + l) % 2);
    return { sku: item.sku, quantity, amount_cents: item.priceCents * quantity };
  });
  return {
    external_id: `probe-${n}`,
    restaurant_id: restaurantId,
    placed_at: new Date(at).toISOString(),
    channel: n % 5 < 3 ? 'dine_in' : 'takeaway',
    source: 'pos',
    guests: 1 + (n % 4),
    customer_ref: n % 3 === 0 ? `PROBE-${n % 200}` : null,
    status: 'completed',
    lines,
    payments: [{ method: 'card', amount_cents: lines.reduce((sum, l) => sum + l.amount_cents, 0) }],
  };
}

/**
 * The ingest API's write rate in orders per second, for comparison with a bulk load: 1000-order
 * bodies validated as the API validates them and written by its service (SKUs and customers
 * resolved, the write path, the activity log), into a throwaway franchise deleted afterwards. Run
 * before a large load: deleting a menu checks every order line naming it, a scan of the whole table.
 */
export async function measureIngestRate(db: Db, now: Date): Promise<number> {
  const { id } = await db.insertInto('franchises').values({ name: 'Ingest rate probe' }).returning('id').executeTakeFirstOrThrow();
  try {
    const restaurant = await db.insertInto('restaurants').values(benchRestaurant(id, 0)).returning('id').executeTakeFirstOrThrow();
    await prepareDemoFranchise(db, id, { customers: 0 });
    const scope: IngestScope = {
      franchiseId: id,
      restaurantId: null,
      actor: apiKeyActor({ name: 'seed probe' }),
      via: 'ingest',
      sender: null,
    };
    const first = now.getTime() - BATCH * (1 + TIMED_BATCHES) * MINUTE_MS;
    const bodies = Array.from({ length: 1 + TIMED_BATCHES }, (_, b) => ({
      orders: Array.from({ length: BATCH }, (_, i) => probeOrder(restaurant.id, b * BATCH + i, first + (b * BATCH + i) * MINUTE_MS)),
    }));
    const send = (body: unknown) => ingestOrders(db, scope, ordersBody.parse(body).orders, now.getTime());
    await send(bodies[0]);
    const started = performance.now();
    for (const body of bodies.slice(1)) await send(body);
    return Math.round((TIMED_BATCHES * BATCH * 1000) / (performance.now() - started));
  } finally {
    // Orders first: the cascade from the franchise would check its menu before their lines are gone.
    await db
      .deleteFrom('orders')
      .where('restaurant_id', 'in', (eb) => eb.selectFrom('restaurants').select('id').where('franchise_id', '=', id))
      .execute();
    await db.deleteFrom('franchises').where('id', '=', id).execute();
  }
}
