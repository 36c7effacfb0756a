import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { createTestApp } from './test-app';
import { openTestDatabase, type TestDatabase } from './test-db';

/**
 * A real HTTP server over the test database for commands run with bash and curl as an integrator pastes them. Its
 * clock is the shell's, since the commands date their trade with `date`.
 */
export type ShellServer = { database: TestDatabase; t: ReturnType<typeof createTestApp>; base: string; close: () => Promise<void> };

export async function startShellServer(): Promise<ShellServer> {
  const database = await openTestDatabase();
  const t = createTestApp(database.db);
  t.advance(Date.now() - t.now());
  const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    database,
    t,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}

const run = promisify(execFile);

/** Runs `script` with bash (failing on the first failed command); its output and the JSON answers it printed. */
export async function runShell(script: string, env: NodeJS.ProcessEnv = process.env) {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { env });
  const answers = stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { status: string; data: unknown });
  return { stdout, answers };
}
