import * as z from 'zod';
import { errorEnvelope } from '@contract/api/primitives.js';
import { PATH_PARAMETERS } from '@contract/api/path-parameters.js';
import { OPERATIONS, QUERY_PARAMETERS, REQUEST_COMPONENTS, RESPONSE_COMPONENTS, TAGS, type Operation } from './operations.js';

/**
 * Builds the API's OpenAPI 3.1 document from the routes the app registers (relative to /api/v1) and
 * the calls of contract/api; every shape is converted from zod with `z.toJSONSchema` (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1). A route without an entry, or an entry without a route, throws.
 */

export type RegisteredRoute = { method: string; path: string };
type JsonSchema = Record<string, unknown>;
/** Requests are described as clients may send them (`input`: defaults optional), answers as the server writes them. */
type Io = 'input' | 'output';

const COMPONENTS = '#/components/schemas/';

/** Named schemas carry their component name as `id`; every schema keeps the metadata (descriptions, formats) it has in zod's global registry. */
class NamedSchemas extends z.core.$ZodRegistry<z.core.GlobalMeta> {
  constructor(named: Record<string, z.ZodType>) {
    super();
    for (const [id, schema] of Object.entries(named)) {
      if (this.has(schema)) throw new Error(`OpenAPI: one schema is named both ${String(this.get(schema)?.id)} and ${id}`);
      this.add(schema, { id });
    }
  }

  override get<S extends z.core.$ZodType>(schema: S): z.core.GlobalMeta | undefined {
    const own = super.get(schema);
    const global = z.globalRegistry.get(schema);
    return own || global ? { ...global, ...own } : undefined;
  }
}

const NAMED: Record<Io, NamedSchemas> = {
  input: new NamedSchemas(REQUEST_COMPONENTS),
  output: new NamedSchemas(RESPONSE_COMPONENTS),
};

/** What JSON Schema cannot say the way the server means it. */
const adjust =
  (io: Io): NonNullable<z.core.ToJSONSchemaParams['override']> =>
  ({ zodSchema, jsonSchema }) => {
    // z.int()'s own bounds are JavaScript's safe integers, no rule of the API.
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (zodSchema._zod.def.type !== 'object') return;
    if (io === 'input' && Array.isArray(jsonSchema.required)) {
      // A field the server accepts absent is optional, e.g. an optional form field read as null when missing.
      const shape = (zodSchema as z.core.$ZodObject)._zod.def.shape;
      const required = jsonSchema.required.filter((key) => !z.safeParse(shape[key]!, undefined).success);
      if (required.length) jsonSchema.required = required;
      else delete jsonSchema.required;
    }
    // Answers may gain fields: a client must not refuse one it does not know.
    if (io === 'output' && jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  };

/** Rewrites the $defs references a conversion makes to named schemas into references to the document's components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, COMPONENTS) : toComponentRefs(inner),
    ]),
  );
}

/** One schema as JSON Schema; a named schema in it becomes a reference to its component. */
function schemaOf(schema: z.ZodType, io: Io): JsonSchema {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { io, metadata: NAMED[io], override: adjust(io) });
  for (const name of Object.keys($defs ?? {})) {
    if (!NAMED[io]._idmap.has(name)) throw new Error(`OpenAPI: a schema was extracted as ${name}, which is no component`);
  }
  return toComponentRefs(json) as JsonSchema;
}

function componentSchemas(): Record<string, JsonSchema> {
  const all: Record<string, JsonSchema> = {};
  for (const io of ['input', 'output'] as const) {
    const { schemas } = z.toJSONSchema(NAMED[io], { io, metadata: NAMED[io], uri: (id) => `${COMPONENTS}${id}`, override: adjust(io) });
    for (const [name, { $schema: _dialect, $id: _id, ...schema }] of Object.entries(schemas)) {
      if (name in all || name === '__shared') throw new Error(`OpenAPI: component ${name} is defined twice`);
      all[name] = schema;
    }
  }
  return all;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed JSON, or a request the call refuses as its description says',
  401: 'Not signed in: no, a bad, an expired or a revoked credential (`WWW-Authenticate: Bearer`)',
  403: 'The credential may not do this (a key for one branch sending the franchise’s menu)',
  404: 'Unknown, or not of the caller’s franchise',
  408: 'The body did not arrive in time (ingest and import calls)',
  409: 'Changed by someone else since it was read (a stale `version`), or a duplicate',
  413: 'Body too large: 64 KiB, or 8 MiB for the ingest and import calls',
  415: 'Content-Type is not application/json',
  422: 'Invalid input: `errors` holds the messages by field',
  429: 'Too many attempts: `Retry-After` says how many seconds to wait',
  503: 'The database is unavailable, or (ingest and import calls) too many bodies are being read: `Retry-After` says when to try again',
};

