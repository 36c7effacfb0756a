import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      const mail = readdirSync(join(first.dataDir, 'outbox')).filter((f) => f.endsWith('.eml'));
      expect(mail).toHaveLength(1);
      const raw = readFileSync(join(first.dataDir, 'outbox', mail[0]!), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = raw.match(/change-password\?token=([A-Za-z0-9_-]+)/)?.[1];
      expect(token).toBeTruthy();
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
