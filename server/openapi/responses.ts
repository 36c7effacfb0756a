import * as z from 'zod';
import type { ApiFailure } from '@contract/envelope.js';
import { type IngestResult, type RemovalResult } from '@contract/ingest.contract.js';
import type { keyRestaurants } from '../ingest/ingest.service.js';
import { exactly, id } from '@contract/api/primitives.js';

/**
 * The `data` of the API's answers as zod schemas, for the OpenAPI document. The server types its
 * answers with the contract's TypeScript types; each schema here compiles only while its output type
 * and that type are assignable both ways, so the document cannot drift from what the handlers return.
 */

export * from './analytics-responses.js';

export const errorEnvelope = exactly<ApiFailure>()(
  z.object({
    status: z.literal('error'),
    message: z.string().meta({ description: 'A sentence to show the user' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages by field, e.g. `email` or `orders[3].lines[0].sku`; `_` for the body as a whole' }),
  }),
);

export const keyRestaurant = exactly<Awaited<ReturnType<typeof keyRestaurants>>[number]>()(
  z.object({ id, name: z.string(), location: z.string() }),
);

export const ingestResult = exactly<IngestResult>()(z.object({ created: z.int(), updated: z.int(), unchanged: z.int() }));
export const removalResult = exactly<RemovalResult>()(z.object({ removed: z.int() }));
