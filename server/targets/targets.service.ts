import { sql } from 'kysely';
import type { TargetsGrid, TargetsWriteResult } from '@contract/api/targets.calls.js';
import { addDays } from '@contract/calendar-day.js';
import {
  inTargetWindow,
  monthDays,
  SPREAD_WEEKS,
  STALE_TARGETS_MESSAGE,
  TARGET_DAY_MESSAGE,
  weekdayOf,
  type TargetRecord,
} from '@contract/targets.contract.js';
import { dayIn } from '../analytics/calendar.js';
import { currentTradingDay } from '../analytics/trading-day.js';
import type { Db } from '../db/database.js';
import { anyOf, columnsOf, withinBranches } from '../db/typed-sql.js';
import { HttpError } from '../http/errors.js';
import { recordActivity } from '../activity/activity.repository.js';
import { memberRole } from '../team/team.repository.js';
import { BatchProblems, checkRestaurants, recheckSender, recordBatch, type IngestScope } from '../ingest/batch.js';
import { statsRevenueCents } from '../analytics/answers/sql-parts.js';

// Targets (docs/product.md#targets-and-variance): the one write path of the ingest call, the Targets
// page's save and the CSV import, and the Targets page's grid.

/**
 * Who writes targets: an ingest key or the import (recorded as a batch, `IngestScope`), or a
 * member's save on the Targets page (`console`); `branches`: the branches the caller may write
 * (a manager's; null: every branch, or a key's one branch by `restaurantId`).
 */
export type TargetsScope = Omit<IngestScope, 'via'> & { via: IngestScope['via'] | 'console'; branches: readonly number[] | null };

/**
 * Upserts targets by (restaurant_id, day) in one transaction under the franchise's row lock: a stale
 * `version` is 409, any bad target 422 by its path with nothing written. A write that changes
 * anything bumps the targets' version and the franchise's data_version (the analytics caches' key);
 * an identical resend writes nothing.
 */
