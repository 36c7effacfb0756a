import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { waitForResetLink } from './support/outbox';
import { startServer, stopServer } from './support/server-process';

async function call(url: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api/v1/franchise${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { status: string; message: string; data: any } };
}

describe('operating the server (npm start)', () => {
  it('refuses a second process on the same DATA_DIR, shuts down cleanly on Ctrl-C and keeps data on restart', async () => {
    const first = await startServer();
    try {
      const second = spawnSync('npm', ['start', '--silent'], {
        env: { ...process.env, DATA_DIR: first.dataDir, PORT: '0', HOST: '127.0.0.1' },
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(second.status).not.toBe(0);
      expect(`${second.stdout}${second.stderr}`).toMatch(/Another Franchise Console process/);

      expect(first.output()).toContain('owner@example.com');
      expect((await call(first.url, '/password/forgot', { email: 'owner@example.com' })).status).toBe(200);
      const token = new URL(await waitForResetLink(first.dataDir)).searchParams.get('token');
      const reset = await call(first.url, '/password/reset', {
        token,
        password: 'kept-after-restart',
        password_confirmation: 'kept-after-restart',
      });
      expect(reset.status).toBe(200);
    } finally {
      expect(await stopServer(first.process)).toBe(0);
    }

    const again = await startServer({ dataDir: first.dataDir });
    try {
      expect((await call(again.url, '/login', { email: 'owner@example.com', password: 'demo-password' })).status).toBe(401);
      const login = await call(again.url, '/login', { email: 'owner@example.com', password: 'kept-after-restart' });
      expect(login.status).toBe(200);
      expect(login.body.data.access_token).toBeTruthy();
    } finally {
      expect(await stopServer(again.process)).toBe(0);
    }
  });
});

describe('the built console that npm start serves', () => {
  it('is a compressed, cacheable production build (even when started from a test runner)', async () => {
    const base = inject('baseURL');
    const index = await fetch(`${base}/`);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const assets = [...html.matchAll(/\/assets\/[^"]+\.(?:js|css)/g)].map((m) => m[0]);
    expect(assets.length).toBeGreaterThan(1);
    // Vite names the chunk after React's development JSX runtime when it bundles a development build.
    expect(assets.filter((a) => /development|jsx-dev-runtime/.test(a))).toEqual([]);
    for (const asset of assets) {
      const res = await fetch(`${base}${asset}`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (Number(res.headers.get('content-length') ?? 2000) > 1024) expect(res.headers.get('content-encoding')).toBe('br');
    }
    // The build leaves its source hash in dist/.build-hash: never served, nor replaced by the page.
    const hidden = await fetch(`${base}/.build-hash`);
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ status: 'error', message: 'Not found' });
  });
});
