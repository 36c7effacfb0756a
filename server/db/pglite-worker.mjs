// Plain JavaScript: the entry of the worker thread that owns the embedded database. Loaded both
// from the sources and next to the server bundle (dist-server/), so it imports nothing of ours but plain modules.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { tarDataDir } from './pglite-dump.mjs';
import { TYPE_PARSERS } from './pglite-options.mjs';

/** PostgreSQL's error fields (code, constraint, detail…) do not survive structured cloning of an Error. */
function plainError(error) {
  const fields = error instanceof Error ? { ...error, name: error.name, message: error.message } : { message: String(error) };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => typeof value !== 'function' && typeof value !== 'object'));
}

const { dataDir, loadDataDir, settings = [] } = workerData;
const db = new PGlite({
  dataDir,
  loadDataDir: loadDataDir && new Blob([loadDataDir]),
  parsers: TYPE_PARSERS,
  ...(settings.length === 0 ? {} : { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])] }),
});

db.waitReady.then(
  () => parentPort.postMessage({ ready: true }),
  (error) => parentPort.postMessage({ failed: plainError(error) }),
);

parentPort.on('message', async ({ id, sql, params, close, dump, blob }) => {
  try {
    if (dump) {
      const tar = await dumpDataDir();
      parentPort.postMessage({ id, tar }, [tar.buffer]);
      return;
    }
    if (close) {
      if (!db.closed) await db.close();
      parentPort.postMessage({ id });
      parentPort.close();
      return;
    }
    const result = await db.query(sql, params, blob === undefined ? { rowMode: 'object' } : { rowMode: 'object', blob });
    parentPort.postMessage({ id, rows: result.rows, affectedRows: result.affectedRows });
  } catch (error) {
    parentPort.postMessage({ id, error: plainError(error) });
  }
});

/** The data directory on disk as an uncompressed tar; the caller sends no query meanwhile. */
async function dumpDataDir() {
  // Writes the committed pages into the data files, so a restore has next to no log to replay.
  await db.exec('checkpoint');
  const { rows } = await db.query(`select pg_walfile_name(redo_lsn) as first, pg_walfile_name(pg_current_wal_insert_lsn()) as last
    from pg_control_checkpoint()`);
  return tarDataDir(dataDir, rows[0]);
}
