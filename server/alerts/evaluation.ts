import { sql, type Compilable, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AlertKind } from '@contract/alerts.contract.js';
import type { Database, Db } from '../db/database.js';
import { anyOf, columnsOf } from '../db/typed-sql.js';
import { branchIdsOf } from '../auth/franchise-users.repository.js';
import { addDays, dayDiff } from '../analytics/calendar.js';
import { BASELINE_WEEKS, baselineDays, decide, latestDueDay, type BranchDay } from './conditions.js';
import { statsRevenueCents } from '../analytics/answers/sql-parts.js';

/**
 * Evaluates every rule's latest due day for each branch it watches, on the branch's clock, once across
 * servers (docs/alerts.md). The server that inserts the (rule, branch, day) row in alert_evaluations
 * evaluates it, in the same transaction that writes the alerts and their recipients; another server's
 * insert waits for that commit and then finds the row there. Figures come from the daily rollups, one
 * grouped query per table, franchise and day, whatever the number of branches sharing that due day.
 */

type DueRule = { id: number; franchise_id: number; restaurant_id: number; day: string };

/** A rule for every branch watches the active ones; a rule naming a branch watches it whatever its status. */
export const watches = (eb: ExpressionBuilder<{ r: Database['alert_rules']; b: Database['restaurants'] }, 'r' | 'b'>) =>
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

const needs = (kinds: readonly AlertKind[], ...of: AlertKind[]) => kinds.some((k) => of.includes(k));

/** Rows of (restaurant_id, day, …figures) as one row per branch, each column an array in day order. */
type Series<K extends string> = { restaurant_id: number; day: number[] } & Record<K, number[]>;

/**
 * `rows` (a query of restaurant_id, day and the `figures`) gathered into one row per branch: a branch's days and
 * each figure as arrays. Sending 200 rows of arrays rather than 200 × 400 rows costs a fifth of the time.
 */
async function seriesOf<K extends string>(db: Db, rows: Compilable, figures: readonly K[]): Promise<Series<K>[]> {
  const arrays = figures.map((f) => sql`array_agg(${sql.ref(f)} order by day) as ${sql.ref(f)}`);
  const { rows: series } = await sql<Series<K>>`select restaurant_id, array_agg(day order by day) as day, ${sql.join(arrays)}
    from (${rows}) x group by restaurant_id`.execute(db);
  return series;
}

/**
 * A monthly running-total rollup's column (docs/api.md, Rollups) as daily values from `from` to `to`, day i
 * of a month being running[i] − running[i − 1]: a row per branch and month rather than per branch, day and person or
 * supplier, so a year of 200 branches' labour is 2,800 rows, not 460,000 to sum.
 */
async function dailyOfRunning(
  db: Db,
  table: 'monthly_restaurant_labour' | 'monthly_restaurant_purchases',
  column: 'running_labour_cost_cents' | 'running_spend_cents',
  ids: readonly number[],
  first: string,
  from: string,
  to: string,
): Promise<Series<'value'>[]> {
  const m = columnsOf(table);
  const { rows } = await sql<{ restaurant_id: number; start: number; running: number[] }>`
    select ${m('restaurant_id')}, ${m('month')} - ${first}::date as start, ${sql.ref(column)}::float8[] as running
    from ${sql.table(table)}
    where ${m('restaurant_id')} = ${anyOf([...ids], 'int')} and ${m('month')} >= date_trunc('month', ${from}::date)::date and ${m('month')} <= ${to}::date
    order by ${m('restaurant_id')}, ${m('month')}`.execute(db);
  const lead = dayDiff(first, from);
  const last = dayDiff(first, to);
  const series = new Map<number, Series<'value'>>();
  for (const { restaurant_id, start, running } of rows) {
    let branch = series.get(restaurant_id);
    if (!branch) series.set(restaurant_id, (branch = { restaurant_id, day: [], value: [] }));
    running.forEach((total, i) => {
      const day = start + i;
      if (day < lead || day > last) return;
      branch.day.push(day);
      branch.value.push(total - (i === 0 ? 0 : running[i - 1]!));
    });
  }
  return [...series.values()];
}

/**
 * The figures of the branches `ids` (the franchise's) for every day from `from` to `to`, from the rollups: a day
 * without rows has zeros, a day without a target none. At most five queries, each a row per branch (or per branch
 * and month) whatever the number of days, each read only when one of `kinds` needs it. The evaluation reads one
 * day, the preview many.
 */
