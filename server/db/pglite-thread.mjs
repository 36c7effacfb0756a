// Plain JavaScript: `npm start` opens the embedded database (scripts/start.mjs) while the server bundle loads.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Starts opening DATA_DIR/pglite in its worker thread; queries sent meanwhile wait for it. `settings`: PostgreSQL's, as 'name=value'. */
export function openEmbedded(dataDir, settings = []) {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return new PgliteThread({ dataDir: dir, settings });
}

/**
 * The embedded database in a worker thread, so PostgreSQL's work (start-up, queries, seeding) never
 * blocks the thread that answers HTTP. It offers the part of PGlite's interface the Kysely dialect
 * uses; queries run one at a time in the order sent, as on PGlite itself.
 */
export class PgliteThread {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #closed = false;
  #exited;

  /** `dataDir` on disk, or an in-memory database loaded from `loadDataDir` (a dump, as tests use). */
  constructor({ dataDir, loadDataDir, settings = [] }) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, loadDataDir, settings } });
    this.waitReady = new Promise((resolve, reject) => {
      this.#worker.once('message', (message) => (message.ready ? resolve() : reject(asError(message.failed))));
      this.#worker.once('error', reject);
    });
    this.waitReady.catch(() => {}); // reported to whoever awaits it
    this.#worker.on('message', (message) => {
      const call = this.#pending.get(message.id);
      if (!call) return;
      this.#pending.delete(message.id);
      if (message.error) call.reject(asError(message.error));
      else call.resolve(message);
    });
    this.#exited = new Promise((resolve) =>
      this.#worker.once('exit', (code) => {
        this.#closed = true;
        for (const call of this.#pending.values()) call.reject(new Error(`The database thread stopped (exit code ${code})`));
        this.#pending.clear();
        resolve();
      }),
    );
  }

  get closed() {
    return this.#closed;
  }

  /** `options.blob`: the data a COPY … FROM '/dev/blob' reads (a Blob crosses to the thread as it is). */
  query(sql, params = [], options = {}) {
    const message = options.blob === undefined ? { sql, params } : { sql, params, blob: options.blob };
    return this.#call(message).then(({ rows, affectedRows }) => ({ rows, affectedRows }));
  }

  /** The data directory, checkpointed, as a tar (the form `loadDataDir` takes). Consistent only between transactions: the caller's to ensure. */
  dumpDataDir() {
    return this.#call({ dump: true }).then(({ tar }) => new Blob([tar], { type: 'application/x-tar' }));
  }

  async close() {
    if (this.#closed) return;
    await this.#call({ close: true }).catch(() => {});
    await this.#exited;
  }

  #call(message) {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...message });
    });
  }
}

/** An Error carrying PostgreSQL's fields again (code, constraint…), as the error mapping expects. */
function asError(fields) {
  return Object.assign(new Error(fields.message), fields);
}
