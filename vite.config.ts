import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** What the SPA and the server share (`contract/`), as both import it; tsconfig.json's `paths` says the same for tsc, tsx and esbuild. */
export const contractAlias = { find: /^@contract\//, replacement: fileURLToPath(new URL('./contract/', import.meta.url)) };

// Route-level code splitting lives in src/routes.ts (React.lazy); the sign-in page loads only the entry's static graph.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // ECharts and zrender each carry their own older tslib; one copy serves all three.
    dedupe: ['tslib'],
    // wouter and @xstate/react import the pre-React-18 shim of useSyncExternalStore; React 19 has the hook itself.
    alias: [
      contractAlias,
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    outDir: 'dist',
    // Every browser we support knows <link rel="modulepreload">; the polyfill would only add bytes to `/`.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the sign-in page loads statically goes in one chunk: Rolldown otherwise splits modules it shares with lazy
            // pages into small common chunks, which compress worse and grow `/` with every page added.
            { name: 'index', tags: ['$initial'] },
            // What the public pages share with the console: the toast stack (a toast may show on any page) and Alert.
            { name: 'shared', test: /[\\/](src[\\/]ui[\\/]toast-stack|@mantine[\\/]core[\\/]esm[\\/]components[\\/]Alert[\\/])/ },
            // The console shell in one chunk too (it compresses better than five small ones), with the small UI parts, filters,
            // chart frame, chart options and formatting the dashboard shares with other pages (else each is a chunk of its own,
            // and the dashboard's JS goes over its budget); each page keeps its own
            // chunk, ECharts its own (fetched with the first chart), and the popovers theirs (on first use, src/ui/floating.ts).
            {
              name: 'console',
              test: /[\\/](src[\\/](console-routes|views[\\/]session[\\/]|views[\\/]shared[\\/]filter-header\.|ui[\\/](hover-tooltip|stat-card|deferred-select|restaurant-table|load-state|entity-table|scroll-x|variance-tiles|analytics-header|charts[\\/]echart)\.)|contract[\\/]presentation[\\/](format|labels|chart-options)\.|@mantine[\\/]core[\\/]esm[\\/]components[\\/]ThemeIcon[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
