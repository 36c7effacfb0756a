/**
 * `npm run bench -- alert-preview`: the alert rule preview (docs/alerts.md#preview) over its longest look-back,
 * 400 closed days, for a rule watching every branch of the 200-branch, 2-year franchise, through a real
 * `npm start`, for every kind. Target: at most 1 s. The seed has no targets, so below_target reads them and fires
 * nothing; the other kinds fire on the seeded trade (labour cost at 30% on most days: the heaviest answer).
 */
import { performance } from 'node:perf_hooks';
import { startServer, stopServer } from '../tests/e2e/support/server-process';
import { embeddedFranchise, signInOwner } from './large-franchise';

const SIZE = { restaurants: 200, days: 730 };
const ROUNDS = 9;
const RULES = [
  { kind: 'below_target', threshold: 90 },
  { kind: 'revenue_drop', threshold: 20 },
  { kind: 'labour_cost', threshold: 30 },
  { kind: 'no_trade', threshold: 11 },
  { kind: 'procurement', threshold: 35 },
  { kind: 'attendance', threshold: 90 },
  { kind: 'discounts', threshold: 10 },
  { kind: 'food_cost', threshold: 32 },
];

export async function alertPreviewBench(log: (line: string) => void) {
  const franchise = embeddedFranchise(SIZE, log);
  const server = await startServer({ dataDir: franchise.dataDir!, pollMs: 50 });
  try {
    const { token, userId } = await signInOwner(server.url, franchise.account);
    for (const rule of RULES) {
      const times: number[] = [];
      let fired = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/api/v1/franchise/alert-rules/preview?days=400`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...rule, restaurant_id: null, recipient_ids: [userId] }),
        });
        const body = (await res.json()) as { data: { alerts: unknown[] } };
        if (res.status !== 200) throw new Error(`preview answered ${res.status}: ${JSON.stringify(body)}`);
        times.push(performance.now() - t);
        fired = body.data.alerts.length;
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(ROUNDS / 2)]!;
      log(
        `alert preview, ${rule.kind} on every branch of ${SIZE.restaurants} over 400 days: median ${median.toFixed(1)} ms, slowest ${sorted.at(-1)!.toFixed(1)} ms of ${ROUNDS} (${fired} alerts; target <= 1000 ms: ${median <= 1000 ? 'met' : 'MISSED'})`,
      );
    }
  } finally {
    await stopServer(server.process);
  }
}
