import * as z from 'zod';
import { connectivityCheck } from './auth.calls.js';
import { defineCalls } from './call.js';

/** Liveness and the API's own description. */
export const SERVICE_CALLS = defineCalls({
  'GET /health': {
    operationId: 'getHealth',
    summary: 'Liveness, without the database',
    tag: 'Service',
    access: 'public',
    success: { data: connectivityCheck },
    withoutDatabase: true,
  },
  'GET /openapi.json': {
    operationId: 'getOpenApi',
    summary: 'This document',
    description: 'OpenAPI 3.1, generated from the table of calls (contract/api) the server registers its handlers from.',
    tag: 'Service',
    access: 'public',
    success: { document: z.object({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
    withoutDatabase: true,
  },
});
