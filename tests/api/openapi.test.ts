import { compileErrors, validate } from '@readme/openapi-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Hono } from 'hono';
import { GROUPINGS, RANGES } from '@contract/analytics.contract';
import { ordersBody } from '@contract/ingest.contract';
import { buildOpenApiDocument } from '../../server/openapi/openapi';
import { concretePath, ROUTES } from './support/route-table';
import { expectSecurityHeaders } from './support/security-headers';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: string;
let doc: any;
let text: string;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = await t.login(OWNER);
  const res = await t.call('GET', '/api/v1/openapi.json');
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expectSecurityHeaders(res.headers);
  doc = res.body;
  text = res.text;
});
afterAll(() => database.close());

/** The calls the app registers under /api/v1 (middleware, registered as ALL, left out), relative to the document's server. */
const registeredCalls = () =>
  new Set(
    t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/'))
      .map((r) => `${r.method} ${r.path.slice('/api/v1'.length).replace(/:(\w+)/g, '{$1}')}`),
  );

const documentedCalls = () =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

const operation = (method: string, path: string) =>
  doc.paths[path.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

/** Ajv for JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict, with formats; a schema's references resolve in the document's components. */
function schemaValidator() {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword('components');
  let n = 0;
  return (schema: object) => ajv.compile({ $id: `urn:openapi-test:${++n}`, ...schema, components: doc.components });
}

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('the validator refuses a broken document', async () => {
    const broken = (change: (copy: any) => void) => {
      const copy = structuredClone(doc);
      change(copy);
      return validate(copy).then((result) => result.valid);
    };
    // A response without its description, a path parameter left undeclared or made optional.
    expect(await broken((d) => delete d.paths['/franchise/login'].post.responses['200'].description)).toBe(false);
    expect(await broken((d) => delete d.paths['/franchise/people/{id}'].get.parameters)).toBe(false);
    expect(await broken((d) => (d.paths['/franchise/people/{id}'].get.parameters[0].required = false))).toBe(false);
  });

  it('is built once and served as the same text', async () => {
    expect((await t.call('GET', '/api/v1/openapi.json')).text).toBe(text);
  });

  it('describes every call the app registers, and only those', () => {
    expect(documentedCalls().sort()).toEqual([...registeredCalls()].sort());
    expect(registeredCalls().has('GET /openapi.json')).toBe(true);
    expect(registeredCalls().has('POST /ingest/orders')).toBe(true);
  });

  it('agrees with the route table on bodies, auth, success status, files, query and path parameters', () => {
    const schemes: Record<string, string[] | undefined> = {
      public: undefined,
      bearer: ['bearerAuth'],
      'bearer-or-expired': ['bearerAuth'],
      'api-key': ['apiKeyBearer'],
      'bearer-or-read-key': ['bearerAuth', 'readKeyBearer'],
    };
    for (const route of ROUTES) {
      const op = operation(route.method, route.path);
      expect(op, route.name).toBeDefined();
      if (route.body) expect(op.requestBody?.content['application/json'].schema, route.name).toEqual(expect.any(Object));
      else expect(op.requestBody, route.name).toBeUndefined();
      expect(
        op.security?.flatMap((scheme: object) => Object.keys(scheme)),
        route.name,
      ).toEqual(schemes[route.auth]);
      const success = op.responses[String(route.success ?? 200)];
      expect(success, route.name).toBeDefined();
      if (route.file)
        expect(
          Object.keys(success.content).some((type) => route.file!.test(`${type}; charset=utf-8`)),
          route.name,
        ).toBe(true);
      const parameters = (op.parameters ?? []).map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
      for (const name of Object.keys(route.query?.fields ?? {})) expect(parameters, route.name).toContain(`query:${name}`);
      for (const name of route.requires ?? []) expect(op.parameters.find((p: { name: string }) => p.name === name).required).toBe(true);
      for (const name of Object.keys(route.params ?? {})) expect(parameters, route.name).toContain(`path:${name}`);
    }
  });

  it('gives every operation with a body a request schema, and every failure the error envelope', () => {
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (method === 'post' || method === 'put') {
          const bodyless = [
            '/franchise/logout',
            '/franchise/refresh',
            '/franchise/team/{id}/invitation',
            '/franchise/report-subscriptions/{id}/send',
            '/unsubscribe',
            '/franchise/alerts/{id}/acknowledge',
            '/franchise/alerts/acknowledge-all',
            '/franchise/getting-started/dismiss',
          ].includes(path);
          expect(Boolean(op.requestBody), `${method} ${path}`).toBe(!bodyless);
        }
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          if (Number(status) >= 400)
            expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
        }
      }
    }
  });

  it('is generated from the contract’s schemas', () => {
    const { schemas } = doc.components;
    expect(schemas.OrderRecord.required).toEqual(
      expect.arrayContaining([
        'external_id',
        'restaurant_id',
        'placed_at',
        'channel',
        'source',
        'guests',
        'customer_ref',
        'status',
        'lines',
        'payments',
      ]),
    );
    expect(schemas.OrderRecord.additionalProperties).toBe(false);
    expect(schemas.OrderRecord.properties.placed_at.format).toBe('date-time');
    expect(schemas.OrderRecord.properties.channel.enum).toEqual(['dine_in', 'takeaway', 'delivery']);
    expect(schemas.OrderRecord.properties.status.enum).toEqual(['completed', 'voided', 'refunded']);
    // The fields added later are optional: integrations that never send them keep working.
    for (const field of ['discount_cents', 'tip_cents', 'platform']) {
      expect(schemas.OrderRecord.properties[field], field).toBeDefined();
      expect(schemas.OrderRecord.required, field).not.toContain(field);
    }
    expect(schemas.OrdersBody.properties.orders).toMatchObject({
      minItems: 1,
      maxItems: 1000,
      items: { $ref: '#/components/schemas/OrderRecord' },
    });
    expect(schemas.LoginInput).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
      properties: { email: { format: 'email' } },
    });
    // Optional form fields (absent is read as null) are not required; the others are.
    expect(schemas.CreatePersonInput.required).toEqual(['name', 'email', 'restaurant_id', 'role', 'status', 'password', 'change_password']);
    const headcounts = operation('GET', '/franchise/analytics/headcounts');
    const period = headcounts.parameters.find((p: { name: string }) => p.name === 'period');
    expect(period).toMatchObject({ in: 'query', required: false, schema: { enum: [...GROUPINGS, ...RANGES], default: '7days' } });
    expect(headcounts.parameters.find((p: { name: string }) => p.name === 'limit').schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 50,
    });
    expect(headcounts.responses['200'].content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/HeadcountAnalytics',
    });
    expect(operation('POST', '/ingest/orders').security).toEqual([{ apiKeyBearer: [] }]);
    // The analytics and page reports take a console token or a read key; their exports a console token only.
    expect(operation('GET', '/franchise/analytics/revenues').security).toEqual([{ bearerAuth: [] }, { readKeyBearer: [] }]);
    expect(operation('GET', '/franchise/restaurants/{id}/analytics/pages/{page}').security).toEqual([
      { bearerAuth: [] },
      { readKeyBearer: [] },
    ]);
    expect(operation('GET', '/franchise/analytics/pages/{page}/export').security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.readKeyBearer.description).toMatch(/read API key/);
    expect(operation('POST', '/franchise/login').security).toBeUndefined();
    expect(doc.components.securitySchemes.apiKeyBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.apiKeyBearer.description).toMatch(/Integrations page/);
  });

  it('holds only schemas that strict JSON Schema 2020-12 compiles', () => {
    const compile = schemaValidator();
    for (const name of Object.keys(doc.components.schemas))
      expect(() => compile({ $ref: `#/components/schemas/${name}` }), name).not.toThrow();
  });

  it('accepts a real orders body and refuses one without external_id, as the server’s schema does', () => {
    const order = {
      external_id: 'POS-1001',
      restaurant_id: 1,
      placed_at: '2026-11-21T12:30:00+11:00',
      channel: 'dine_in',
      source: 'pos',
      guests: 2,
      customer_ref: null,
      status: 'completed',
      lines: [{ sku: 'LATTE', quantity: 2, amount_cents: 1100 }],
      payments: [{ method: 'card', amount_cents: 1100 }],
    };
    const { external_id: _id, ...withoutId } = order;
    const check = schemaValidator()(operation('POST', '/ingest/orders').requestBody.content['application/json'].schema);
    expect(check({ orders: [order] }), JSON.stringify(check.errors)).toBe(true);
    expect(ordersBody.safeParse({ orders: [order] }).success).toBe(true);
    expect(check({ orders: [withoutId] })).toBe(false);
    expect(ordersBody.safeParse({ orders: [withoutId] }).success).toBe(false);
  });
});

