import * as z from 'zod';
import { MAX_RECORDS_PER_CALL, menuItemsBody, ordersBody, purchasesBody, removalBody, shiftsBody } from '@contract/ingest.contract.js';
import * as data from '../responses.js';
import { op, OWNERS_ONLY, pascal, type Operation } from '../operation-model.js';

// The features' calls not yet in contract/api: CSV import and the ingest API.

const INGEST_LIMITS = `At most ${MAX_RECORDS_PER_CALL} records a call, bodies up to 8 MiB. A call is one transaction: any invalid record makes it 422 with every problem keyed by its path (\`orders[3].lines[0].sku\`), and nothing is written. A record is identified by (restaurant_id, external_id); sending it again replaces it, sending it unchanged changes nothing. The body is read only once the credential is accepted, a few bodies at a time per server and two per key and per franchise: a call beyond its key's or franchise's share that waits too long is 429 with Retry-After, one that finds no read of the server's free in time 503 with Retry-After, a body arriving slower than 16 KiB/s over any 10 s 408.`;

const ingest = (operationId: string, summary: string, body: z.ZodType, extra: Partial<Operation> = {}): Operation =>
  op('Ingest', {
    operationId,
    summary,
    description: INGEST_LIMITS,
    auth: 'api-key',
    body,
    success: { data: data.ingestResult },
    errors: [408, 429],
    ...extra,
  });

const removal = (kind: 'shifts' | 'purchases') =>
  ingest(`remove${pascal(kind)}`, `Remove ${kind} sent by mistake`, removalBody, {
    description: `Removes each listed record of the caller's; one never sent, or already removed, is skipped. At most ${MAX_RECORDS_PER_CALL} records a call.`,
    success: { data: data.removalResult },
  });

export const FEATURE_OPERATIONS: Record<string, Operation> = {
  'POST /franchise/import/{kind}': op('Ingest', {
    operationId: 'importRecords',
    summary: 'The console’s CSV import: one ingest call’s body, with the owner’s session, for every branch',
    description: `${OWNERS_ONLY} ${INGEST_LIMITS}`,
    auth: 'bearer',
    body: z.union([menuItemsBody, ordersBody, shiftsBody, purchasesBody]),
    success: { data: data.ingestResult },
    errors: [408, 429],
  }),
  'GET /ingest/restaurants': op('Ingest', {
    operationId: 'listKeyRestaurants',
    summary: 'The restaurants this key may write, with the ids records name',
    auth: 'api-key',
    success: { data: z.array(data.keyRestaurant) },
    errors: [429],
  }),
  'PUT /ingest/menu-items': ingest('putMenuItems', 'Create or update menu items by SKU (franchise-wide)', menuItemsBody, {
    errors: [403, 429],
    description: `The menu is the franchise's: only a key for every branch may send it (403 otherwise). An item is identified by its SKU: a new one is created, a known one updated when anything differs. At most ${MAX_RECORDS_PER_CALL} items a call; any invalid item makes the call 422 with every problem keyed by its path (\`items[2].price_cents\`), and nothing is written.`,
  }),
  'POST /ingest/orders': ingest('postOrders', 'Record orders', ordersBody),
  'POST /ingest/shifts': ingest('postShifts', 'Record shifts', shiftsBody),
  'POST /ingest/purchases': ingest('postPurchases', 'Record purchases', purchasesBody),
  'POST /ingest/shifts/remove': removal('shifts'),
  'POST /ingest/purchases/remove': removal('purchases'),
};
