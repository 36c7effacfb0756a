// Plain JavaScript: shared by the database worker thread and the TypeScript server.

const OID = { INT8: 20, DATE: 1082 };

/** Both drivers return the same JS types: dates as 'YYYY-MM-DD', int8 as number, timestamptz as Date. */
/**
 * PostgreSQL settings for a bulk load into a database no one else uses (`npm run seed -- --restaurants …`):
 * four times the buffers, so the rollups' pages stay cached while the raw rows stream past; no
 * checkpoint during the load; and the least WAL (nothing replicates the embedded database), which
 * also leaves the indexes built at the end out of it. They last until the database closes; a
 * 200-branch load measured 1.2× faster with the WAL level alone.
 */
export const BULK_LOAD_SETTINGS = [
  'shared_buffers=512MB',
  'wal_buffers=64MB',
  'max_wal_size=8GB',
  'checkpoint_timeout=1h',
  'wal_level=minimal',
  'max_wal_senders=0',
];

export const TYPE_PARSERS = { [OID.INT8]: Number, [OID.DATE]: (value) => value };
