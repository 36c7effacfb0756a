/** An unsigned JWT-shaped token whose payload has `exp` (seconds); signatures do not matter to the client. */
export function fakeJwt(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp: expSeconds, ...extra })}.signature`;
}
