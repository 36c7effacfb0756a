import { createHash, randomBytes } from 'node:crypto';
import type { AUTH_CALLS } from '@contract/api/auth.calls.js';
import type { RouteDeps } from '../app-deps.js';
import type { Handlers } from '../http/call-routes.js';
import { clientLimitAddress } from '../http/client-address.js';
import { HttpError } from '../http/errors.js';
import { findUserByEmail, setPassword } from './franchise-users.repository.js';
import { hashPassword } from './passwords.js';
import { consumeReset, countRecentResets, findUsableReset, insertReset } from './password-reset.repository.js';
import { attempt, passwordRule } from './rate-limit.js';
import { consoleLink } from '../mail/links.js';

export const FORGOT_MESSAGE = 'If an account exists for that address, a reset link has been sent.';
export const INVALID_RESET_MESSAGE = 'This reset link is invalid or has expired.';
export const RESET_TTL_MS = 60 * 60_000;
/** At most this many reset mails per account per throttle window. */
export const RESET_MAILS_PER_WINDOW = 3;
export const RESET_THROTTLE_MS = 15 * 60_000;

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link token and the hash stored for it: the token itself is only ever in the mail. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

/** The page that sets a password with a link token. */
export const passwordLink = (publicUrl: string, token: string) => consoleLink(publicUrl, 'changePassword', { token });

/** The password reset calls' handlers: a link mailed on request, used once to set a new password. */
export function passwordResetHandlers(
  deps: RouteDeps,
): Pick<Handlers<typeof AUTH_CALLS>, 'POST /franchise/password/forgot' | 'POST /franchise/password/reset'> {
  const { db, clock, config, mailer, logger } = deps;

  return {
    'POST /franchise/password/forgot': async ({ c, body: { email } }) => {
      const now = clock();
      await attempt(db, [passwordRule('forgot', clientLimitAddress(c, config.trustProxy))], now, 'password reset requests');
      const user = await findUserByEmail(db, email);
      if (user && (await countRecentResets(db, user.id, new Date(now - RESET_THROTTLE_MS))) < RESET_MAILS_PER_WINDOW) {
        const { token, tokenHash } = newLinkToken();
        await insertReset(db, {
          user_id: user.id,
          token_hash: tokenHash,
          expires_at: new Date(now + RESET_TTL_MS),
          created_at: new Date(now),
        });
        const link = passwordLink(config.publicUrl, token);
        // Not awaited: a slow mail server must not tell an observer that the address has an account.
        mailer
          .send({
            to: user.email,
            subject: 'Reset your Franchise Console password',
            text: `Hello ${user.name},\n\nUse this link within 60 minutes to choose a new password:\n\n${link}\n\nIf you did not ask for this, ignore this message.\n`,
          })
          .catch((error: unknown) => logger.error(`could not send the password reset mail to ${user.email}`, error));
      }
      return { data: null, message: FORGOT_MESSAGE };
    },
    'POST /franchise/password/reset': async ({ c, body: input }) => {
      const now = new Date(clock());
      await attempt(db, [passwordRule('reset', clientLimitAddress(c, config.trustProxy))], now.getTime(), 'password reset attempts');
      const tokenHash = sha256(input.token);
      // An invalid link costs no argon2 work.
      if (!(await findUsableReset(db, tokenHash, now))) throw new HttpError(400, INVALID_RESET_MESSAGE);
      // Hashed outside the transaction: argon2 takes ~20 ms and PGlite is busy while a transaction is open.
      const passwordHash = await hashPassword(input.password);
      // The link is used up here, atomically: of two concurrent resets with one link only one changes the password.
      const changed = await db.transaction().execute(async (trx) => {
        const userId = await consumeReset(trx, tokenHash, now);
        if (userId !== undefined) await setPassword(trx, userId, passwordHash, now);
        return userId !== undefined;
      });
      if (!changed) throw new HttpError(400, INVALID_RESET_MESSAGE);
      return { data: null, message: 'Password successfully changed!' };
    },
  };
}
