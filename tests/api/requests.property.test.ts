import fc from 'fast-check';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { createTokens } from '../../server/auth/tokens';
import { analyticsQuery } from '@contract/analytics.contract';
import type { TokenClaims } from '@contract/auth.contract';
import { EXPORT_FORMATS } from '@contract/page-reports.contract';
import { API, concretePath, ROUTES, type RouteSpec } from './support/route-table';
import { expectSecurityHeaders } from './support/security-headers';
import { createTestApp, expectErrorEnvelope, expectSuccessEnvelope, OWNER, RIVAL, type CallOptions } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

const RUNS = 1000;
// A fresh seed each run; FC_SEED=<seed printed on failure> replays one.
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Math.floor(Math.random() * 2 ** 31);
const HOUR = 3_600_000;

let database: TestDatabase;
let t: ReturnType<typeof createTestApp>;
let owner: TokenClaims;
beforeAll(async () => {
  database = await openTestDatabase();
  t = createTestApp(database.db);
  owner = decodeJwt(await t.login(OWNER)) as unknown as TokenClaims;
});
afterAll(() => database.close());

const PLAIN_TOKEN_KINDS = ['valid', 'expired', 'expired-beyond-window', 'revoked', 'other-secret', 'missing', 'oversized'] as const;

type TokenCase =
  | { kind: (typeof PLAIN_TOKEN_KINDS)[number] }
  | { kind: 'tampered-claim'; claim: 'sub' | 'exp' | 'ver' | 'franchise_id' }
  | { kind: 'tampered-signature'; at: number }
  | { kind: 'wrong-alg'; alg: 'HS384' | 'HS512' | 'none' }
  | { kind: 'wrong-scheme'; scheme: string }
  | { kind: 'garbage'; value: string };

