import { sql } from 'kysely';
import { DEFAULT_FORECAST_DAYS } from '@contract/targets.contract.js';
import type { Db } from '../../db/database.js';
import { scopeIds, type AnalyticsScope } from '../answers/scope.js';
import { addDays, dayIn } from '../calendar.js';
import { forecast, type ForecastFigures } from './forecast.js';

/** A day of the labour plan in cents: the forecast, and the labour of the branches with a labour cost target that day. */
export type LabourPlanDay = {
  day: string;
  /** Every branch's forecast revenue summed. */
  revenue: number;
  /** The forecast revenue of the branches with a labour cost target that day. */
  covered_revenue: number;
  /** Σ branch forecast × its labour cost target, each rounded to the cent; null: no branch has a target that day. */
  labour: number | null;
  /** The target in tenths of a per cent when every branch with one has the same; null otherwise. */
  common_tenths: number | null;
  branches_with_target: number;
  branches: number;
};

export const LABOUR_PLAN_DAYS = DEFAULT_FORECAST_DAYS;

/** A branch's labour cost target on a day, in tenths of a per cent. */
type LabourTarget = { restaurant_id: number; day: string; labour_cost_tenths: number | null };

/**
 * The labour plan (docs/product.md#forecast): per forecast day, labour to roster = Σ over the branches
 * with a labour cost target that day of the branch's forecast revenue × its target. Empty when no
 * branch has a labour cost target in those days. `stored`: the branches' labour cost targets, on the
 * forecast's days or more.
 */
function labourPlan(forecast: ForecastFigures, stored: readonly LabourTarget[]): LabourPlanDay[] {
  if (forecast.days.length === 0) return [];
  const [first, last] = [forecast.days[0]!.day, forecast.days.at(-1)!.day];
  const rows = stored.filter((t) => t.day >= first && t.day <= last);
  if (rows.length === 0) return [];
  const tenths = new Map(rows.map((r) => [`${r.restaurant_id}|${r.day}`, r.labour_cost_tenths!]));
  return forecast.days.map(({ day, revenue }, i) => {
    let covered = 0;
    let labour = 0;
    let withTarget = 0;
    const targets = new Set<number>();
    for (const b of forecast.branches) {
      const t = tenths.get(`${b.id}|${day}`);
      if (t === undefined) continue;
      covered += b.days[i]!.revenue;
      labour += Math.round((b.days[i]!.revenue * t) / 1000);
      targets.add(t);
      withTarget += 1;
    }
    return {
      day,
      revenue,
      covered_revenue: covered,
      labour: targets.size === 0 ? null : labour,
      common_tenths: targets.size === 1 ? [...targets][0]! : null,
      branches_with_target: withTarget,
      branches: forecast.branches.length,
    };
  });
}

/**
 * The scope's Labour Plan of the next LABOUR_PLAN_DAYS days from each branch's today at `now`. Its targets are
 * read first, over every day the plan may cover (every clock's today is within a day of UTC's): the forecast of
 * every branch, the plan's cost, is computed only when there is one.
 */
export async function scopeLabourPlan(db: Db, scope: AnalyticsScope, now: Date): Promise<LabourPlanDay[]> {
  const today = dayIn('UTC', now);
  const targets = await db
    .selectFrom('targets')
    .select(['restaurant_id', sql<string>`day::text`.as('day'), 'labour_cost_tenths'])
    .where('restaurant_id', 'in', scopeIds(scope))
    .where('day', '>=', addDays(today, -1))
    .where('day', '<=', addDays(today, LABOUR_PLAN_DAYS + 1))
    .where('labour_cost_tenths', 'is not', null)
    .execute();
  return targets.length === 0 ? [] : labourPlan(await forecast(db, scope, LABOUR_PLAN_DAYS, now), targets);
}
