import { purgeActivity } from './activity/activity.repository.js';
import { RESET_THROTTLE_MS } from './auth/password-reset.js';
import { purgeResets } from './auth/password-reset.repository.js';
import { purgeAttempts } from './auth/rate-limit.js';
import { purgeRevoked } from './auth/revocations.repository.js';
import type { Db } from './db/database.js';
import { startRounds } from './lib/rounds.js';
import { purgeDeliveries } from './reports/delivery-queue.js';
import { purgeAlerts } from './alerts/alerts.repository.js';
import type { Logger } from './logger.js';

export const PURGE_EVERY_MS = 10 * 60_000;

export type Purged = {
  revocations: number;
  resetTokens: number;
  attempts: number;
  activity: number;
  reportDeliveries: number;
  alerts: number;
};

/**
 * Deletes rows that can no longer matter: revocations of tokens and sign-ins past their last
 * possible use, used or expired reset links (once outside the mail throttle), ended attempt windows,
 * activity log entries past the retention period, finished report deliveries and alerts past theirs.
 */
export async function purgeExpired(db: Db, now: number): Promise<Purged> {
  return {
    revocations: await purgeRevoked(db, new Date(now)),
    resetTokens: await purgeResets(db, new Date(now), RESET_THROTTLE_MS),
    attempts: await purgeAttempts(db, now),
    activity: await purgeActivity(db, new Date(now)),
    reportDeliveries: await purgeDeliveries(db, new Date(now)),
    alerts: await purgeAlerts(db, new Date(now)),
  };
}

/** The first purge waits this long (at most `everyMs`), so it does not compete with start-up. */
export const FIRST_PURGE_AFTER_MS = 10_000;

/**
 * Runs `purgeExpired` soon after start and every `everyMs` in this process, off the request path;
 * with several servers each purges, which is harmless.
 */
export const startHousekeeping = (deps: { db: Db; clock: () => number; logger: Logger }, everyMs = PURGE_EVERY_MS) =>
  startRounds({
    round: () => purgeExpired(deps.db, deps.clock()),
    everyMs,
    firstAfterMs: Math.min(FIRST_PURGE_AFTER_MS, everyMs),
    onError: (error) => deps.logger.error('housekeeping: purging expired rows failed', error),
  });
