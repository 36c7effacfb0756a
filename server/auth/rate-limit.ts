import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Fixed-window failure counters kept in the database, so every server on one PostgreSQL shares
 * them. A rule is exceeded once `max` failures are recorded within `windowMs` of the first one.
 */
export type LimitRule = { key: string; max: number; windowMs: number };

export const LOGIN_WINDOW_MS = 60_000;

/** Per account and address (5 failures a minute), plus a looser per-address cap against credential stuffing. */
export function loginRules(email: string, address: string): [perAccount: LimitRule, perAddress: LimitRule] {
  return [
    { key: `login:account:${email}|${address}`, max: 5, windowMs: LOGIN_WINDOW_MS },
    { key: `login:address:${address}`, max: 50, windowMs: LOGIN_WINDOW_MS },
  ];
}

/** Seconds until the caller may try again, or undefined when no rule is exceeded. */
export async function retryAfterSeconds(db: Db, rules: LimitRule[], now: number): Promise<number | undefined> {
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', 'window_start', 'count'])
    .where(
      'key',
      'in',
      rules.map((r) => r.key),
    )
    .execute();
  let wait = 0;
  for (const row of rows) {
    const rule = rules.find((r) => r.key === row.key)!;
    const endsAt = row.window_start.getTime() + rule.windowMs;
    if (row.count >= rule.max && endsAt > now) wait = Math.max(wait, Math.ceil((endsAt - now) / 1000));
  }
  return wait > 0 ? wait : undefined;
}

export async function recordFailure(db: Db, rules: LimitRule[], now: number): Promise<void> {
  for (const rule of rules) {
    const at = new Date(now);
    const windowOpen = new Date(now - rule.windowMs);
    // One atomic upsert: a new window starts when the old one has ended.
    await db
      .insertInto('login_attempts')
      .values({ key: rule.key, window_start: at, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when login_attempts.window_start <= ${windowOpen} then 1 else login_attempts.count + 1 end`,
          window_start: sql<Date>`case when login_attempts.window_start <= ${windowOpen} then ${at} else login_attempts.window_start end`,
        }),
      )
      .execute();
  }
}

export async function clearFailures(db: Db, rule: LimitRule): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', rule.key).execute();
}

/** Counters whose window ended long ago mean nothing; drop them so the table stays small. */
export async function purgeAttempts(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('window_start', '<', new Date(now - 60 * LOGIN_WINDOW_MS))
    .execute();
}
