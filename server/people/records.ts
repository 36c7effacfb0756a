import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { STALE_VERSION_MESSAGE } from '@contract/people.contract.js';

/** A positive int4 written plainly (no sign, leading zero or exponent); anything else names no record. */
export function recordIdOf(param: string | undefined): number | undefined {
  if (!param || !/^[1-9][0-9]{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : undefined;
}

export const staleVersion = () => new HttpError(409, STALE_VERSION_MESSAGE);

/** 422 naming one field, as validation answers. */
export const fieldError = (field: string, message: string) => new HttpError(422, message, { errors: { [field]: [message] } });

/** True for a unique violation of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}

/**
 * Bumps the franchise's data_version (the analytics cache key), as the trade ingest does: names of
 * people and restaurants appear in analytics answers, so an edit must not be hidden by a cached one.
 */
export async function bumpDataVersion(db: Db, franchiseId: number): Promise<void> {
  await sql`update franchises set data_version = data_version + 1 where id = ${franchiseId}`.execute(db);
}
