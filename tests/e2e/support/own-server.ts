import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser-launch';
import { openConsole, type Viewport } from './console-ui';
import { startServer, stopServer, type RunningServer } from './server-process';

/**
 * A server of the calling file's own (`npm start` on a fresh DATA_DIR, so what its tests change never reaches the
 * server the other files share) and a browser: started before the file's tests, stopped after them, the DATA_DIR
 * removed. `server` and `browser` are there once the file's beforeAll ran: read them in tests and hooks.
 */
export function ownServer() {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    if (server) {
      await stopServer(server.process);
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('ownServer: read the server and browser in tests and hooks, once beforeAll ran');
    return value;
  };
  return {
    get server(): RunningServer {
      return started(server);
    },
    get browser(): Browser {
      return started(browser);
    },
    /** A console page of a new browser context on this server. */
    open: (viewport: Viewport) => openConsole(started(browser), started(server).url, viewport),
    /** Stops the server as Ctrl-C does and starts it again on the same DATA_DIR; says the stopped one's exit code. */
    async restart(): Promise<number | null> {
      const { process: child, dataDir } = started(server);
      const code = await stopServer(child);
      server = await startServer({ dataDir });
      return code;
    },
  };
}
