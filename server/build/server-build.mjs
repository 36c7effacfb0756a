// Plain JavaScript on purpose: `npm start` runs this before any TypeScript can be loaded.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputsStamp } from './inputs-stamp.mjs';

/** Everything the server bundle is made from; package-lock.json stands for the bundled dependencies. */
const INPUTS = ['server', 'contract', 'package-lock.json', 'tsconfig.json'];
/**
 * Kept outside the bundle: native addons, WebAssembly loaded from its package's own folder,
 * build-time tools, and what the server imports only on first use (nodemailer: the first mail;
 * pg: DATABASE_URL; the export libraries: the first CSV or PDF export; pdfkit also reads its font
 * metrics from its own folder), so a start does not parse them.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pg-native',
  'vite',
  'esbuild',
  'nodemailer',
  'pg',
  'csv-stringify',
  'pdfkit',
  'svg-to-pdfkit',
  'echarts',
];
const OUT_DIR = 'dist-server';
const BUNDLE = 'main.mjs';
const WORKER = 'pglite-worker.mjs';
const PDF_WORKER = 'pdf-worker.mjs';
const STAMP = 'inputs.stamp';

/** Compiles server/main.ts (and the database thread's entry) into ES modules with esbuild when the bundle is missing or stale; returns its URL. */
export async function ensureServerBuilt({ root, log = () => {} }) {
  const outDir = join(root, OUT_DIR);
  const bundle = join(outDir, BUNDLE);
  const stampFile = join(outDir, STAMP);
  const wanted = inputsStamp(root, INPUTS);
  const current =
    existsSync(bundle) && existsSync(join(outDir, WORKER)) && existsSync(join(outDir, PDF_WORKER)) && existsSync(stampFile)
      ? readFileSync(stampFile, 'utf8')
      : '';
  if (current !== wanted) {
    const started = Date.now();
    const { build } = await import('esbuild');
    const temporary = join(outDir, `build-${process.pid}.tmp`);
    await build({
      // The database and export threads' entries sit next to the bundle, where pglite-thread.mjs and pdf-thread.ts look for them.
      entryPoints: [
        join(root, 'server/main.ts'),
        join(root, 'server/db/pglite-worker.mjs'),
        join(root, 'server/analytics/exports/pdf-worker.ts'),
      ],
      outdir: temporary,
      entryNames: '[name]',
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: EXTERNAL,
      // Less to parse at every start; identifiers stay, so stack traces still name functions.
      minifyWhitespace: true,
      minifySyntax: true,
      // Bundled CommonJS dependencies call require(); an ES module has none of its own.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    // Renamed (the worker first), so a concurrent start never imports a half-written bundle.
    renameSync(join(temporary, WORKER), join(outDir, WORKER));
    renameSync(join(temporary, PDF_WORKER), join(outDir, PDF_WORKER));
    renameSync(join(temporary, BUNDLE), bundle);
    rmSync(temporary, { recursive: true, force: true });
    writeFileSync(stampFile, wanted);
    log(`Compiled the server in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return pathToFileURL(bundle).href;
}
