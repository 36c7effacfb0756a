// Plain JavaScript on purpose: `npm start` runs this before any TypeScript can be loaded.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Everything the server bundle is made from; package-lock.json stands for the bundled dependencies. */
const INPUTS = ['server', 'package-lock.json', 'tsconfig.json'];
/** Native addons, WebAssembly loaded from its package's own folder, and build-time tools stay outside the bundle. */
const EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native', 'vite', 'esbuild'];
const OUT_DIR = 'dist-server';
const BUNDLE = 'main.mjs';
const STAMP = 'inputs.stamp';

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .flatMap((entry) => filesUnder(join(path, entry.name)))
    .sort();
}

/**
 * A fingerprint of the inputs' names, sizes and modification times: cheap enough for every start
 * (no file is read), and any edit, addition, deletion or checkout changes it.
 */
export function inputsStamp(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${relative(root, file)}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** Compiles server/main.ts into one ES module with esbuild when the bundle is missing or stale; returns its URL. */
export async function ensureServerBuilt({ root, log = () => {} }) {
  const outDir = join(root, OUT_DIR);
  const bundle = join(outDir, BUNDLE);
  const stampFile = join(outDir, STAMP);
  const wanted = inputsStamp(root);
  const current = existsSync(bundle) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (current !== wanted) {
    const started = Date.now();
    const { build } = await import('esbuild');
    const temporary = `${bundle}.${process.pid}.tmp`;
    await build({
      entryPoints: [join(root, 'server/main.ts')],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: EXTERNAL,
      // Bundled CommonJS dependencies call require(); an ES module has none of its own.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    // Rename, so a concurrent start never imports a half-written bundle.
    renameSync(temporary, bundle);
    writeFileSync(stampFile, wanted);
    log(`Compiled the server in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return pathToFileURL(bundle).href;
}
