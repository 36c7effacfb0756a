// `npm start`: runs the server from a bundle compiled ahead of time (no TypeScript compile at start),
// rebuilding the bundle first when any of its inputs changed since it was built.
import { setFlagsFromString } from 'node:v8';
import { DataDirLockedError, DEFAULT_DATA_DIR, lockDataDir } from '../server/data-dir-lock.mjs';
import { openEmbedded } from '../server/db/pglite-thread.mjs';

// PGlite is PostgreSQL compiled to WebAssembly. By default V8 re-optimises every function that has
// run ~1.8 MB of code, which at start-up means the code of PostgreSQL's own start-up, run once. A
// budget of 200 MB leaves that code in the baseline tier (start-up 0.2 s faster); the functions that
// stay hot (queries) are still optimised, and measured no slower. Lazy validation checks each
// function of PostgreSQL's 8.7 MB module when it is first compiled (lazily, on first call) instead of
// all of them before the start: PGlite's own module, valid, so only the up-front CPU goes (~0.1 s).
// Set before PGlite's module is compiled; an unknown flag in another V8 only prints a warning.
setFlagsFromString('--wasm-tiering-budget=200000000');
setFlagsFromString('--wasm-lazy-validation');

/** The embedded database opens in its worker thread while this thread loads the server bundle. */
function openEarly(env) {
  if (env.DATABASE_URL || env.DATA_DIR === '') return undefined;
  const dataDir = env.DATA_DIR ?? DEFAULT_DATA_DIR;
  try {
    const unlock = lockDataDir(dataDir);
    return { unlock, session: openEmbedded(dataDir) };
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const early = openEarly(process.env);
// Loaded after the database thread started: its imports (node:crypto among them) cost tens of ms.
const { ensureServerBuilt } = await import('../server/build/server-build.mjs');
const bundle = await ensureServerBuilt({ root: new URL('..', import.meta.url).pathname, log: (line) => console.log(line) });
const { run } = await import(bundle);
run(early);
