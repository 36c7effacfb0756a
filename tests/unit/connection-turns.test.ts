import { ConnectionTurns, MAX_TRANSACTION_WAIT_MS } from '../../server/db/pglite-dialect';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("turns at PGlite's one connection", () => {
  it('gives a free connection at once, and one holder at a time', async () => {
    const turns = new ConnectionTurns();
    const first = await turns.acquire('transaction');
    let second = false;
    const waiting = turns.acquire('statement').then((release) => {
      second = true;
      return release;
    });
    await tick();
    await tick();
    expect(second).toBe(false);
    first();
    (await waiting)();
    expect(second).toBe(true);
  });

  it('lets waiting statements go before waiting transactions, transactions in their order', async () => {
    const turns = new ConnectionTurns();
    const order: string[] = [];
    const running = await turns.acquire('transaction');
    const take = (kind: 'statement' | 'transaction', name: string) =>
      turns.acquire(kind).then((release) => {
        order.push(name);
        release();
      });
    const all = [take('transaction', 'T2'), take('statement', 'S1'), take('transaction', 'T3'), take('statement', 'S2')];
    running();
    await Promise.all(all);
    expect(order).toEqual(['S1', 'S2', 'T2', 'T3']);
  });

  it("hands a freed connection on at the next turn, so a request's next statement comes before a queued transaction", async () => {
    const turns = new ConnectionTurns();
    const order: string[] = [];
    const running = await turns.acquire('transaction');
    const queued = turns.acquire('transaction').then((release) => {
      order.push('queued transaction');
      release();
    });
    const request = turns.acquire('statement').then(async (release) => {
      order.push('first statement');
      release();
      // Sent as soon as the first was answered, as a request's code does.
      (await turns.acquire('statement'))();
      order.push('second statement');
    });
    running();
    await Promise.all([queued, request]);
    expect(order).toEqual(['first statement', 'second statement', 'queued transaction']);
  });

  it(`lets no stream of statements keep a queued transaction waiting more than ${MAX_TRANSACTION_WAIT_MS} ms`, async () => {
    let now = 0;
    const turns = new ConnectionTurns(() => now);
    const order: string[] = [];
    const running = await turns.acquire('statement');
    const transaction = turns.acquire('transaction').then((release) => {
      order.push('transaction');
      release();
    });
    // Statements keep coming, each as the one before ends; the clock moves 50 ms a statement.
    let statements = 0;
    const stream = (async () => {
      while (!order.includes('transaction') && statements < 20) {
        const release = await turns.acquire('statement');
        order.push(`statement ${++statements}`);
        now += 50;
        release();
      }
    })();
    running();
    await Promise.all([transaction, stream]);
    const passedBy = order.indexOf('transaction');
    expect(passedBy).toBeGreaterThan(0);
    expect(passedBy).toBeLessThanOrEqual(MAX_TRANSACTION_WAIT_MS / 50);
  });
});