type Mutation =
  | { kind: 'none' }
  | { kind: 'field-type'; field: string; value: unknown }
  | { kind: 'field-value'; field: string; value: string }
  | { kind: 'missing-field'; field: string }
  | { kind: 'extra-fields'; extra: Record<string, unknown> }
  | { kind: 'not-an-object'; value: unknown }
  | { kind: 'malformed-json'; how: 'truncated' | 'trailing-comma' | 'single-quoted' | 'empty'; cut: number }
  | { kind: 'oversized-body' }
  | { kind: 'content-type'; value: string | undefined; accepted: boolean }
  | { kind: 'unknown-reset-token'; token: string }
  | { kind: 'query'; query: string }
  | { kind: 'query-value'; field: string; value: string }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'method'; method: string }
  | { kind: 'token'; token: TokenCase };

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x21-\\x7e]{1,${max}}$`));

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const notAnObject = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
);

const ACCEPTED_TYPES = ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/vnd.api+json'];
const REFUSED_TYPES = [
  undefined,
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/jsonp',
];

const query = fc.oneof(
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('period', 'start_date', 'end_date', 'limit', 'page', 'token', 'email'),
        fc.string({ minLength: 1, maxLength: 10 }),
      ),
      fc.oneof(fc.string({ maxLength: 20, unit: 'binary' }), fc.integer().map(String)),
      { minKeys: 1, maxKeys: 4 },
    )
    .map((params) => new URLSearchParams(params).toString()),
  // Broken percent-encoding and empty names, sent as they are.
  fc.constantFrom('%', 'a=%E0%A4%A', 'limit=%ZZ', '=&=&', 'period=7days&period=14days', '?'),
);

/** Each kind of token equally often. */
const tokenCase: fc.Arbitrary<TokenCase> = fc.oneof(
  ...PLAIN_TOKEN_KINDS.map((kind) => fc.constant({ kind })),
  fc.record({
    kind: fc.constant('tampered-claim' as const),
    claim: fc.constantFrom('sub' as const, 'exp' as const, 'ver' as const, 'franchise_id' as const),
  }),
  fc.record({ kind: fc.constant('tampered-signature' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('wrong-alg' as const), alg: fc.constantFrom('HS384' as const, 'HS512' as const, 'none' as const) }),
  fc.record({ kind: fc.constant('wrong-scheme' as const), scheme: fc.constantFrom('Basic', 'Token', 'JWT', '') }),
  fc.record({ kind: fc.constant('garbage' as const), value: printable(60) }),
);

/** Whether a route's path is `pattern`, or fits it with its `:name` parameters as any one segment. */
const pathFits = (path: string, pattern: string) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path);

/** One dimension varied from a valid request; the weights keep most runs inside the handlers. */
function mutations(route: RouteSpec): fc.Arbitrary<Mutation> {
  // Not a method another route answers on the same path (GET and PUT people/:id), or on a pattern the path fits
  // (DELETE alert-rules/:id takes alert-rules/preview as a rule's id, a 404): that is no 405.
  const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
    (m) => !ROUTES.some((r) => r.method === m && pathFits(route.path, r.path)),
  );
  const options: [weight: number, arbitrary: fc.Arbitrary<Mutation>][] = [
    [route.body ? 1 : 3, fc.constant({ kind: 'none' })],
    [1, query.map((q) => ({ kind: 'query', query: q }))],
    [1, fc.constantFrom(...otherMethods).map((method) => ({ kind: 'method', method }))],
  ];
  if (route.body) {
    const fields = Object.keys(route.body);
    const refused = Object.entries(route.body).flatMap(([field, spec]) => spec.refused.map((value) => ({ field, value })));
    const malformed = fc.record({ how: fc.constantFrom('truncated', 'trailing-comma', 'single-quoted', 'empty'), cut: fc.nat() });
    const extraFields = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !fields.includes(k)),
      fc.jsonValue({ maxDepth: 2 }),
      { minKeys: 1, maxKeys: 4 },
    );
    options.push(
      [5, fc.record({ field: fc.constantFrom(...fields), value: wrongType }).map((m) => ({ kind: 'field-type', ...m }))],
      [5, fc.constantFrom(...refused).map((m) => ({ kind: 'field-value', ...m }))],
      [4, fc.constantFrom(...fields).map((field) => ({ kind: 'missing-field', field }))],
      [1, notAnObject.map((value) => ({ kind: 'not-an-object', value }))],
      [4, malformed.map((m) => ({ kind: 'malformed-json', ...m }))],
      [1, extraFields.map((extra) => ({ kind: 'extra-fields', extra }))],
      [1, fc.constant({ kind: 'oversized-body' })],
      [1, fc.constantFrom(...ACCEPTED_TYPES).map((value) => ({ kind: 'content-type', value, accepted: true }))],
      [1, fc.constantFrom(...REFUSED_TYPES).map((value) => ({ kind: 'content-type', value, accepted: false }))],
    );
    if (route.name === 'resetPassword') {
      // Heavy enough that the one route with this mutation still draws it among many routes (every kind must run).
      options.push([40, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/).map((token) => ({ kind: 'unknown-reset-token', token }))]);
    }
  }
  if (route.query) {
    const refused = Object.entries(route.query.fields).flatMap(([field, spec]) => spec.refused.map((value) => ({ field, value })));
    options.push([8, fc.constantFrom(...refused).map((m) => ({ kind: 'query-value', ...m }))]);
  }
  if (route.params) {
    const refused = Object.entries(route.params).flatMap(([name, spec]) => spec.refused.map((value) => ({ name, value })));
    options.push([2, fc.constantFrom(...refused).map((m) => ({ kind: 'param', ...m }))]);
  }
  if (route.auth !== 'public') options.push([6, tokenCase.map((token) => ({ kind: 'token', token }))]);
  return fc.oneof(...options.map(([weight, arbitrary]) => ({ weight, arbitrary })));
}

/** Body routes carry most of the validation; the weight grows with their fields. */
const requests = fc.oneof(
  ...ROUTES.map((route) => ({
    weight: route.body ? 4 + 2 * Object.keys(route.body).length : route.auth === 'public' ? 1 : 3,
    arbitrary: mutations(route).map((mutation) => ({ route: route.name, mutation })),
  })),
);

type Expected = { status: number; field?: string };

/** A route that validates its query takes a random one when the contract's schema (the analytics query unless the route names its own) does, each name given once. */
function randomQueryStatus(route: RouteSpec, query: string): number {
  if (!route.query) return 200;
  // As the URL carries it: a leading '?' of the query is then a name, not the separator.
  const pairs = [...new URL(`http://localhost/?${query}`).searchParams];
  if (new Set(pairs.map(([name]) => name)).size < pairs.length) return 422;
  // An export's `format` is required and one of the contract's formats; the rest is the analytics query.
  const required = new Set(route.requires);
  for (const name of required) {
    const value = pairs.find(([n]) => n === name)?.[1];
    if (value === undefined || !(EXPORT_FORMATS as readonly string[]).includes(value)) return 422;
  }
  const schema = route.query.schema ?? analyticsQuery;
  return schema.safeParse(Object.fromEntries(pairs.filter(([name]) => !required.has(name)))).success ? 200 : 422;
}

