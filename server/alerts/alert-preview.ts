import type { AlertPreview } from '@contract/api/targets.calls.js';
import { addDays, tradingDayIn } from '../analytics/calendar.js';
import type { Db } from '../db/database.js';
import { decide, tenthsOf } from './conditions.js';
import { branchDays } from './evaluation.js';
import type { RuleValues } from './alert-rules.repository.js';

/**
 * What a rule would have fired over each watched branch's last `days` closed trading days (docs/alerts.md#preview),
 * decided by the same `decide` as the rule's evaluation, on the same figures, writing nothing. The branches a rule
 * watches are those its evaluation watches: the one it names, or every active branch. Newest day first, then branch.
 */
export async function previewRule(db: Db, franchiseId: number, rule: RuleValues, days: number, now: Date): Promise<AlertPreview> {
  let branches = db.selectFrom('restaurants').select(['id', 'time_zone', 'day_starts_at']).where('franchise_id', '=', franchiseId);
  branches = rule.restaurant_id === null ? branches.where('status', '=', 1) : branches.where('id', '=', rule.restaurant_id);
  const watched = (await branches.execute()).map((b) => {
    const today = tradingDayIn(b.time_zone, b.day_starts_at, now);
    return { id: b.id, from: addDays(today, -days), to: addDays(today, -1) };
  });
  if (watched.length === 0) return { days, alerts: [] };
  // Branches on other clocks may be a day apart: one read over the union, each keeping its own window.
  const from = watched.reduce((min, b) => (b.from < min ? b.from : min), watched[0]!.from);
  const to = watched.reduce((max, b) => (b.to > max ? b.to : max), watched[0]!.to);
  const windowOf = new Map(watched.map((b) => [b.id, b]));
  const figures = (await branchDays(db, [...windowOf.keys()], from, to, [rule.kind])).filter((d) => {
    const w = windowOf.get(d.restaurant_id)!;
    return d.day >= w.from && d.day <= w.to;
  });
  const alerts = decide({ kind: rule.kind, threshold_tenths: tenthsOf(rule.threshold) }, figures)
    .sort((a, b) => (a.day === b.day ? a.restaurant_id - b.restaurant_id : a.day < b.day ? 1 : -1))
    .map(({ day, restaurant_id, firing }) => ({ day, restaurant_id, value: firing.value, summary: firing.summary }));
  return { days, alerts };
}