export async function branchDays(
  db: Db,
  ids: readonly number[],
  from: string,
  to: string,
  kinds: readonly AlertKind[],
): Promise<BranchDay[]> {
  if (ids.length === 0 || from > to) return [];
  const branches = anyOf([...ids], 'int');
  const first = needs(kinds, 'revenue_drop') ? baselineDays(from).at(-1)! : from;
  // Days as their offset from `first`: integer keys, so 200 branches × 400 days cost no string work per cell.
  const offset = sql<number>`(day - ${first}::date)`.as('day');
  const none = Promise.resolve([]);
  // The day's trade: revenue for every kind but attendance and no trade, the orders recorded for no trade.
  const stats = [
    ...(needs(kinds, 'revenue_drop', 'labour_cost', 'procurement', 'below_target', 'food_cost') ? (['revenue_cents'] as const) : []),
    ...(needs(kinds, 'no_trade') ? (['orders'] as const) : []),
    ...(needs(kinds, 'discounts') ? (['discount_cents', 'gross_sales_cents'] as const) : []),
    ...(needs(kinds, 'food_cost') ? (['food_cost_cents'] as const) : []),
  ];
  const [trade, hours, labourCost, purchases, targets] = await Promise.all([
    stats.length === 0
      ? none
      : seriesOf(
          db,
          db
            .selectFrom('daily_restaurant_stats')
            .select([
              'restaurant_id',
              offset,
              statsRevenueCents().as('revenue_cents'),
              sql<number>`(orders_dine_in + orders_takeaway + orders_delivery + orders_voided + orders_refunded)::float8`.as('orders'),
              sql<number>`discount_cents::float8`.as('discount_cents'),
              sql<number>`gross_sales_cents::float8`.as('gross_sales_cents'),
              sql<number>`food_cost_cents::float8`.as('food_cost_cents'),
            ])
            .where('restaurant_id', '=', branches)
            .where('day', '>=', first)
            .where('day', '<=', to),
          stats,
        ),
    needs(kinds, 'attendance')
      ? seriesOf(
          db,
          db
            .selectFrom('daily_staff_hours')
            .select((eb) => [
              'restaurant_id',
              offset,
              eb.cast<number>(eb.fn.sum('shifts'), 'float8').as('shifts'),
              eb.cast<number>(eb.fn.sum('shifts_attended'), 'float8').as('shifts_attended'),
            ])
            .where('restaurant_id', '=', branches)
            .where('day', '>=', from)
            .where('day', '<=', to)
            .groupBy(['restaurant_id', 'day']),
          ['shifts', 'shifts_attended'],
        )
      : none,
    needs(kinds, 'labour_cost') ? dailyOfRunning(db, 'monthly_restaurant_labour', 'running_labour_cost_cents', ids, first, from, to) : none,
    needs(kinds, 'procurement') ? dailyOfRunning(db, 'monthly_restaurant_purchases', 'running_spend_cents', ids, first, from, to) : none,
    needs(kinds, 'below_target')
      ? seriesOf(
          db,
          db
            .selectFrom('targets')
            .select((eb) => ['restaurant_id', offset, eb.cast<number>('revenue_cents', 'float8').as('revenue_cents')])
            .where('restaurant_id', '=', branches)
            .where('day', '>=', from)
            .where('day', '<=', to),
          ['revenue_cents'],
        )
      : none,
  ]);
  const span = dayDiff(first, to) + 1;
  const lead = dayDiff(first, from);
  const dates = Array.from({ length: span }, (_, i) => addDays(first, i));
  const slot = new Map(ids.map((id, i) => [id, i * span]));
  const size = ids.length * span;
  /** A figure of every (branch, day) cell, `empty` where no row has it. */
  const grid = <K extends string>(series: readonly Series<K>[], figure: K, empty = 0) => {
    const cells = new Float64Array(size).fill(empty);
    for (const branch of series) {
      const base = slot.get(branch.restaurant_id)!;
      // Undefined when no kind asked for the figure: its cells stay `empty`, and no kind reads them.
      const values = branch[figure] as number[] | undefined;
      if (values) branch.day.forEach((day, i) => (cells[base + day] = values[i]!));
    }
    return cells;
  };
  const revenue = grid(trade, 'revenue_cents');
  const orders = grid(trade, 'orders');
  const discounts = grid(trade, 'discount_cents');
  const gross = grid(trade, 'gross_sales_cents');
  const food = grid(trade, 'food_cost_cents');
  const labour = grid(labourCost, 'value');
  const shifts = grid(hours, 'shifts');
  const attended = grid(hours, 'shifts_attended');
  const bought = grid(purchases, 'value');
  const target = grid(targets, 'revenue_cents', -1);
  const days: BranchDay[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const base = slot.get(id)!;
    for (let d = lead; d < span; d++) {
      const at = base + d;
      let baseline = 0;
      // The same weekday of the BASELINE_WEEKS weeks before: all of them read when a revenue drop asked for the weeks before `from`.
      for (let w = 1; w <= BASELINE_WEEKS && d - 7 * w >= 0; w++) baseline += revenue[at - 7 * w]!;
      days.push({
        restaurant_id: id,
        day: dates[d]!,
        figures: {
          revenue_cents: revenue[at]!,
          orders: orders[at]!,
          labour_cost_cents: labour[at]!,
          shifts: shifts[at]!,
          shifts_attended: attended[at]!,
          procurement_cents: bought[at]!,
          baseline_revenue_cents: baseline,
          target_revenue_cents: target[at]! < 0 ? null : target[at]!,
          discount_cents: discounts[at]!,
          gross_sales_cents: gross[at]!,
          food_cost_cents: food[at]!,
        },
      });
    }
  }
  return days;
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
    const ruleOf = new Map(rules.map((r) => [r.id, { ...r, kind: r.kind as AlertKind }]));
    const kinds = [...new Set(rules.map((r) => r.kind as AlertKind))];
    const branches = await branchDays(trx, [...new Set(claimed.map((c) => c.restaurant_id))], day, day, kinds);
    const dayOf = new Map(branches.map((b) => [b.restaurant_id, b]));
    const recipients = await recipientsOf(trx, ids);
    let raised = 0;
    for (const { rule_id, restaurant_id } of claimed) {
      const rule = ruleOf.get(rule_id)!;
      const [decided] = decide(rule, [dayOf.get(restaurant_id)!]);
      if (!decided) continue;
      const { firing } = decided;
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
