import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Route-level code splitting lives in src/routes.ts (React.lazy); the sign-in page loads only the entry's static graph.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // Every browser we support knows <link rel="modulepreload">; the polyfill would only add bytes to `/`.
    modulePreload: { polyfill: false },
    // What the sign-in page loads statically goes in one chunk: Rolldown otherwise splits modules it shares with lazy
    // pages into small common chunks, which compress worse and grow `/` with every page added.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
