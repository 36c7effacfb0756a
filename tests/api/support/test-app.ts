import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { mailAlert, runAlerts } from '../../../server/alerts/scheduler';
import { createApp } from '../../../server/app';
import { coalescedRounds } from '../../../server/lib/rounds';
import type { AppConfig } from '../../../server/config';
import type { Db } from '../../../server/db/database';
import { silentLogger } from '../../../server/logger';
import { memoryMailer } from '../../../server/mail/mailer';

export const START = Date.parse('2026-11-22T00:00:00Z');
export const PUBLIC_URL = 'https://console.example.test';
export const OWNER = { email: 'owner@example.com', password: 'demo-password' };
export const RIVAL = { email: 'rival@example.com', password: 'demo-password' };

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmpdir(), 'fc-api-test-unused'),
    distDir: join(tmpdir(), 'fc-api-test-no-dist'),
    databaseUrl: undefined,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: PUBLIC_URL,
    smtpUrl: undefined,
    mailFrom: 'Franchise Console <no-reply@example.test>',
    trustProxy: false,
    skipSpaBuild: true,
    seedDemo: false,
    production: false,
    accessTokenTtl: 3600,
    refreshWindow: 14 * 24 * 3600,
    ...overrides,
  };
}

export type CallOptions = { body?: unknown; rawBody?: string; token?: string; headers?: Record<string, string>; address?: string };
export type CallResult = { status: number; headers: Headers; body: any; text: string };

/**
 * A real app on a real database, with a clock the test moves and a mailer it reads. `aroundAlertRound`
 * wraps each alert round: a test counts or holds them.
 */
export function createTestApp(db: Db, overrides: Partial<AppConfig> = {}, aroundAlertRound = (round: () => Promise<number>) => round()) {
  let now = START;
  const mailer = memoryMailer();
  const config = testConfig(overrides);
  const clock = () => now;
  // A rule change wakes an alert round, folded as a server's scheduler folds them; `alertRound()` waits for the last.
  const alertRounds = coalescedRounds(() =>
    aroundAlertRound(() => runAlerts({ db, clock, logger: silentLogger }, mailAlert({ config, clock, mailer }))),
  );
  let alertRound: Promise<void> = Promise.resolve();
  const wakeAlerts = () => {
    alertRound = alertRounds.wake();
    // A round still running when a test file closes its database fails unseen; a test that waits for it sees the failure.
    alertRound.catch(() => {});
  };
  const app = createApp({ db, config, clock, mailer, logger: silentLogger, wakeAlerts });

  async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
    // The node-server binding carries the socket's address; tests fake it per call.
    const env = { incoming: { socket: { remoteAddress: options.address ?? '203.0.113.1' } } };
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const url = path.startsWith('/') ? path : `/api/v1/franchise/${path}`;
    const res = await app.request(url, { method, headers, ...(hasBody ? { body } : {}) }, env);
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, body: json, text };
  }

  async function login(account = OWNER, address?: string): Promise<string> {
    const res = await call('POST', 'login', { body: account, ...(address ? { address } : {}) });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res.body.data.access_token as string;
  }

  return {
    app,
    config,
    mailer,
    call,
    login,
    now: () => now,
    alertRound: () => alertRound,
    advance(ms: number) {
      now += ms;
    },
  };
}

export function expectSuccessEnvelope(body: any) {
  expect(body).toMatchObject({ status: 'success', message: expect.any(String) });
  expect(body).toHaveProperty('data');
}

export function expectErrorEnvelope(body: any, message?: string | RegExp) {
  expect(body).toMatchObject({ status: 'error', message: expect.any(String) });
  expect(Object.keys(body).every((k) => ['status', 'message', 'errors'].includes(k))).toBe(true);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message) expect(body.message).toBe(message);
}
