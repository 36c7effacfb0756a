import { recordOrders } from '../../server/analytics/ingest';
import { pgliteDatabase, type Db } from '../../server/db/database';
import { statementMayWrite, WriteClock, type PgliteSession } from '../../server/db/pglite-dialect';
import { ReadCache } from '../../server/db/read-cache';
import { heldCalls } from './support/held-calls';
import { createTestApp } from './support/test-app';
import { openPgliteCopy } from './support/test-db';

describe('statementMayWrite', () => {
  it.each([
    'select 1',
    '  (select id from restaurants) union (select 2)',
    'with t as (select 1) select * from t',
    'select "u"."updated_at", "locked_until" from "franchise_users" as "u"',
    'select exists (select jti from revoked_tokens where jti = $1)',
  ])('reads: %s', (sql) => expect(statementMayWrite(sql)).toBe(false));

  it.each([
    'insert into orders default values',
    'update franchises set data_version = data_version + 1',
    'delete from revoked_tokens',
    'begin',
    'commit',
    'rollback',
    'analyze',
    'create table t (id int)',
    'with moved as (delete from a returning *) select * from moved',
    'select * into archived from orders',
    'select * from franchises for update',
    'select * from franchises for share',
    "select nextval('orders_id_seq')",
    "select set_config('timezone', 'UTC', false)",
    'SELECT pg_notify($1, $2)',
  ])('may write: %s', (sql) => expect(statementMayWrite(sql)).toBe(true));
});

describe('ReadCache', () => {
  it('answers a repeated read from memory until a write starts', async () => {
    const clock = new WriteClock();
    const cache = new ReadCache(clock);
    const l = heldCalls({ v: 1 });
    const first = cache.read('k', l.call);
    l.settle();
    const value = await first;
    const second = cache.read('k', l.call);
    l.settle();
    expect(await second).toBe(value);
    expect(l.runs).toBe(1);
    clock.tick();
    const again = cache.read('k', l.call);
    l.settle();
    await again;
    expect(l.runs).toBe(2);
  });

  it('keeps nothing a write overlapped: the read may have seen the state before it', async () => {
    const clock = new WriteClock();
    const cache = new ReadCache(clock);
    const l = heldCalls('before the write');
    const pending = cache.read('k', l.call);
    clock.tick();
    l.settle();
    expect(await pending).toBe('before the write');
    expect(cache.size).toBe(0);
    const next = cache.read('k', l.call);
    l.settle();
    await next;
    expect(l.runs).toBe(2);
  });

  it('drops the least recently used entry beyond its bound', async () => {
    const cache = new ReadCache(new WriteClock(), 2);
    const read = (key: string) => cache.read(key, async () => key);
    await read('a');
    await read('b');
    await read('a');
    await read('c');
    expect(cache.size).toBe(2);
    let loads = 0;
    await cache.read('a', async () => `${++loads}`);
    await cache.read('b', async () => `${++loads}`);
    expect(loads).toBe(1);
  });

  it('reads the database every time without a write clock (PostgreSQL: other servers write unseen)', async () => {
    const cache = new ReadCache(undefined);
    let loads = 0;
    await cache.read('k', async () => ++loads);
    await cache.read('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('two Kysely instances on one PGlite session', () => {
  it("take turns: one instance's statement never runs inside the other's open transaction", async () => {
    const { thread } = await openPgliteCopy();
    const [a, b] = [pgliteDatabase(thread), pgliteDatabase(thread)];
    const count = () =>
      a
        .selectFrom('suppliers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await count()).n);
    let during: Promise<{ n: number }> | undefined;
    await expect(
      b.transaction().execute(async (trx) => {
        const franchise = await trx.selectFrom('franchises').select('id').executeTakeFirstOrThrow();
        await trx.insertInto('suppliers').values({ franchise_id: franchise.id, name: 'Uncommitted Supplies' }).execute();
        during = count();
        // Time for the other instance's statement to run, were it not made to wait for this transaction.
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(Number((await during!).n)).toBe(before);
    await a.destroy();
  });
});

describe('cached answers on the embedded database', () => {
  let db: Db;
  let statements: string[];
  let close: () => Promise<void>;

  beforeAll(async () => {
    const { thread } = await openPgliteCopy();
    statements = [];
    // The dialect's view of the session, counting every statement that reaches the database thread.
    const counting: PgliteSession = {
      get waitReady() {
        return thread.waitReady;
      },
      get closed() {
        return thread.closed;
      },
      query: (sql, params, options) => {
        statements.push(sql);
        return thread.query(sql, params, options);
      },
      close: () => thread.close(),
    };
    db = pgliteDatabase(counting);
    close = () => db.destroy();
  });
  afterAll(() => close());

  const CARDS = ['revenues', 'orders', 'roster', 'best-sellers', 'headcounts', 'procurement'];

  it('take no database round trip once warm, and see the next write and sign-out at once', async () => {
    const t = createTestApp(db);
    const token = await t.login();
    const restaurant = (await t.call('GET', 'restaurants', { token })).body.data[0].id as number;
    const paths = CARDS.flatMap((kind) => [`analytics/${kind}`, `restaurants/${restaurant}/analytics/${kind}`]);
    const totalsBefore = (await t.call('GET', `restaurants/${restaurant}/analytics/revenues`, { token })).body.data.totals;
    for (const path of paths) expect((await t.call('GET', path, { token })).status).toBe(200);

    statements.length = 0;
    const warm = await Promise.all(paths.map((path) => t.call('GET', path, { token })));
    expect(warm.map((r) => r.status)).toEqual(paths.map(() => 200));
    expect(statements).toEqual([]);

    const franchiseId = (await db.selectFrom('restaurants').select('franchise_id').where('id', '=', restaurant).executeTakeFirstOrThrow())
      .franchise_id;
    const item = await db
      .insertInto('menu_items')
      .values({ franchise_id: franchiseId, sku: 'RC-1', name: 'Read Cache Roll', price_cents: 990, menu: 'All Day' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordOrders(db, franchiseId, [
      {
        restaurantId: restaurant,
        placedAt: new Date(t.now() - 86_400_000),
        channel: 'dine_in',
        source: 'pos',
        guests: 2,
        customerId: null,
        status: 'completed',
        lines: [{ menuItemId: item.id, quantity: 1, amountCents: 990 }],
        payments: [{ method: 'card', amountCents: 990 }],
      },
    ]);
    statements.length = 0;
    const totalsAfter = (await t.call('GET', `restaurants/${restaurant}/analytics/revenues`, { token })).body.data.totals;
    expect(statements.length).toBeGreaterThan(0);
    expect(totalsAfter.orders).toBe(totalsBefore.orders + 1);

    // A burst in flight while the token is revoked: every request sent after the sign-out is refused.
    const during = paths.map((path) => t.call('GET', path, { token }));
    expect((await t.call('POST', 'logout', { token })).status).toBe(200);
    const after = await Promise.all(paths.map((path) => t.call('GET', path, { token })));
    await Promise.all(during);
    expect(after.map((r) => r.status)).toEqual(paths.map(() => 401));
  });
});
