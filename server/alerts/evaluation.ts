import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AlertKind } from '@contract/alerts.contract.js';
import type { Database, Db } from '../db/database.js';
import { anyOf } from '../db/typed-sql.js';
import { branchIdsOf } from '../auth/franchise-users.repository.js';
import { baselineDays, evaluate, latestDueDay, type DayFigures } from './conditions.js';

/**
 * Evaluates every rule's latest due day for each branch it watches, on the branch's clock, once across
 * servers (docs/alerts.md). The server that inserts the (rule, branch, day) row in alert_evaluations
 * evaluates it, in the same transaction that writes the alerts and their recipients; another server's
 * insert waits for that commit and then finds the row there. Figures come from the daily rollups, one
 * grouped query per franchise and day, whatever the number of branches sharing that due day.
 */

type DueRule = { id: number; franchise_id: number; restaurant_id: number; day: string };

/** A rule for every branch watches the active ones; a rule naming a branch watches it whatever its status. */
const watches = (eb: ExpressionBuilder<{ r: Database['alert_rules']; b: Database['restaurants'] }, 'r' | 'b'>) =>
  eb.or([eb('r.restaurant_id', '=', eb.ref('b.id')), eb.and([eb('r.restaurant_id', 'is', null), eb('b.status', '=', 1)])]);

/** The (rule, branch, day) triples due at `now` later than any day evaluated for their (rule, branch). */
async function dueRules(db: Db, now: Date): Promise<DueRule[]> {
  const watched = await db
    .selectFrom('alert_rules as r')
    .innerJoin('restaurants as b', 'b.franchise_id', 'r.franchise_id')
    .select([
      'r.id',
      'r.franchise_id',
      'r.kind',
      'r.threshold_tenths',
      'r.created_at',
      'b.id as restaurant_id',
      'b.time_zone',
      'b.day_starts_at',
    ])
    .where(watches)
    .orderBy('r.id')
    .orderBy('b.id')
    .execute();
  const due = watched.flatMap((w) => {
    const day = latestDueDay(w, w, now);
    return day === null ? [] : [{ id: w.id, franchise_id: w.franchise_id, restaurant_id: w.restaurant_id, day }];
  });
  if (due.length === 0) return [];
  // A day at or before one already evaluated is not due: a clock going back through a day start
  // (daylight saving ending) shows the trading day before again, and a server never goes back a day.
  const earliest = due.reduce((min, d) => (d.day < min ? d.day : min), due[0]!.day);
  const done = await db
    .selectFrom('alert_evaluations')
    .select(['rule_id', 'restaurant_id'])
    .select((eb) => eb.fn.max('day').as('day'))
    .where('rule_id', '=', anyOf([...new Set(due.map((d) => d.id))], 'int'))
    .where('day', '>=', earliest)
    .groupBy(['rule_id', 'restaurant_id'])
    .execute();
  const latest = new Map(done.map((e) => [`${e.rule_id}/${e.restaurant_id}`, e.day]));
  return due.filter((d) => (latest.get(`${d.id}/${d.restaurant_id}`) ?? '') < d.day);
}

type BranchDay = DayFigures & { restaurant_id: number };

/** The franchise's branches `ids` on `day`, from the rollups (a branch without rows has zeros). */
async function branchFigures(db: Db, franchiseId: number, ids: number[], day: string): Promise<BranchDay[]> {
  const baseline = baselineDays(day);
  // Raw SQL: every branch left-joined to its grouped rollups with coalesce, in one round trip; the builder would only restate it.
  const { rows } = await sql<BranchDay>`
    select r.id as restaurant_id,
      coalesce(s.revenue_dine_in_cents + s.revenue_takeaway_cents, 0)::float8 as revenue_cents,
      coalesce(s.orders_dine_in + s.orders_takeaway + s.orders_voided, 0)::float8 as orders,
      coalesce(h.labour_cost_cents, 0)::float8 as labour_cost_cents,
      coalesce(h.shifts, 0)::float8 as shifts,
      coalesce(h.shifts_attended, 0)::float8 as shifts_attended,
      coalesce(p.amount_cents, 0)::float8 as procurement_cents,
      coalesce(b.revenue_cents, 0)::float8 as baseline_revenue_cents
    from restaurants r
    left join daily_restaurant_stats s on s.restaurant_id = r.id and s.day = ${day}::date
    left join (
      select h.restaurant_id, sum(h.labour_cost_cents) as labour_cost_cents, sum(h.shifts) as shifts, sum(h.shifts_attended) as shifts_attended
      from daily_staff_hours h join restaurants hr on hr.id = h.restaurant_id
      where hr.franchise_id = ${franchiseId} and h.day = ${day}::date group by h.restaurant_id
    ) h on h.restaurant_id = r.id
    left join (
      select p.restaurant_id, sum(p.amount_cents) as amount_cents
      from daily_purchases p join restaurants pr on pr.id = p.restaurant_id
      where pr.franchise_id = ${franchiseId} and p.day = ${day}::date group by p.restaurant_id
    ) p on p.restaurant_id = r.id
    left join (
      select b.restaurant_id, sum(b.revenue_dine_in_cents + b.revenue_takeaway_cents) as revenue_cents
      from daily_restaurant_stats b join restaurants br on br.id = b.restaurant_id
      where br.franchise_id = ${franchiseId} and b.day in (${sql.join(baseline.map((d) => sql`${d}::date`))}) group by b.restaurant_id
    ) b on b.restaurant_id = r.id
    where r.franchise_id = ${franchiseId} and r.id = ${anyOf(ids, 'int')}
    order by r.id`.execute(db);
  return rows;
}

