import * as z from 'zod';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressOf, defineCalls } from '@contract/api/call';
import { CALLS } from '@contract/api/calls';
import type { AppEnv, RouteDeps } from '../../server/app-deps';
import { callRoutes } from '../../server/http/call-routes';
import { errorHandler } from '../../server/http/errors';
import { silentLogger } from '../../server/logger';
import { OPERATIONS } from '../../server/openapi/operations';

// A call is defined once in contract/api: the server registers it from there, and what is not in a table is not served.

const TABLE = defineCalls({
  'POST /things/{id}': {
    operationId: 'renameThing',
    summary: 'Rename a thing',
    tag: 'Service',
    access: 'public',
    notFound: 'Thing not found',
    body: z.object({ name: z.string().min(1, 'Name is required') }).strict(),
    query: z.object({ dry: z.enum(['yes', 'no']).optional() }).strict(),
    success: { data: z.object({ id: z.int(), name: z.string() }) },
    status: 201,
  },
  'GET /things': {
    operationId: 'listThings',
    summary: 'Things',
    tag: 'Service',
    access: 'public',
    success: { data: z.array(z.string()) },
  },
});

const deps = {} as RouteDeps;
const handlers = {
  'POST /things/{id}': async ({ body, params }: { body: { name: string }; params: { id: number } }) => ({
    data: { id: params.id, name: body.name },
    message: `Thing ${params.id} renamed`,
  }),
  'GET /things': async () => ({ data: ['a'], message: 'Things' }),
};

function appOf(routes: Hono<AppEnv>) {
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(silentLogger));
  app.route('/', routes);
  return app;
}

const post = (app: Hono<AppEnv>, path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('callRoutes', () => {
  it('serves a call with its validated params, body and query, in the envelope with the table’s status', async () => {
    const app = appOf(callRoutes(deps, TABLE, handlers));
    const res = await post(app, '/things/7?dry=no', { name: 'Lamp' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: 'success', message: 'Thing 7 renamed', data: { id: 7, name: 'Lamp' } });
  });

  it('refuses what the table refuses before the handler runs: an id naming nothing (404 with the call’s message), a body or query field (422)', async () => {
    let ran = 0;
    const app = appOf(
      callRoutes(deps, TABLE, {
        ...handlers,
        'POST /things/{id}': async (request) => {
          ran++;
          return handlers['POST /things/{id}'](request);
        },
      }),
    );
    const notFound = await post(app, '/things/01', { name: 'Lamp' });
    expect(notFound.status).toBe(404);
    expect((await notFound.json()).message).toBe('Thing not found');
    const badBody = await post(app, '/things/7', { name: '' });
    expect(badBody.status).toBe(422);
    expect((await badBody.json()).errors).toEqual({ name: ['Name is required'] });
    const badQuery = await post(app, '/things/7?dry=maybe', { name: 'Lamp' });
    expect(badQuery.status).toBe(422);
    expect((await badQuery.json()).errors).toHaveProperty('dry');
    expect(ran).toBe(0);
  });

  it('checks a page or kind in the path by its schema (404) and reads the body by the kind, after the table’s before steps', async () => {
    const KINDS = defineCalls({
      'POST /pages/{page}/{kind}': {
        operationId: 'sendKind',
        summary: 'Send a kind',
        tag: 'Service',
        access: 'public',
        body: z.union([z.object({ orders: z.array(z.int()) }), z.object({ shifts: z.array(z.int()) })]),
        bodyByKind: { orders: z.object({ orders: z.array(z.int()) }).strict(), shifts: z.object({ shifts: z.array(z.int()) }).strict() },
        success: { data: z.string() },
      },
    });
    const steps: string[] = [];
    const app = appOf(
      callRoutes(
        deps,
        KINDS,
        {
          'POST /pages/{page}/{kind}': async ({ params, body }) => {
            steps.push('handler');
            return { data: `${params.page} ${params.kind} ${JSON.stringify(body)}`, message: 'Sent' };
          },
        },
        {
          before: [
            async (_c, next) => {
              steps.push('before');
              await next();
            },
          ],
        },
      ),
    );
    expect(await (await post(app, '/pages/revenue/orders', { orders: [1] })).json()).toMatchObject({
      data: 'revenue orders {"orders":[1]}',
    });
    expect(steps).toEqual(['before', 'handler']);
    steps.length = 0;
    for (const path of ['/pages/revenues/orders', '/pages/revenue/order', '/pages/Revenue/shifts']) {
      const res = await post(app, path, { orders: [1] });
      expect(res.status, path).toBe(404);
      expect((await res.json()).message).toBe('Not found');
    }
    // The union would take an orders body; a shifts call reads it by the shifts schema: shifts missing, orders unknown.
    const wrongKind = await post(app, '/pages/revenue/shifts', { orders: [1] });
    expect(wrongKind.status).toBe(422);
    expect(Object.keys((await wrongKind.json()).errors).sort()).toEqual(['orders', 'shifts']);
    expect(steps).toEqual(['before', 'before', 'before', 'before']);
  });

  it('refuses a table with a call that has no handler, and a handler of no call', () => {
    const { 'GET /things': _list, ...withoutList } = handlers;
    expect(() => callRoutes(deps, TABLE, withoutList as typeof handlers)).toThrow(
      'Calls without a handler: GET /things; handlers of no call: none',
    );
    const extra = { ...handlers, 'DELETE /things/{id}': async () => ({ data: null, message: 'Gone' }) };
    expect(() => callRoutes(deps, TABLE, extra)).toThrow('Calls without a handler: none; handlers of no call: DELETE /things/{id}');
  });

  it('every call of the contract’s tables is in the OpenAPI description', () => {
    for (const key of Object.keys(CALLS)) expect(OPERATIONS, key).toHaveProperty([key]);
  });

  it('addresses a call by its key: method, and the path with its parameters filled in and encoded', () => {
    expect(addressOf('DELETE /franchise/report-subscriptions/{id}', { id: 12 })).toEqual({
      method: 'DELETE',
      path: '/franchise/report-subscriptions/12',
    });
    expect(addressOf('GET /things/{name}/x', { name: 'a/b' }).path).toBe('/things/a%2Fb/x');
    expect(() => addressOf('GET /things/{id}', {})).toThrow('no value for {id}');
  });
});
