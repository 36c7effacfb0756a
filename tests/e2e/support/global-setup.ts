import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServer, stopServer } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('dataDir', server.dataDir);
  return async () => {
    await stopServer(server.process);
    rmSync(server.dataDir, { recursive: true, force: true });
  };
}
