import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type RunningServer = { url: string; dataDir: string; process: ChildProcess; output: () => string };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the console exactly as an operator does (`npm start`) on a fresh or given DATA_DIR and
 * waits until the API answers. The process gets its own group so stop() ends npm, tsx and node.
 */
export async function startServer(
  options: { dataDir?: string; env?: Record<string, string>; pollMs?: number; command?: [string, ...string[]] } = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fc-e2e-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  let log = '';
  const [command, ...args] = options.command ?? ['npm', 'start', '--silent'];
  const child = spawn(command, args, {
    cwd: process.cwd(),
    detached: true,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/api/v1/franchise/test`);
      if (res.ok) return { url, dataDir, process: child, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, options.pollMs ?? 250));
  }
  stopServer(child);
  throw new Error(`npm start did not answer within 180 s:\n${log}`);
}

/** Sends SIGINT to the whole group, as Ctrl-C does, and waits for the exit. */
export async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.pid === undefined) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
