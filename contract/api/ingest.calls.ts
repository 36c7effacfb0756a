import * as z from 'zod';
import {
  MAX_RECORDS_PER_CALL,
  menuItemsBody,
  ordersBody,
  purchasesBody,
  removalBody,
  shiftsBody,
  type IngestKind,
  type IngestResult,
  type RemovalResult,
} from '../ingest.contract.js';
import { targetsBody } from '../targets.contract.js';
import { defineCalls } from './call.js';
import { exactly, id } from './primitives.js';

export const keyRestaurant = z.object({ id, name: z.string(), location: z.string() });
export type KeyRestaurant = z.output<typeof keyRestaurant>;
export const ingestResult = exactly<IngestResult>()(z.object({ created: z.int(), updated: z.int(), unchanged: z.int() }));
export const removalResult = exactly<RemovalResult>()(z.object({ removed: z.int() }));

/** Each kind's body: an ingest call's, and the console's import of that kind. */
export const INGEST_BODIES = {
  'menu-items': menuItemsBody,
  orders: ordersBody,
  shifts: shiftsBody,
  purchases: purchasesBody,
  targets: targetsBody,
} as const satisfies Record<IngestKind, z.ZodType>;

const LIMITS = `At most ${MAX_RECORDS_PER_CALL} records a call, bodies up to 8 MiB. A call is one transaction: any invalid record makes it 422 with every problem keyed by its path (\`orders[3].lines[0].sku\`), and nothing is written. A record is identified by (restaurant_id, external_id); sending it again replaces it, sending it unchanged changes nothing. The body is read only once the credential is accepted, a few bodies at a time per server and two per key and per franchise: a call beyond its key's or franchise's share that waits too long is 429 with Retry-After, one that finds no read of the server's free in time 503 with Retry-After, a body arriving slower than 16 KiB/s over any 10 s 408.`;

const ingestCall = <B extends z.ZodType>(operationId: string, summary: string, body: B) => ({
  operationId,
  summary,
  description: LIMITS,
  tag: 'Ingest' as const,
  access: 'ingest-key' as const,
  body,
  success: { data: ingestResult },
  errors: [408 as const, 429 as const],
});

const removalCall = (kind: 'shifts' | 'purchases') => ({
  operationId: `remove${kind === 'shifts' ? 'Shifts' : 'Purchases'}`,
  summary: `Remove ${kind} sent by mistake`,
  description: `Removes each listed record of the caller's; one never sent, or already removed, is skipped. At most ${MAX_RECORDS_PER_CALL} records a call.`,
  tag: 'Ingest' as const,
  access: 'ingest-key' as const,
  body: removalBody,
  success: { data: removalResult },
  errors: [408 as const, 429 as const],
});

/** What a franchise's POS, roster or supplier system sends with its API key (docs/integrations.md). */
export const INGEST_CALLS = defineCalls({
  'GET /ingest/restaurants': {
    operationId: 'listKeyRestaurants',
    summary: 'The restaurants this key may write, with the ids records name',
    tag: 'Ingest',
    access: 'ingest-key',
    success: { data: z.array(keyRestaurant) },
    errors: [429],
  },
  'PUT /ingest/menu-items': {
    ...ingestCall('putMenuItems', 'Create or update menu items by SKU (franchise-wide)', menuItemsBody),
    description: `The menu is the franchise's: only a key for every branch may send it (403 otherwise). An item is identified by its SKU: a new one is created, a known one updated when anything differs. At most ${MAX_RECORDS_PER_CALL} items a call; any invalid item makes the call 422 with every problem keyed by its path (\`items[2].price_cents\`), and nothing is written.`,
    errors: [403, 408, 429],
  },
  'POST /ingest/orders': ingestCall('postOrders', 'Record orders', ordersBody),
  'POST /ingest/shifts': ingestCall('postShifts', 'Record shifts', shiftsBody),
  'POST /ingest/purchases': ingestCall('postPurchases', 'Record purchases', purchasesBody),
  'POST /ingest/shifts/remove': removalCall('shifts'),
  'POST /ingest/purchases/remove': removalCall('purchases'),
});

/** The console's CSV import: an ingest call's body of the path's kind. */
export const IMPORT_CALLS = defineCalls({
  'POST /franchise/import/{kind}': {
    operationId: 'importRecords',
    summary: 'The console’s CSV import: one ingest call’s body, with the owner’s session, for every branch',
    description: LIMITS,
    tag: 'Ingest',
    access: 'owner',
    body: z.union(Object.values(INGEST_BODIES)),
    bodyByKind: INGEST_BODIES,
    success: { data: ingestResult },
    errors: [408, 429],
  },
});
