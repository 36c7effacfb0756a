/**
 * The branch-clock half of `npm run bench -- refile`: on a copy of each large franchise (50 and 200
 * branches × 730 days, or BENCH_SIZES), one branch's zone and day start changed as a save does (the
 * franchise's lock, the row, then refileBranch), timed per change against the 2 s budget, then the
 * rollups checked against a rebuild.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { dayStartMinutes } from '@contract/branch-clock';
import { rebuildRollups, refileBranch } from '../server/analytics/rollups';
import { pgliteDatabase } from '../server/db/database';
import { bumpDataVersion } from '../server/db/data-version';
import { TYPE_PARSERS } from '../server/db/pglite-options.mjs';
import { benchSizes } from './analytics';
import { embeddedFranchise, type Size } from './large-franchise';

const BUDGET_MS = 2000;
const CLOCKS = [
  { time_zone: 'Australia/Perth', day_starts_at: '00:00' },
  { time_zone: 'Australia/Perth', day_starts_at: '04:00' },
  { time_zone: 'Australia/Sydney', day_starts_at: '03:00' },
  { time_zone: 'Australia/Sydney', day_starts_at: '00:00' },
];

export async function refileBench(log: (line: string) => void): Promise<void> {
  for (const size of benchSizes()) await refileAt(size, log);
}

async function refileAt(size: Size, log: (line: string) => void): Promise<void> {
  const franchise = embeddedFranchise(size, log);
  const copy = mkdtempSync(join(tmpdir(), 'fc-bench-refile-'));
  cpSync(join(franchise.dataDir!, 'pglite'), copy, { recursive: true });
  const db = pgliteDatabase(await PGlite.create(copy, { parsers: TYPE_PARSERS }));
  try {
    const branch = await db
      .selectFrom('orders as o')
      .innerJoin('restaurants as r', 'r.id', 'o.restaurant_id')
      .select(['r.id', 'r.franchise_id', (eb) => eb.fn.countAll<number>().as('orders')])
      .groupBy(['r.id', 'r.franchise_id'])
      .orderBy('orders', 'desc')
      .executeTakeFirstOrThrow();
    const { branches } = await db
      .selectFrom('restaurants')
      .select((eb) => eb.fn.countAll<number>().as('branches'))
      .where('franchise_id', '=', branch.franchise_id)
      .executeTakeFirstOrThrow();
    log(
      `re-file one branch (${Number(branch.orders).toLocaleString('en-AU')} orders, one of ${branches} branches), budget ${BUDGET_MS} ms (load average now ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}):`,
    );
    for (const clock of CLOCKS) {
      const t = performance.now();
      await db.transaction().execute(async (trx) => {
        await bumpDataVersion(trx, branch.franchise_id);
        await trx
          .updateTable('restaurants')
          .set({ time_zone: clock.time_zone, day_starts_at: dayStartMinutes(clock.day_starts_at) })
          .where('id', '=', branch.id)
          .execute();
        await refileBranch(trx, branch.franchise_id, branch.id);
      });
      const elapsed = performance.now() - t;
      log(`  to ${clock.time_zone} ${clock.day_starts_at}: ${elapsed.toFixed(0)} ms (${(elapsed / BUDGET_MS).toFixed(2)} of the budget)`);
    }
    const check = await rebuildRollups(db, { check: true });
    log(`  rollups against a rebuild after the re-files: ${check.differing} differences`);
  } finally {
    await db.destroy();
    rmSync(copy, { recursive: true, force: true });
  }
}
