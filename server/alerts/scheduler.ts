import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { sendAlertMail, type AlertMailDeps } from './alert-mail.js';
import { evaluateDue } from './evaluation.js';
import { claimAlertMails, markAlertMailFailed, markAlertMailSent, type AlertMail } from './mail-queue.js';

/** Sends one alert mail; throws when it could not be sent (the message is stored, so no secrets in it). */
export type DeliverAlert = (mail: AlertMail) => Promise<void>;
export type AlertSchedulerDeps = { db: Db; clock: () => number; logger: Logger };

export const mailAlert =
  (deps: AlertMailDeps): DeliverAlert =>
  (mail) =>
    sendAlertMail(deps, mail);

export const ALERTS_EVERY_MS = 60_000;
/** Claimed at a time: sent one after another, so all well within their lease. */
const CLAIM_BATCH = 20;

/** One round: evaluate the due rules, then send the alert mails due until nothing is left to claim. Returns how many were sent. */
export async function runAlerts(deps: AlertSchedulerDeps, deliver: DeliverAlert): Promise<number> {
  await evaluateDue(deps.db, new Date(deps.clock()));
  let sent = 0;
  for (;;) {
    const claimed = await claimAlertMails(deps.db, new Date(deps.clock()), CLAIM_BATCH);
    for (const mail of claimed) {
      try {
        await deliver(mail);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        deps.logger.error(`alerts: mail ${mail.id} of alert ${mail.alert.id} failed`, error);
        await markAlertMailFailed(deps.db, mail, new Date(deps.clock()), message);
        continue;
      }
      if (await markAlertMailSent(deps.db, mail, new Date(deps.clock()))) sent++;
    }
    if (claimed.length < CLAIM_BATCH) return sent;
  }
}

/**
 * Runs `runAlerts` every `everyMs` in this process, and at once on `wake()` (a rule was created or
 * changed). The timer is unref'd; every server runs one, and the evaluation claims and the mail
 * queue's row locks keep them from raising or sending anything twice.
 */
export function startAlertScheduler(deps: AlertSchedulerDeps, deliver: DeliverAlert, everyMs = ALERTS_EVERY_MS) {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => runAlerts(deps, deliver))
      .then(
        () => {},
        (error: unknown) => deps.logger.error('alerts: evaluating or mailing failed', error),
      );
    return running;
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  let stopped = false;
  return {
    /** Runs a round now (after the one under way). */
    wake(): Promise<void> {
      return stopped ? running : run();
    },
    /** Stops the timer and waits for a round in progress, so the database can be closed after. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
