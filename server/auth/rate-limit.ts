import type { Context } from 'hono';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../app-deps.js';
import type { Db } from '../db/database.js';
import { clientLimitAddress } from '../http/client-address.js';
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

/** Password forgot and reset requests, and reads of a password link, per client address. */
export const passwordRule = (action: 'forgot' | 'reset' | 'link', address: string): LimitRule => ({
  key: `password-${action}:address:${address}`,
  max: 10,
  windowMs: LONGEST_WINDOW_MS,
});

type Slot = { key: string; windowStart: Date };
/** A slot with the rule's count once this attempt was counted. */
type CountedSlot = Slot & { count: number };

/** Counts one attempt against the rule and reads the new count: one atomic statement. */
async function take(db: Db, rule: LimitRule, now: number): Promise<{ count: number; windowStart: Date }> {
  const at = new Date(now);
  const windowOpen = new Date(now - rule.windowMs);
  // A new window starts when the old one has ended. Raw SQL for the two case expressions, which read the stored row against parameters.
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
      .set((eb) => ({ count: eb.fn<number>('greatest', [eb('count', '-', 1), eb.lit(0)]) }))
      .where('key', '=', slot.key)
      .where('window_start', '=', slot.windowStart)
      .execute();
  }
}

/**
 * Takes one attempt from every rule, or throws 429 (with Retry-After) when any rule is used up;
 * a refused attempt takes nothing. Returns the slots, for `release` when the attempt succeeds.
 */
export async function attempt(db: Db, rules: LimitRule[], now: number, what: string): Promise<CountedSlot[]> {
  const slots: CountedSlot[] = [];
  let wait = 0;
  for (const rule of rules) {
    const { count, windowStart } = await take(db, rule, now);
    slots.push({ key: rule.key, windowStart, count });
    if (count > rule.max) wait = Math.max(wait, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000), 1);
  }
  if (wait === 0) return slots;
  await release(db, slots);
  throw tooMany(what, wait);
}

const tooMany = (what: string, wait: number) =>
  new HttpError(429, `Too many ${what}. Try again in ${wait} seconds.`, { headers: { 'Retry-After': String(wait) } });

/**
 * The limits on checking an account's password (sign-in, and the profile's current password), keyed
 * by the account's id (an e-mail is changeable) or, for an unknown e-mail, the e-mail. Failures from
 * one client throttle that client: 5 a minute and 20 per 15 minutes on the account, 50 a minute over
 * all accounts. Across all clients an account takes 20 failures per 15 minutes; beyond them a client
 * that has itself failed on the account in that window is refused until the window ends, while a
 * client that has not failed is never refused: failing from some addresses cannot lock the owner out.
 */
export function passwordRules(account: string, address: string) {
  return {
    perAccountAddress: { key: `login:account:${account}|${address}`, max: 5, windowMs: MINUTE },
    perAccountAddressLong: { key: `login:account-client:${account}|${address}`, max: 20, windowMs: LONGEST_WINDOW_MS },
    perAddress: { key: `login:address:${address}`, max: 50, windowMs: MINUTE },
    perAccount: { key: `login:account-all:${account}`, max: 20, windowMs: LONGEST_WINDOW_MS },
  } satisfies Record<string, LimitRule>;
}

/** Whose password is checked: the account `email` names, and its user when there is one. */
export type PasswordAccount = { user: { id: number } | undefined; email: string };

/** The limiter's name of an account: its id when it exists. */
const accountKey = ({ user, email }: PasswordAccount) => (user ? `id:${user.id}` : `email:${email}`);

/**
 * Counts one password check against `passwordRules` before the check runs (a concurrent burst gets no
 * more checks than the limits), or throws 429 with Retry-After. Call `succeeded` when the password
 * was right: only failures count.
 */
export async function passwordAttempt(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  c: Context<AppEnv>,
  account: PasswordAccount,
  what: string,
) {
  const { db } = deps;
  const now = deps.clock();
  const rules = passwordRules(accountKey(account), clientLimitAddress(c, deps.config.trustProxy));
  const slots = await attempt(db, [rules.perAccountAddress, rules.perAccountAddressLong, rules.perAddress], now, what);
  const all = await take(db, rules.perAccount, now);
  const accountSlot = { key: rules.perAccount.key, windowStart: all.windowStart };
  const clientFailedBefore = slots[1]!.count > 1;
  if (all.count > rules.perAccount.max && clientFailedBefore) {
    await release(db, [...slots, accountSlot]);
    throw tooMany(what, Math.max(1, Math.ceil((all.windowStart.getTime() + rules.perAccount.windowMs - now) / 1000)));
  }
  return {
    async succeeded() {
      await clear(db, rules.perAccountAddress);
      await clear(db, rules.perAccountAddressLong);
      await release(db, [slots[2]!, accountSlot]);
    },
  };
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

/** Setting a person's password costs an argon2 hash (~20 ms of a core): a user's creates and password changes are capped. */
export const PASSWORD_HASHES_PER_MINUTE = 60;
export const passwordHashRule = (userId: number): LimitRule => ({
  key: `hash:user:${userId}`,
  max: PASSWORD_HASHES_PER_MINUTE,
  windowMs: MINUTE,
});

/** "E-mail in use" answers per member: enough for typos, too few to map which addresses the franchise's other branches hold. */
export const EMAILS_IN_USE_PER_WINDOW = 10;
export const emailInUseRule = (userId: number): LimitRule => ({
  key: `email-in-use:user:${userId}`,
  max: EMAILS_IN_USE_PER_WINDOW,
  windowMs: LONGEST_WINDOW_MS,
});

/** Bulk writes (ingest API calls per key, console imports per user): generous for a steady feed, a cap on a runaway sender. */
export const INGEST_CALLS_PER_MINUTE = 1200;
export const ingestRule = (caller: string): LimitRule => ({ key: `ingest:${caller}`, max: INGEST_CALLS_PER_MINUTE, windowMs: MINUTE });

/** Invitation mails per invited member: a few resends for a lost mail, not a way to flood an inbox. */
export const INVITATIONS_PER_WINDOW = 3;
export const invitationRule = (memberId: number): LimitRule => ({
  key: `invitation:member:${memberId}`,
  max: INVITATIONS_PER_WINDOW,
  windowMs: LONGEST_WINDOW_MS,
});
