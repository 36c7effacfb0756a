// `npm start`: runs the server from a bundle compiled ahead of time (no TypeScript compile at start),
// rebuilding the bundle first when any of its inputs changed since it was built.
import { setFlagsFromString } from 'node:v8';
import { ensureServerBuilt } from '../server/build/server-build.mjs';

// PGlite is PostgreSQL compiled to WebAssembly. By default V8 re-optimises every function that has
// run ~1.8 MB of code, which at start-up means the code of PostgreSQL's own start-up: half the CPU of
// the first second, run once. Ten times the budget leaves that code in the baseline tier; functions
// that stay hot (queries) are still optimised. Set before PGlite's module is compiled; an unknown
// flag in another V8 only prints a warning.
setFlagsFromString('--wasm-tiering-budget=18000000');

const bundle = await ensureServerBuilt({ root: new URL('..', import.meta.url).pathname, log: (line) => console.log(line) });
await import(bundle);
