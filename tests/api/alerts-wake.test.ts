import type { Db } from '../../server/db/database';
import { createTestApp, OWNER } from './support/test-app';
import { openTestDatabase, type TestDatabase } from './support/test-db';

// Every rule write wakes the server's alert round. A burst of writes must not queue a round each:
// wake-ups while a round runs fold into one more round after it, which still sees the last write.
// The clock is 11:00 on Sunday 22 November 2026 in Sydney and nothing trades in the seed, so a
// "no trade by 10:00" rule is evaluated (and fires) in the first round after its creation.

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const OWNER_ID = 1;
const BURST = 20;

it(`a burst of ${BURST} rule creations runs two alert rounds, and the last evaluates every rule`, async () => {
  let rounds = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The first round waits until every creation has answered, so all the other wake-ups come while it runs.
  const t = createTestApp(db, {}, async (round) => {
    if (++rounds === 1) await held;
    return round();
  });
  const owner = await t.login(OWNER);
  const answers = await Promise.all(
    Array.from({ length: BURST }, () =>
      t.call('POST', 'alert-rules', {
        token: owner,
        body: { kind: 'no_trade', restaurant_id: 1, threshold: 10, recipient_ids: [OWNER_ID] },
      }),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  expect(rounds).toBe(1);
  release();
  await t.alertRound();
  expect(rounds).toBe(2);
  const evaluated = await db.selectFrom('alert_evaluations').select('rule_id').orderBy('rule_id').execute();
  expect(evaluated.map((e) => e.rule_id)).toEqual(answers.map((a) => a.body.data.id as number).sort((a, b) => a - b));
  expect(t.mailer.messages).toHaveLength(BURST);
});