export function writeTargets(
  db: Db,
  scope: TargetsScope,
  targets: TargetRecord[],
  now: number,
  version?: number,
): Promise<TargetsWriteResult> {
  return db.transaction().execute(async (trx) => {
    const franchise = await trx
      .selectFrom('franchises')
      .select(['time_zone', 'targets_version'])
      .where('id', '=', scope.franchiseId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (scope.via !== 'console') await recheckSender(trx, { ...scope, via: scope.via });
    // A member removed while the request waited writes nothing, as in every member's write (docs/architecture.md).
    else if ((await memberRole(trx, scope.franchiseId, scope.actor.userId!)) === undefined) throw new HttpError(404, 'Not found');
    if (version !== undefined && version !== franchise.targets_version) throw new HttpError(409, STALE_TARGETS_MESSAGE);
    const problems = new BatchProblems();
    await checkRestaurants(trx, scope, 'targets', targets, problems);
    const today = dayIn(franchise.time_zone, new Date(now));
    for (const [i, t] of targets.entries()) if (!inTargetWindow(t.day, today)) problems.add(`targets[${i}].day`, TARGET_DAY_MESSAGE);
    problems.throwIfAny();

    // Raw: an INSERT … SELECT from an unnest (one parameter per column), and xmax = 0 tells created from updated.
    const [t, stored, excluded] = [columnsOf('targets'), columnsOf('targets', 'targets'), columnsOf('targets', 'excluded')];
    const fields = ['revenue_cents', 'labour_cost_tenths'] as const;
    const { rows } = await sql<{ created: boolean }>`insert into targets
        (${t('restaurant_id')}, ${t('day')}, ${t('revenue_cents')}, ${t('labour_cost_tenths')}, ${t('updated_at')})
      select *, ${new Date(now)}::timestamptz from unnest(
        ${targets.map((x) => x.restaurant_id)}::int[], ${targets.map((x) => x.day)}::date[],
        ${targets.map((x) => x.revenue_cents)}::int[],
        ${targets.map((x) => (x.labour_cost_pct === null ? null : Math.round(x.labour_cost_pct * 10)))}::smallint[])
      on conflict (${t('restaurant_id')}, ${t('day')}) do update
        set ${sql.join([...fields, 'updated_at' as const].map((f) => sql`${t(f)} = ${excluded(f)}`))}
        where (${sql.join(fields.map(stored))}) is distinct from (${sql.join(fields.map(excluded))})
      returning (xmax = 0) as created`.execute(trx);
    const created = rows.filter((r) => r.created).length;
    const counts = { created, updated: rows.length - created, unchanged: targets.length - rows.length };
    let targetsVersion = franchise.targets_version;
    if (rows.length > 0) {
      const bumped = await trx
        .updateTable('franchises')
        .set((eb) => ({ targets_version: eb('targets_version', '+', 1), data_version: eb('data_version', '+', 1) }))
        .where('id', '=', scope.franchiseId)
        .returning('targets_version')
        .executeTakeFirstOrThrow();
      targetsVersion = bumped.targets_version;
    }
    if (scope.via !== 'console') await recordBatch(trx, { ...scope, via: scope.via }, 'targets', counts, now);
    else if (rows.length > 0) await recordTargetsSave(trx, scope, targets, counts, now);
    return { ...counts, version: targetsVersion };
  });
}

/** The activity entry of a member's save on the Targets page that changed something: the counts and the days it spans. */
function recordTargetsSave(
  trx: Db,
  scope: TargetsScope,
  targets: TargetRecord[],
  counts: Omit<TargetsWriteResult, 'version'>,
  now: number,
) {
  const days = targets.map((t) => t.day).sort();
  return recordActivity(trx, {
    franchiseId: scope.franchiseId,
    at: new Date(now),
    actor: scope.actor,
    action: 'updated',
    entity: 'targets',
    entityId: null,
    changes: {
      created: [null, counts.created],
      updated: [null, counts.updated],
      unchanged: [null, counts.unchanged],
      from: [null, days[0]!],
      to: [null, days.at(-1)!],
    },
  });
}

/**
 * A month's targets of the member's branches (the active ones, and any other with a target that
 * month), each with its weekday weights: the revenue of each weekday over its last SPREAD_WEEKS
 * weeks of closed trading days, Monday first.
 */
export async function targetsGrid(
  db: Db,
  franchiseId: number,
  branches: readonly number[] | null,
  month: string,
  now: Date,
): Promise<TargetsGrid> {
  const days = monthDays(month);
  const [first, last] = [days[0]!, days.at(-1)!];
  const r = columnsOf('restaurants', 'r');
  const mine = branches === null ? sql`` : sql` and ${withinBranches(r('id'), branches)}`;
  // Raw: each branch's closed days end at its own current trading day.
  const { rows: restaurants } = await sql<{
    id: number;
    name: string;
    today: string;
  }>`select ${r('id')}, ${r('name')}, (${currentTradingDay(now, 'r')})::text as today
    from restaurants r
    where ${r('franchise_id')} = ${franchiseId}${mine}
      and (${r('status')} = 1 or exists (select 1 from targets t where t.restaurant_id = ${r('id')} and t.day between ${first}::date and ${last}::date))
    order by ${r('name')}, ${r('id')}`.execute(db);
  const ids = restaurants.map((x) => x.id);
  const [targets, franchise] = await Promise.all([
    db
      .selectFrom('targets')
      .select(['restaurant_id', sql<string>`day::text`.as('day'), 'revenue_cents', 'labour_cost_tenths'])
      .where('restaurant_id', '=', anyOf(ids, 'int'))
      .where('day', '>=', first)
      .where('day', '<=', last)
      .orderBy('day')
      .execute(),
    db.selectFrom('franchises').select('targets_version').where('id', '=', franchiseId).executeTakeFirstOrThrow(),
  ]);
  const earliest = restaurants.reduce((d, x) => (x.today < d ? x.today : d), '9999-12-31');
  const trade = await db
    .selectFrom('daily_restaurant_stats')
    .select(['restaurant_id', sql<string>`day::text`.as('day'), statsRevenueCents().as('cents')])
    .where('restaurant_id', '=', anyOf(ids, 'int'))
    .where('day', '>=', addDays(earliest, -SPREAD_WEEKS * 7))
    .execute();
  const todayOf = new Map(restaurants.map((x) => [x.id, x.today]));
  const weights = new Map(ids.map((id) => [id, [0, 0, 0, 0, 0, 0, 0]]));
  for (const row of trade) {
    const today = todayOf.get(row.restaurant_id)!;
    if (row.day >= today || row.day < addDays(today, -SPREAD_WEEKS * 7)) continue;
    weights.get(row.restaurant_id)![weekdayOf(row.day) - 1]! += row.cents;
  }
  const targetsOf = new Map<number, TargetsGrid['restaurants'][number]['targets']>();
  for (const t of targets) {
    const cell = {
      day: t.day,
      revenue_cents: t.revenue_cents,
      labour_cost_pct: t.labour_cost_tenths === null ? null : t.labour_cost_tenths / 10,
    };
    const row = targetsOf.get(t.restaurant_id);
    if (row) row.push(cell);
    else targetsOf.set(t.restaurant_id, [cell]);
  }
  return {
    month,
    days,
    version: franchise.targets_version,
    restaurants: restaurants.map((x) => ({
      id: x.id,
      name: x.name,
      weekday_revenue_cents: weights.get(x.id)!,
      targets: targetsOf.get(x.id) ?? [],
    })),
  };
}
