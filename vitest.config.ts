import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { contractAlias } from './vite.config';

// Three projects: `npm test` runs all of them; `npm run test:pg` re-runs `api` with DATABASE_URL set.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: [contractAlias] },
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/dom.ts'],
          // A rendered screen's steps take a few seconds on a loaded 2-core machine; 5 s timed out there.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          include: ['tests/model/**/*.test.{ts,tsx}'],
          globalSetup: ['tests/model/support/coverage-report.ts'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/dom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
