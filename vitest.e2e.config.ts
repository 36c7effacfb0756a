import { defineConfig } from 'vitest/config';
import { contractAlias } from './vite.config';

// End-to-end: one `npm start` server and one headless Debian Chromium shared by all files, run serially.
export default defineConfig({
  resolve: { alias: [contractAlias] },
  test: {
    name: 'e2e',
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
