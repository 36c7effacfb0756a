import { findUserByEmail } from '../auth/franchise-users.repository.js';
import { startRounds } from '../lib/rounds.js';
import { drainMailQueue, type DrainDeps, type MailKind } from '../mail/queue.js';
import { claimDeliveries, enqueueDue, type Delivery } from './delivery-queue.js';
import { sendReportMail, type ReportMailDeps } from './report-mail.js';

/** Sends one report mail; throws when it could not be sent (the message is stored, so no secrets in it). */
export type Deliver = (delivery: Delivery) => Promise<void>;
export type SchedulerDeps = DrainDeps;

/** The real sender: the member is read at send time, so the mail covers the branches they may see now. */
export const mailReport =
  (deps: ReportMailDeps): Deliver =>
  async (delivery) => {
    const member = await findUserByEmail(deps.db, delivery.member.email);
    if (member?.id !== delivery.member.id) throw new Error('The member is no longer in the team');
    await sendReportMail(deps, delivery.subscription, member, delivery.period);
  };

export const SCHEDULE_EVERY_MS = 60_000;

const reportMails: MailKind<Delivery> = {
  table: 'report_deliveries',
  claim: claimDeliveries,
  batch: 10,
  describe: (delivery) => `reports: delivery ${delivery.id} (${delivery.period})`,
};

/** One round: enqueue the due periods, then send what is due until nothing is left to claim. Returns how many were sent. */
export async function runReports(deps: SchedulerDeps, deliver: Deliver): Promise<number> {
  await enqueueDue(deps.db, new Date(deps.clock()));
  return drainMailQueue(deps, reportMails, deliver);
}

/**
 * Runs `runReports` every `everyMs` in this process; every server runs one, and the queue's row
 * locks keep them from sending twice.
 */
export const startReportScheduler = (deps: SchedulerDeps, deliver: Deliver, everyMs = SCHEDULE_EVERY_MS) =>
  startRounds({
    round: () => runReports(deps, deliver),
    everyMs,
    onError: (error) => deps.logger.error('reports: scheduling failed', error),
  });
