import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { filesUnder, inputsStamp } from './inputs-stamp.mjs';

// The client also imports the server's contract (schemas, labels, display formats): a change there is a client change.
const INPUTS = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
/** The content hash of the sources dist was built from. */
const HASH_FILE = '.build-hash';
/** Their names, sizes and mtimes when it was last checked: while these stay the same, no file is read. */
const STAMP_FILE = '.build-inputs';
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** A hash of everything the SPA build reads: a changed input means a stale build. */
export function sourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Writes .br and .gz next to every compressible asset above 1 KiB, for the static handler to pick. */
export function precompress(dir: string): void {
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    if (content.byteLength <= COMPRESS_MIN_BYTES) continue;
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

const readIfExists = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);

/**
 * Builds the SPA into `root/dist` with Vite when dist is missing or its sources changed. A start
 * only stats the sources; their content is hashed when a stat changed (an edit, or just a touch or
 * checkout, which then rebuilds nothing).
 */
export async function ensureSpaBuilt({ root, log = console.log }: { root: string; log?: (line: string) => void }): Promise<void> {
  const dist = join(root, 'dist');
  const hashFile = join(dist, HASH_FILE);
  const stampFile = join(dist, STAMP_FILE);
  const built = existsSync(join(dist, 'index.html'));
  // Taken before any build, so an edit made while Vite runs is seen by the next start.
  const stamp = inputsStamp(root, INPUTS);
  if (built && readIfExists(stampFile) === stamp) return;
  const wanted = sourceHash(root);
  if (built && readIfExists(hashFile) === wanted) {
    writeFileSync(stampFile, stamp);
    return;
  }
  log('Building the console (first start or changed sources)…');
  const started = Date.now();
  const { build } = await import('vite');
  // Vite follows NODE_ENV: an inherited `test` or `development` would ship React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  precompress(join(dist, 'assets'));
  writeFileSync(hashFile, wanted);
  writeFileSync(stampFile, stamp);
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