describe('the answers match the document', () => {
  const answerValidator = () => {
    const compile = schemaValidator();
    return (method: string, path: string, status: number, body: unknown) => {
      const schema = operation(method, path)?.responses[String(status)]?.content['application/json']?.schema;
      expect(schema, `${method} ${path} ${status}`).toBeDefined();
      const check = compile(schema);
      expect(check(body), `${method} ${path} ${status}: ${JSON.stringify(check.errors)}`).toBe(true);
    };
  };

  it('of every JSON GET call in the route table, with its valid request', async () => {
    const matches = answerValidator();
    const gets = ROUTES.filter((r) => r.method === 'GET' && !r.file && (r.auth as string) !== 'api-key');
    expect(gets.length).toBeGreaterThan(20);
    for (const route of gets) {
      const prepared = route.prepare
        ? await route.prepare({ call: t.call, token: owner, lastMail: () => t.mailer.messages.at(-1)?.text })
        : {};
      const query = route.query ? `?${new URLSearchParams(prepared.query ?? route.query.valid)}` : '';
      const res = await t.call('GET', `${concretePath(route, prepared.params)}${query}`, route.auth === 'public' ? {} : { token: owner });
      expect(res.status, `${route.name}: ${res.text.slice(0, 200)}`).toBe(200);
      matches('GET', route.path, 200, res.body);
    }
  });

  it('of sign-in, an API key, the ingest calls and their failures', async () => {
    const matches = answerValidator();
    const login = await t.call('POST', '/api/v1/franchise/login', { body: OWNER });
    matches('POST', '/franchise/login', 200, login.body);
    const key = await t.call('POST', 'api-keys', { token: owner, body: { name: 'OpenAPI test key', restaurant_id: null } });
    matches('POST', '/franchise/api-keys', 201, key.body);
    const secret = key.body.data.secret as string;
    matches('GET', '/ingest/restaurants', 200, (await t.call('GET', '/api/v1/ingest/restaurants', { token: secret })).body);

    const item = { sku: 'OPENAPI-1', name: 'Spec Latte', price_cents: 550, menu: 'All Day', is_combo: false };
    matches(
      'PUT',
      '/ingest/menu-items',
      200,
      (await t.call('PUT', '/api/v1/ingest/menu-items', { token: secret, body: { items: [item] } })).body,
    );
    const order = {
      external_id: 'OPENAPI-ORDER-1',
      restaurant_id: 1,
      placed_at: '2026-11-21T12:30:00+11:00',
      channel: 'takeaway',
      source: 'app',
      guests: 1,
      customer_ref: 'LOYAL-7',
      status: 'completed',
      lines: [{ sku: 'OPENAPI-1', quantity: 2, amount_cents: 1100 }],
      payments: [{ method: 'app', amount_cents: 1100 }],
    };
    const requestSchema = schemaValidator()(operation('POST', '/ingest/orders').requestBody.content['application/json'].schema);
    expect(requestSchema({ orders: [order] })).toBe(true);
    const written = await t.call('POST', '/api/v1/ingest/orders', { token: secret, body: { orders: [order] } });
    expect(written.body.data).toEqual({ created: 1, updated: 0, unchanged: 0 });
    matches('POST', '/ingest/orders', 200, written.body);
    const removed = await t.call('POST', '/api/v1/ingest/purchases/remove', {
      token: secret,
      body: { records: [{ restaurant_id: 1, external_id: 'none' }] },
    });
    matches('POST', '/ingest/purchases/remove', 200, removed.body);

    const invalid = await t.call('POST', '/api/v1/ingest/orders', { token: secret, body: { orders: [{ ...order, lines: [] }] } });
    expect(invalid.status).toBe(422);
    matches('POST', '/ingest/orders', 422, invalid.body);
    const unauthenticated = await t.call('POST', '/api/v1/ingest/orders', { token: owner, body: { orders: [order] } });
    expect(unauthenticated.status).toBe(401);
    matches('POST', '/ingest/orders', 401, unauthenticated.body);
  });
});

describe('the generator', () => {
  const apiRoutes = () =>
    t.app.routes.filter((r) => r.path.startsWith('/api/v1/')).map((r) => ({ method: r.method, path: r.path.slice('/api/v1'.length) }));

  it('builds the served document from the app’s routes', () => {
    expect(JSON.stringify(buildOpenApiDocument(apiRoutes()))).toBe(text);
  });

  it('refuses a route registered without an entry in operations.ts', () => {
    const extra = new Hono().get('/franchise/made-up/:id', (c) => c.text('')).post('/ingest/coupons', (c) => c.text(''));
    expect(() => buildOpenApiDocument([...apiRoutes(), ...extra.routes])).toThrow(
      'no entry in contract/api for GET /franchise/made-up/{id}, POST /ingest/coupons',
    );
  });

  it('refuses an entry whose route the app does not register', () => {
    const routes = apiRoutes().filter((r) => r.path !== '/ingest/shifts/remove');
    expect(() => buildOpenApiDocument(routes)).toThrow('defines calls the app does not register: POST /ingest/shifts/remove');
  });
});
