// `npm start`: runs the server from a bundle compiled ahead of time (no TypeScript compile at start),
// rebuilding the bundle first when any of its inputs changed since it was built.
import { ensureServerBuilt } from '../server/build/server-build.mjs';

const bundle = await ensureServerBuilt({ root: new URL('..', import.meta.url).pathname, log: (line) => console.log(line) });
await import(bundle);
