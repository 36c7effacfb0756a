import { findUserByEmail } from '../auth/franchise-users.repository.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { claimDeliveries, enqueueDue, markFailed, markSent, type Delivery } from './delivery-queue.js';
import { sendReportMail, type ReportMailDeps } from './report-mail.js';

/** Sends one report mail; throws when it could not be sent (the message is stored, so no secrets in it). */
export type Deliver = (delivery: Delivery) => Promise<void>;
export type SchedulerDeps = { db: Db; clock: () => number; logger: Logger };

/** The real sender: the member is read at send time, so the mail covers the branches they may see now. */
export const mailReport =
  (deps: ReportMailDeps): Deliver =>
  async (delivery) => {
    const member = await findUserByEmail(deps.db, delivery.member.email);
    if (member?.id !== delivery.member.id) throw new Error('The member is no longer in the team');
    await sendReportMail(deps, delivery.subscription, member, delivery.period);
  };

export const SCHEDULE_EVERY_MS = 60_000;
/** Claimed at a time: sent one after another, so all well within their lease. */
const CLAIM_BATCH = 10;

/** One round: enqueue the due periods, then send what is due until nothing is left to claim. Returns how many were sent. */
export async function runReports(deps: SchedulerDeps, deliver: Deliver): Promise<number> {
  await enqueueDue(deps.db, new Date(deps.clock()));
  let sent = 0;
  for (;;) {
    const claimed = await claimDeliveries(deps.db, new Date(deps.clock()), CLAIM_BATCH);
    for (const delivery of claimed) {
      try {
        await deliver(delivery);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.error(`reports: delivery ${delivery.id} (${delivery.period}) failed`, error);
        await markFailed(deps.db, delivery, new Date(deps.clock()), message);
        continue;
      }
      if (await markSent(deps.db, delivery, new Date(deps.clock()))) sent++;
    }
    if (claimed.length < CLAIM_BATCH) return sent;
  }
}

/**
 * Runs `runReports` every `everyMs` in this process. The timer is unref'd (it never keeps the
 * process alive); every server runs one, and the queue's row locks keep them from sending twice.
 */
export function startReportScheduler(deps: SchedulerDeps, deliver: Deliver, everyMs = SCHEDULE_EVERY_MS) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => runReports(deps, deliver))
      .then(
        () => {},
        (error: unknown) => deps.logger.error('reports: scheduling failed', error),
      );
    return running;
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    /** Stops the timer and waits for a round in progress, so the database can be closed after. */
    async stop(): Promise<void> {
      clearInterval(timer);
      await running;
    },
  };
}