/** Failures a call can answer: implied by its auth, body, query and path, plus those its entry names. */
function errorStatuses(entry: Operation, hasPathParameters: boolean): number[] {
  const statuses = new Set<number>(entry.errors ?? []);
  if (entry.auth !== 'public') statuses.add(401);
  if (entry.body) [400, 413, 415, 422].forEach((s) => statuses.add(s));
  if (entry.query) statuses.add(422);
  if (hasPathParameters) statuses.add(404);
  if (!entry.withoutDatabase) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

const SECURITY: Record<Operation['auth'], object[] | undefined> = {
  public: undefined,
  bearer: [{ bearerAuth: [] }],
  'bearer-or-expired': [{ bearerAuth: [] }],
  'api-key': [{ apiKeyBearer: [] }],
  // Either scheme: a console token or a read key.
  'bearer-or-read-key': [{ bearerAuth: [] }, { readKeyBearer: [] }],
};

function successResponse(entry: Operation): object {
  const { success } = entry;
  if ('files' in success) {
    return {
      description: 'The file (`Content-Disposition: attachment`)',
      headers: { 'Content-Disposition': { schema: schemaOf(z.string(), 'output') } },
      content: Object.fromEntries(
        Object.entries(success.files).map(([type, schema]) => [type, schema ? { schema: schemaOf(schema, 'output') } : {}]),
      ),
    };
  }
  if ('document' in success) {
    return {
      description: 'The document, without the envelope',
      content: { 'application/json': { schema: schemaOf(success.document, 'output') } },
    };
  }
  const envelope = z.object({ status: z.literal('success'), message: z.string(), data: success.data });
  return { description: 'Success', content: { 'application/json': { schema: schemaOf(envelope, 'output') } } };
}

function errorResponse(status: number): object {
  const headers =
    status === 429
      ? { 'Retry-After': { description: 'Seconds', schema: schemaOf(z.int().min(1), 'output') } }
      : status === 401
        ? { 'WWW-Authenticate': { schema: schemaOf(z.string(), 'output') } }
        : undefined;
  return {
    description: ERROR_TEXT[status] ?? 'Failure',
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: schemaOf(errorEnvelope, 'output') } },
  };
}

function queryParameters(query: z.ZodObject): object[] {
  const json = schemaOf(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(QUERY_PARAMETERS[name] ? { description: QUERY_PARAMETERS[name] } : {}),
    schema,
  }));
}

function pathParameter(name: string): object {
  const parameter = Object.hasOwn(PATH_PARAMETERS, name) ? PATH_PARAMETERS[name as keyof typeof PATH_PARAMETERS] : undefined;
  if (!parameter) throw new Error(`OpenAPI: path parameter :${name} has no entry in PATH_PARAMETERS`);
  return { name, in: 'path', required: true, description: parameter.description, schema: schemaOf(parameter.schema, 'input') };
}

function operationObject(entry: Operation, pathParameters: string[]): object {
  const parameters = [...pathParameters.map(pathParameter), ...(entry.query ? queryParameters(entry.query) : [])];
  const security = SECURITY[entry.auth];
  return {
    operationId: entry.operationId,
    summary: entry.summary,
    ...(entry.description ? { description: entry.description } : {}),
    tags: [entry.tag],
    ...(security ? { security } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(entry.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(entry.body, 'input') } } } } : {}),
    responses: {
      [String(entry.status ?? 200)]: successResponse(entry),
      ...Object.fromEntries(errorStatuses(entry, pathParameters.length > 0).map((s) => [String(s), errorResponse(s)])),
    },
  };
}

/** `/people/:id` (optionally `:id{[0-9]+}`) as OpenAPI writes it, `/people/{id}`, and its parameters' names. */
export function openApiPath(honoPath: string): { path: string; parameters: string[] } {
  const parameters: string[] = [];
  const path = honoPath.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    parameters.push(name);
    return `{${name}}`;
  });
  if (/[*?]/.test(path)) throw new Error(`OpenAPI: cannot describe the route pattern ${honoPath}`);
  return { path, parameters };
}

/** The document for `routes`: every registered method and path (middleware, registered as ALL, left out). */
export function buildOpenApiDocument(routes: readonly RegisteredRoute[]) {
  const calls = new Map<string, { method: string; path: string; parameters: string[] }>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const { path, parameters } = openApiPath(route.path);
    calls.set(`${route.method} ${path}`, { method: route.method.toLowerCase(), path, parameters });
  }
  const undescribed = [...calls.keys()].filter((key) => !Object.hasOwn(OPERATIONS, key));
  if (undescribed.length) throw new Error(`OpenAPI: no entry in contract/api for ${undescribed.join(', ')}`);
  const unrouted = Object.keys(OPERATIONS).filter((key) => !calls.has(key));
  if (unrouted.length) throw new Error(`OpenAPI: contract/api defines calls the app does not register: ${unrouted.join(', ')}`);

  const paths: Record<string, Record<string, object>> = {};
  for (const [key, { method, path, parameters }] of calls) {
    (paths[path] ??= {})[method] = operationObject(OPERATIONS[key]!, parameters);
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'Franchise Console API',
      version: '1',
      description:
        'Every answer is JSON in one envelope: `{ status: "success", message, data }` or `{ status: "error", message, errors? }`. The console signs in with POST /franchise/login; outside systems send trade to /ingest/* with an ingest API key, and BI tools read the analytics with a read API key, both created on the Integrations page.',
    },
    servers: [{ url: '/api/v1' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `access_token` of POST /franchise/login or /franchise/refresh',
        },
        apiKeyBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An ingest API key created on the Integrations page (POST /franchise/api-keys, `access` `ingest`), sent as `Authorization: Bearer <secret>`; valid on /ingest/* only',
        },
        readKeyBearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A read API key created on the Integrations page (POST /franchise/api-keys, `access` `read`), sent as `Authorization: Bearer <secret>`; valid on the analytics and page report GETs of its scope only (not the exports)',
        },
      },
    },
  };
}
