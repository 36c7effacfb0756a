import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';

/** Exports one user may have in progress at a time; a PDF costs a core for a fraction of a second. */
export const EXPORTS_PER_USER = 2;
/** A slot older than this is free again: its server stopped before giving it back. */
const STALE_MS = 2 * 60_000;
/** What a refused export is told to wait: exports take well under this. */
const RETRY_AFTER_S = 2;

/**
 * Runs `work` holding one of the user's export slots, or throws 429 with Retry-After when all are
 * taken. The slots are rows, so every server on one database counts the same exports.
 */
export async function withExportSlot<T>(db: Db, userId: number, now: number, work: () => Promise<T>): Promise<T> {
  let taken: number | undefined;
  for (let slot = 1; slot <= EXPORTS_PER_USER && taken === undefined; slot++) {
    const { rows } = await sql<{ slot: number }>`insert into export_slots (user_id, slot, taken_at)
      values (${userId}, ${slot}, ${new Date(now)})
      on conflict (user_id, slot) do update set taken_at = excluded.taken_at
        where export_slots.taken_at < ${new Date(now - STALE_MS)}
      returning slot`.execute(db);
    if (rows.length > 0) taken = slot;
  }
  if (taken === undefined) {
    throw new HttpError(429, `At most ${EXPORTS_PER_USER} exports at a time. Try again in ${RETRY_AFTER_S} seconds.`, {
      headers: { 'Retry-After': String(RETRY_AFTER_S) },
    });
  }
  try {
    return await work();
  } finally {
    await db.deleteFrom('export_slots').where('user_id', '=', userId).where('slot', '=', taken).execute();
  }
}
