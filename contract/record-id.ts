/** The largest id a record has: ids are PostgreSQL `integer` (int4) columns. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id as an address or path writes it: a positive int4 in plain digits (no sign, leading
 * zero, exponent, space or fraction). Anything else names no record, so the server answers 404 and
 * the client shows its not-found state without a call.
 */
export function recordIdOf(text: string | null | undefined): number | undefined {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_RECORD_ID ? id : undefined;
}