function expected(route: RouteSpec, m: Mutation): Expected {
  switch (m.kind) {
    case 'field-type':
    case 'field-value':
    case 'missing-field':
      return { status: 422, field: m.field };
    case 'not-an-object':
      return { status: 422 };
    case 'query-value':
      return { status: 422, field: m.field };
    case 'param':
      return { status: 404 };
    case 'query':
      return { status: randomQueryStatus(route, m.query) };
    case 'malformed-json':
    case 'unknown-reset-token':
      return { status: 400 };
    case 'oversized-body':
      return { status: 413 };
    case 'content-type':
      return { status: m.accepted ? 200 : 415 };
    case 'method':
      return { status: 405 };
    case 'extra-fields':
      return { status: route.strict ? 422 : 200 };
    case 'token':
      if (m.token.kind === 'valid') return { status: 200 };
      if (route.auth === 'api-key') return { status: 401 };
      return { status: m.token.kind === 'expired' && route.auth === 'bearer-or-expired' ? 200 : 401 };
    default:
      return { status: 200 };
  }
}

/** A reset token for the rival account, mailed through the API like a user's. */
async function resetToken(address: string): Promise<string> {
  const res = await t.call('POST', `${API}/password/forgot`, { body: { email: RIVAL.email }, address });
  expect(res.status).toBe(200);
  const link = t.mailer.messages.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
  return new URL(link!).searchParams.get('token')!;
}

const VALID_BODIES: Record<string, (address: string) => Promise<Record<string, unknown>>> = {
  login: async () => ({ ...OWNER }),
  forgotPassword: async () => ({ email: OWNER.email }),
  resetPassword: async (address) => ({ token: await resetToken(address), password: RIVAL.password, password_confirmation: RIVAL.password }),
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The Authorization header for a token case; tokens are minted per run so none outlives its run. */
async function authorization(c: TokenCase, address: string): Promise<string | undefined> {
  const mint = (at: number, secret = t.config.jwtSecret) =>
    createTokens({ ...t.config, jwtSecret: secret }, () => at)
      .issue({ ...owner.user, token_version: owner.ver })
      .then((issued) => issued.token);
  const now = t.now();
  const valid = await mint(now);
  switch (c.kind) {
    case 'valid':
      return `Bearer ${valid}`;
    case 'expired':
      return `Bearer ${await mint(now - 2 * t.config.accessTokenTtl * 1000)}`;
    case 'expired-beyond-window':
      return `Bearer ${await mint(now - (t.config.refreshWindow + 2 * t.config.accessTokenTtl) * 1000)}`;
    case 'revoked': {
      expect((await t.call('POST', `${API}/logout`, { token: valid, address })).status).toBe(200);
      return `Bearer ${valid}`;
    }
    case 'other-secret':
      return `Bearer ${await mint(now, 'another-secret-another-secret-0123456789')}`;
    case 'missing':
      return undefined;
    case 'oversized':
      return `Bearer ${'a'.repeat(5000)}`;
    case 'tampered-claim': {
      const [header, payload, signature] = valid.split('.');
      const claims = decodeJwt(valid) as unknown as TokenClaims;
      const forged =
        c.claim === 'franchise_id'
          ? { ...claims, user: { ...claims.user, franchise_id: claims.user.franchise_id + 1 } }
          : { ...claims, [c.claim]: c.claim === 'sub' ? String(Number(claims.sub) + 1) : claims[c.claim] + 3600 };
      expect(base64url(forged)).not.toBe(payload);
      return `Bearer ${header}.${base64url(forged)}.${signature}`;
    }
    case 'tampered-signature': {
      const cut = valid.lastIndexOf('.') + 1;
      // Not the last character: its low bits are padding and may decode to the same signature.
      const at = cut + (c.at % (valid.length - cut - 1));
      return `Bearer ${valid.slice(0, at)}${valid[at] === 'A' ? 'B' : 'A'}${valid.slice(at + 1)}`;
    }
    case 'wrong-alg': {
      const claims = decodeJwt(valid);
      const token =
        c.alg === 'none'
          ? new UnsecuredJWT(claims).encode()
          : await new SignJWT(claims).setProtectedHeader({ alg: c.alg, typ: 'JWT' }).sign(new TextEncoder().encode(t.config.jwtSecret));
      return `Bearer ${token}`;
    }
    case 'wrong-scheme':
      return `${c.scheme} ${valid}`;
    case 'garbage':
      return `Bearer ${c.value}`;
  }
}

function rawBody(route: RouteSpec, valid: Record<string, unknown>, m: Mutation): string {
  switch (m.kind) {
    case 'field-type':
    case 'field-value':
      return JSON.stringify({ ...valid, [m.field]: m.value });
    case 'missing-field':
      return JSON.stringify(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== m.field)));
    case 'extra-fields':
      return JSON.stringify({ ...m.extra, ...valid });
    case 'not-an-object':
      return JSON.stringify(m.value);
    case 'oversized-body':
      return JSON.stringify({ ...valid, padding: 'x'.repeat((route.maxBodyBytes ?? 64 * 1024) + 6 * 1024) });
    case 'unknown-reset-token':
      return JSON.stringify({ ...valid, token: m.token });
    case 'malformed-json': {
      const text = JSON.stringify(valid);
      if (m.how === 'truncated') return text.slice(0, m.cut % text.length);
      if (m.how === 'trailing-comma') return `${text.slice(0, -1)},}`;
      if (m.how === 'single-quoted') return text.replaceAll('"', "'");
      return '';
    }
    default:
      return JSON.stringify(valid);
  }
}

