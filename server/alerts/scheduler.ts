import { startRounds } from '../lib/rounds.js';
import { drainMailQueue, type DrainDeps, type MailKind } from '../mail/queue.js';
import { sendAlertMail, type AlertMailDeps } from './alert-mail.js';
import { evaluateDue } from './evaluation.js';
import { claimAlertMails, markAlertMailSkipped, stillReaches, type AlertMail } from './mail-queue.js';

/** Sends one alert mail; throws when it could not be sent (the message is stored, so no secrets in it). */
export type DeliverAlert = (mail: AlertMail) => Promise<void>;
export type AlertSchedulerDeps = DrainDeps;

export const mailAlert =
  (deps: AlertMailDeps): DeliverAlert =>
  (mail) =>
    sendAlertMail(deps, mail);

export const ALERTS_EVERY_MS = 60_000;

const alertMails: MailKind<AlertMail> = {
  table: 'alert_recipients',
  claim: claimAlertMails,
  batch: 20,
  describe: (mail) => `alerts: mail ${mail.id} of alert ${mail.alert.id}`,
};

/**
 * One round: evaluate the due rules, then send the alert mails due until nothing is left to claim;
 * a mail whose member no longer reaches the alert's branch is skipped instead. Returns how many were sent.
 */
export async function runAlerts(deps: AlertSchedulerDeps, deliver: DeliverAlert): Promise<number> {
  await evaluateDue(deps.db, new Date(deps.clock()));
  return drainMailQueue(deps, alertMails, async (mail) => {
    if (await stillReaches(deps.db, mail)) return deliver(mail);
    // The skip ends the claim, so the queue's "mark sent" after it changes nothing and counts nothing.
    await markAlertMailSkipped(deps.db, mail);
    deps.logger.info(`${alertMails.describe(mail)} skipped: member ${mail.member.id} no longer reaches branch ${mail.alert.restaurant_id}`);
  });
}

/**
 * Runs `runAlerts` every `everyMs` in this process, and on `wake()` (a rule was created or changed):
 * at once, or, during a round, in the one round after it that every wake-up meanwhile shares, so a
 * burst of rule writes costs two rounds at most. Every server runs one, and the evaluation claims
 * and the mail queue's row locks keep them from raising or sending anything twice.
 */
export const startAlertScheduler = (deps: AlertSchedulerDeps, deliver: DeliverAlert, everyMs = ALERTS_EVERY_MS) =>
  startRounds({
    round: () => runAlerts(deps, deliver),
    everyMs,
    onError: (error) => deps.logger.error('alerts: evaluating or mailing failed', error),
  });
