import { readTokenExpiry } from '../../services/token';

// When the session renews its access token in the background.

/** Renew this long before the token expires, so requests never meet an expired token. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;
/** After a renewal that failed for a passing reason, try again no sooner than this. */
export const RENEW_RETRY_MS = 30_000;
// setTimeout fires at once for delays above 2^31-1 ms (a token lifetime of over 24 days).
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the token expires (ms since the epoch); null when there is none or it names no expiry. */
export const expiryOf = (token: string | null): number | null => {
  const exp = token ? readTokenExpiry(token) : undefined;
  return exp === undefined ? null : exp * 1000;
};

/** How long until the renewal, from now: shortly before the expiry, never sooner than the retry wait. */
export const renewDelay = (expiresAt: number | null, now: number): number =>
  Math.min(MAX_TIMER_MS, Math.max(RENEW_RETRY_MS, (expiresAt ?? 0) - RENEW_BEFORE_EXPIRY_MS - now));
