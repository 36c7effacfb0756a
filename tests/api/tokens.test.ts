import { createTokens, MAX_VERIFIED_TOKENS } from '../../server/auth/tokens';
import { START, testConfig } from './support/test-app';

const USER = { id: 7, name: 'Olivia Owner', email: 'owner@example.com', franchise_id: 1, token_version: 0 };

/** The issuer and the verifier of one process, on a clock the test moves. */
function tokensAt(start = START) {
  let now = start;
  const config = testConfig();
  const tokens = createTokens(config, () => now);
  return { tokens, config, set: (ms: number) => (now = ms) };
}

describe('server tokens: a verified token is remembered, its expiry is not', () => {
  it('refuses a remembered token from its expiry on, exactly when a fresh verification would', async () => {
    const { tokens, config, set } = tokensAt();
    const { token, claims } = await tokens.issue(USER);
    expect(await tokens.verify(token)).toMatchObject({ jti: claims.jti });
    const fresh = createTokens(config, () => claims.exp * 1000);
    set((claims.exp - 1) * 1000);
    expect(await tokens.verify(token)).toMatchObject({ jti: claims.jti });
    set(claims.exp * 1000);
    expect(await fresh.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('lets a remembered expired token refresh only inside the refresh window', async () => {
    const { tokens, config, set } = tokensAt();
    const { token, claims } = await tokens.issue(USER);
    await tokens.verify(token);
    set((claims.exp + config.refreshWindow - 1) * 1000);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token, { allowExpired: true })).toMatchObject({ jti: claims.jti });
    set((claims.exp + config.refreshWindow) * 1000);
    expect(await tokens.verify(token, { allowExpired: true })).toBeUndefined();
  });

  it('verifies afresh a token that differs from a remembered one by one character', async () => {
    const { tokens } = tokensAt();
    const { token } = await tokens.issue(USER);
    await tokens.verify(token);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const other = signature[0] === 'A' ? 'B' : 'A';
    expect(await tokens.verify(`${token.slice(0, token.lastIndexOf('.') + 1)}${other}${signature.slice(1)}`)).toBeUndefined();
  });

  it('hands out claims nobody can change for the next request', async () => {
    const { tokens } = tokensAt();
    const { token } = await tokens.issue(USER);
    const claims = (await tokens.verify(token))!;
    expect(Object.isFrozen(claims) && Object.isFrozen(claims.user)).toBe(true);
    expect(await tokens.verify(token)).toBe(claims);
  });

  it('stays bounded: beyond its limit the oldest token is verified again, still correctly', async () => {
    const { tokens } = tokensAt();
    const first = await tokens.issue(USER);
    const remembered = await tokens.verify(first.token);
    for (let i = 0; i < MAX_VERIFIED_TOKENS; i++) await tokens.verify((await tokens.issue({ ...USER, id: 100 + i })).token);
    const again = await tokens.verify(first.token);
    expect(again).not.toBe(remembered);
    expect(again).toEqual(remembered);
  });
});
