import type { Context } from 'hono';
import type { AppEnv } from '../app-deps.js';

/**
 * The socket's peer address. X-Forwarded-For is honoured only with TRUST_PROXY, and then its
 * last entry: the one our own proxy appended (earlier entries are whatever the client sent).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (forwarded) return forwarded.slice(0, 64);
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
