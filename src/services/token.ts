/** Reads `exp` (seconds) from a JWT's payload; undefined when the token is not a readable JWT. */
export function readTokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = (claims as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
  } catch {
    return undefined;
  }
}

/** Expired when exp is earlier than now; an unreadable token counts as expired. */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = readTokenExpiry(token);
  return exp === undefined || exp * 1000 < nowMs;
}