async function send(route: RouteSpec, m: Mutation, address: string) {
  const options: CallOptions & { headers: Record<string, string> } = { address, headers: {} };
  const prepared = route.prepare
    ? await route.prepare({
        call: t.call,
        token: (await authorization({ kind: 'valid' }, address))!.slice(7),
        lastMail: () => t.mailer.messages.at(-1)?.text,
      })
    : {};
  if (route.body) {
    options.rawBody = rawBody(route, prepared.body ?? (await VALID_BODIES[route.name]!(address)), m);
    const type = m.kind === 'content-type' ? m.value : 'application/json';
    if (type !== undefined) options.headers['Content-Type'] = type;
  }
  if (route.auth === 'api-key' && (m.kind !== 'token' || m.token.kind === 'valid')) {
    options.headers.Authorization = prepared.authorization!;
  } else if (route.auth !== 'public') {
    const header = await authorization(m.kind === 'token' ? m.token : { kind: 'valid' }, address);
    if (header !== undefined) options.headers.Authorization = header;
  }
  const method = m.kind === 'method' ? m.method : route.method;
  const path = concretePath(route, { ...prepared.params, ...(m.kind === 'param' ? { [m.name]: m.value } : {}) });
  const validQuery = route.query && new URLSearchParams(prepared.query ?? route.query.valid);
  if (validQuery && m.kind === 'query-value') validQuery.set(m.field, m.value);
  const query = m.kind === 'query' ? m.query : validQuery?.toString();
  return t.call(method, query === undefined ? path : `${path}?${query}`, options);
}

type Tally = Map<string, Map<number, number>>;
const count = (tally: Tally, key: string, status: number) => {
  const row = tally.get(key) ?? new Map<number, number>();
  row.set(status, (row.get(status) ?? 0) + 1);
  tally.set(key, row);
};
const total = (tally: Tally, pick: (key: string, status: number) => boolean) =>
  [...tally].reduce((sum, [key, row]) => sum + [...row].reduce((s, [status, n]) => s + (pick(key, status) ? n : 0), 0), 0);
