// Plain JavaScript: the export thread's entry when the server runs from its TypeScript sources (tsx,
// the tests), which loads pdf-worker.ts through tsx. The server bundle has pdf-worker.mjs instead.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-worker.ts', import.meta.url);
