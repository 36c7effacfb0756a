import { CALLS } from '@contract/api/calls.js';
import { operationOf, type Operation } from './operation-model.js';
import { CONSOLE_OPERATIONS } from './operations/console.js';
import { FEATURE_OPERATIONS } from './operations/features.js';

export type { Auth, ExtraError, Operation } from './operation-model.js';
export { TAGS } from './operation-model.js';
export { PATH_PARAMETERS, QUERY_PARAMETERS, REQUEST_COMPONENTS, RESPONSE_COMPONENTS } from './components.js';

/**
 * What the OpenAPI document says about each call, keyed by "METHOD /path" as the app registers it
 * under /api/v1 (`{name}` for a path parameter). Shapes are only ever the contract's zod schemas
 * (contract/) or the answer schemas of responses.ts; openapi.ts turns them into JSON Schema.
 * A route registered without an entry here makes the document fail to build. The calls of contract/api are
 * described from their tables.
 */
export const OPERATIONS: Record<string, Operation> = {
  ...CONSOLE_OPERATIONS,
  ...FEATURE_OPERATIONS,
  ...Object.fromEntries(Object.entries(CALLS).map(([key, call]) => [key, operationOf(call)])),
};
