import { describe, expect, it } from 'vitest';
import { isTokenExpired, readTokenExpiry } from '../../src/services/token';
import { fakeJwt } from './support/jwt';

const NOW = Date.UTC(2025, 0, 1);

describe('token expiry', () => {
  it('reads exp from a base64url payload, including characters that differ from base64', () => {
    expect(readTokenExpiry(fakeJwt(1234, { name: '??>>~~' }))).toBe(1234);
  });

  it('treats an exp earlier than now as expired', () => {
    expect(isTokenExpired(fakeJwt(NOW / 1000 - 1), NOW)).toBe(true);
  });

  it('treats an exp later than now as valid', () => {
    expect(isTokenExpired(fakeJwt(NOW / 1000 + 60), NOW)).toBe(false);
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['an empty string', ''],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['a payload without exp', `a.${btoa(JSON.stringify({ sub: '1' }))}.c`],
    ['a non-numeric exp', `a.${btoa(JSON.stringify({ exp: 'soon' }))}.c`],
  ])('treats %s as expired', (_, token) => {
    expect(isTokenExpired(token, NOW)).toBe(true);
  });
});
