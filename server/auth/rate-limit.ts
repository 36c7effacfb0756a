import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';

/**
 * Fixed-window attempt counters kept in the database, so every server on one PostgreSQL shares
 * them. An attempt takes a slot before the work it guards (e.g. a password check) starts, so a
 * concurrent burst cannot slip past the count; a rule allows `max` attempts per `windowMs`
 * counted from the first one.
 */
export type LimitRule = { key: string; max: number; windowMs: number };

const MINUTE = 60_000;

/** The longest window of any rule: counters older than this mean nothing. */
export const LONGEST_WINDOW_MS = 15 * MINUTE;

/**
 * Login: 5 a minute per account and address; 50 a minute per address (credential stuffing);
 * 20 per 15 minutes per account from anywhere (a spread-out guessing of one password).
 */
export function loginRules(email: string, address: string) {
  return {
    perAccountAddress: { key: `login:account:${email}|${address}`, max: 5, windowMs: MINUTE },
    perAddress: { key: `login:address:${address}`, max: 50, windowMs: MINUTE },
    perAccount: { key: `login:email:${email}`, max: 20, windowMs: LONGEST_WINDOW_MS },
  } satisfies Record<string, LimitRule>;
}

/** Password forgot and reset requests per client address. */
export const passwordRule = (action: 'forgot' | 'reset', address: string): LimitRule => ({
  key: `password-${action}:address:${address}`,
  max: 10,
  windowMs: LONGEST_WINDOW_MS,
});

type Slot = { key: string; windowStart: Date };

/** Counts one attempt against the rule and reads the new count: one atomic statement. */
async function take(db: Db, rule: LimitRule, now: number): Promise<{ count: number; windowStart: Date }> {
  const at = new Date(now);
  const windowOpen = new Date(now - rule.windowMs);
  // A new window starts when the old one has ended.
  const row = await db
    .insertInto('login_attempts')
    .values({ key: rule.key, window_start: at, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when login_attempts.window_start <= ${windowOpen} then 1 else login_attempts.count + 1 end`,
        window_start: sql<Date>`case when login_attempts.window_start <= ${windowOpen} then ${at} else login_attempts.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: row.window_start };
}

/** Gives back attempts that did not happen or do not count, in the window they were taken from. */
export async function release(db: Db, slots: Slot[]): Promise<void> {
  for (const slot of slots) {
    await db
      .updateTable('login_attempts')
      .set({ count: sql<number>`greatest(count - 1, 0)` })
      .where('key', '=', slot.key)
      .where('window_start', '=', slot.windowStart)
      .execute();
  }
}

/**
 * Takes one attempt from every rule, or throws 429 (with Retry-After) when any rule is used up;
 * a refused attempt takes nothing. Returns the slots, for `release` when the attempt succeeds.
 */
export async function attempt(db: Db, rules: LimitRule[], now: number, what: string): Promise<Slot[]> {
  const slots: Slot[] = [];
  let wait = 0;
  for (const rule of rules) {
    const { count, windowStart } = await take(db, rule, now);
    slots.push({ key: rule.key, windowStart });
    if (count > rule.max) wait = Math.max(wait, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000), 1);
  }
  if (wait === 0) return slots;
  await release(db, slots);
  throw new HttpError(429, `Too many ${what}. Try again in ${wait} seconds.`, { headers: { 'Retry-After': String(wait) } });
}

export async function clear(db: Db, rule: LimitRule): Promise<void> {
  await db.deleteFrom('login_attempts').where('key', '=', rule.key).execute();
}

/** Counters whose window has ended; run by the housekeeping timer. */
export async function purgeAttempts(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('login_attempts')
    .where('window_start', '<', new Date(now - LONGEST_WINDOW_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Bulk writes (ingest API calls per key, console imports per user): generous for a steady feed, a cap on a runaway sender. */
export const INGEST_CALLS_PER_MINUTE = 1200;
export const ingestRule = (caller: string): LimitRule => ({ key: `ingest:${caller}`, max: INGEST_CALLS_PER_MINUTE, windowMs: MINUTE });