type Recipient = { rule_id: number; user_id: number; role: string; branch_ids: number[] };

async function recipientsOf(db: Db, ruleIds: number[]): Promise<Recipient[]> {
  return db
    .selectFrom('alert_rule_recipients as rr')
    .innerJoin('franchise_users as u', 'u.id', 'rr.user_id')
    .select(['rr.rule_id', 'rr.user_id', 'u.role', branchIdsOf('u').as('branch_ids')])
    .where('rr.rule_id', 'in', ruleIds)
    .execute();
}

/** Evaluates one franchise's due (rule, branch) pairs of one day; the alerts raised. */
async function evaluateGroup(db: Db, franchiseId: number, day: string, pairs: DueRule[], now: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The claim: rows inserted here are this server's to evaluate; a deleted rule, or a branch it no longer watches, is skipped.
    const claimed = await trx
      .insertInto('alert_evaluations')
      .columns(['rule_id', 'restaurant_id', 'day', 'evaluated_at'])
      .expression((eb) =>
        eb
          .selectFrom('alert_rules as r')
          .innerJoin('restaurants as b', 'b.franchise_id', 'r.franchise_id')
          .select((eb) => [
            'r.id',
            'b.id',
            eb.cast<string>(eb.val(day), 'date').as('day'),
            eb.cast<Date>(eb.val(now), 'timestamptz').as('evaluated_at'),
          ])
          .where('r.franchise_id', '=', franchiseId)
          // Two array parameters, however many pairs.
          .where(
            sql<SqlBool>`(${sql.ref('r.id')}, ${sql.ref('b.id')}) in (select * from unnest(${pairs.map((p) => p.id)}::int[], ${pairs.map((p) => p.restaurant_id)}::int[]))`,
          )
          .where(watches)
          .orderBy('r.id')
          .orderBy('b.id'),
      )
      .onConflict((oc) => oc.columns(['rule_id', 'restaurant_id', 'day']).doNothing())
      .returning(['rule_id', 'restaurant_id'])
      .execute();
    if (claimed.length === 0) return 0;
    const ids = [...new Set(claimed.map((c) => c.rule_id))];
    const rules = await trx.selectFrom('alert_rules').select(['id', 'kind', 'threshold_tenths']).where('id', 'in', ids).execute();
    const ruleOf = new Map(rules.map((r) => [r.id, r]));
    const branches = await branchFigures(trx, franchiseId, [...new Set(claimed.map((c) => c.restaurant_id))], day);
    const figuresOf = new Map(branches.map((b) => [b.restaurant_id, b]));
    const recipients = await recipientsOf(trx, ids);
    let raised = 0;
    for (const { rule_id, restaurant_id } of claimed) {
      const rule = ruleOf.get(rule_id)!;
      const firing = evaluate(rule.kind as AlertKind, rule.threshold_tenths, figuresOf.get(restaurant_id)!);
      if (!firing) continue;
      const alert = await trx
        .insertInto('alerts')
        .values({
          franchise_id: franchiseId,
          rule_id,
          kind: rule.kind,
          threshold_tenths: rule.threshold_tenths,
          restaurant_id,
          day,
          value: firing.value,
          baseline: firing.baseline,
          summary: firing.summary,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['rule_id', 'restaurant_id', 'day']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!alert) continue;
      raised++;
      const told = recipients.filter((r) => r.rule_id === rule_id && (r.role === 'owner' || r.branch_ids.includes(restaurant_id)));
      if (told.length === 0) continue;
      await trx
        .insertInto('alert_recipients')
        .values(told.map((r) => ({ alert_id: alert.id, user_id: r.user_id, next_attempt_at: now })))
        .execute();
    }
    return raised;
  });
}

/** Evaluates every due (rule, branch) pair's latest due day, grouped by franchise and day; returns how many alerts were raised. */
export async function evaluateDue(db: Db, now: Date): Promise<number> {
  const groups = new Map<string, { franchiseId: number; day: string; pairs: DueRule[] }>();
  for (const d of await dueRules(db, now)) {
    const key = `${d.franchise_id}/${d.day}`;
    const group = groups.get(key) ?? { franchiseId: d.franchise_id, day: d.day, pairs: [] };
    group.pairs.push(d);
    groups.set(key, group);
  }
  let raised = 0;
  for (const group of groups.values()) raised += await evaluateGroup(db, group.franchiseId, group.day, group.pairs, now);
  return raised;
}
