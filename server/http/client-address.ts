import { isIPv4, isIPv6 } from 'node:net';
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

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The client as the attempt limits count it: an IPv4 address as it is, an IPv4-mapped IPv6
 * address as its IPv4 address, and any other IPv6 address by its /64 (one subscriber's network:
 * a client rotating through its own 2^64 addresses is still one client).
 */
export function limitAddress(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** `limitAddress` of this request's client. */
export const clientLimitAddress = (c: Context<AppEnv>, trustProxy: boolean) => limitAddress(clientAddress(c, trustProxy));