const share = (tally: Tally, pick: (key: string, status: number) => boolean) => {
  const n = total(tally, pick);
  return `${n} (${((100 * n) / total(tally, () => true)).toFixed(1)} %)`;
};
const routeKey = (route: RouteSpec) => `${route.method} ${route.path.startsWith(API) ? route.path.slice(API.length + 1) : route.path}`;
const bearerRoutes = ROUTES.filter((r) => r.auth !== 'public').map(routeKey);
const reachedValidation = (_: string, status: number) => status === 400 || status === 422;
const reachedAuthenticated = (key: string, status: number) => status >= 200 && status < 300 && bearerRoutes.includes(key);
const MUTATION_KINDS = [
  'content-type',
  'extra-fields',
  'field-type',
  'field-value',
  'malformed-json',
  'method',
  'missing-field',
  'none',
  'not-an-object',
  'oversized-body',
  'param',
  'query',
  'query-value',
  'unknown-reset-token',
  ...[...PLAIN_TOKEN_KINDS, 'tampered-claim', 'tampered-signature', 'wrong-alg', 'wrong-scheme', 'garbage'].map((k) => `token:${k}`),
].sort();
const format = (tally: Tally) =>
  [...tally]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([key, row]) =>
        `  ${key.padEnd(28)} ${[...row]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status}×${n}`)
          .join('  ')}`,
    )
    .join('\n');

describe('requests generated from the route table', () => {
  it('lists every route the app registers', () => {
    const registered = new Set(
      t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/')).map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].sort()).toEqual(ROUTES.map((r) => `${r.method} ${r.path}`).sort());
  });

  it(`reach validation and the authenticated handlers, never get a 5xx, and answer in the envelope with the fitting status (${RUNS} runs)`, async () => {
    const byMutation: Tally = new Map();
    const byRoute: Tally = new Map();
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(requests, async ({ route: name, mutation }) => {
          const route = ROUTES.find((r) => r.name === name)!;
          run++;
          // An hour apart and from an address of its own, so no limiter window spans two runs (rate-limit.test.ts tests limits).
          t.advance(HOUR);
          const address = `10.${(run >> 16) & 255}.${(run >> 8) & 255}.${run & 255}`;
          const want = expected(route, mutation);
          if (want.status === 200 && route.success) want.status = route.success;
          const res = await send(route, mutation, address);
          const what = `${route.method} ${route.path} ${JSON.stringify(mutation).slice(0, 300)}: ${res.status} ${res.text.slice(0, 300)}`;

          expect(res.status, what).toBeLessThan(500);
          expectSecurityHeaders(res.headers);
          if (res.status < 300 && route.file) expect(res.headers.get('content-type'), what).toMatch(route.file);
          else {
            expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
            if (res.status < 300) expectSuccessEnvelope(res.body);
            else expectErrorEnvelope(res.body);
          }
          expect(res.status, what).toBe(want.status);
          if (want.status === 422) expect(res.body.errors, what).toEqual(expect.any(Object));
          // A field's own error, or one of its elements' (`orders[0]`) for a list.
          if (want.field)
            expect(
              Object.keys(res.body.errors).some((k) => k === want.field || k.startsWith(`${want.field}[`)),
              what,
            ).toBe(true);

          const kind = mutation.kind === 'token' ? `token:${mutation.token.kind}` : mutation.kind;
          count(byMutation, kind, res.status);
          count(byRoute, routeKey(route), res.status);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    } finally {
      console.log(
        [
          `seed ${SEED} (replay: FC_SEED=${SEED}); ${total(byRoute, () => true)} runs counted`,
          `validation (400/422 from a handler): ${share(byRoute, reachedValidation)}`,
          `authenticated handler reached with a valid token (2xx on a bearer route): ${share(byRoute, reachedAuthenticated)}`,
          'by route:',
          format(byRoute),
          'by mutation:',
          format(byMutation),
        ].join('\n'),
      );
    }

    const runs = total(byRoute, () => true);
    expect(runs).toBe(RUNS);
    expect(total(byRoute, reachedValidation) / runs).toBeGreaterThanOrEqual(0.4);
    expect(total(byRoute, reachedAuthenticated) / runs).toBeGreaterThanOrEqual(0.08);
    // Every route answers its valid request: sent once each, as a route drawn rarely may get none among the runs.
    for (const [i, route] of ROUTES.entries()) {
      t.advance(HOUR);
      const res = await send(route, { kind: 'none' }, `10.255.255.${i}`);
      expect(res.status, `${route.name}: ${res.text.slice(0, 300)}`).toBe(route.success ?? 200);
    }
    // Every kind of mutation ran.
    expect([...byMutation.keys()].sort()).toEqual(MUTATION_KINDS);
    // A thousand real requests take 45 s on a quiet 2-core machine, more beside the suite's other workers.
  }, 180_000);
});
