import { STALE_VERSION_MESSAGE } from '@contract/people.contract.js';
import { HttpError } from './errors.js';

/** The answers of the record calls (people, restaurants, team, alert rules, API keys, profile) beside their 404s. */

/** 409: the record's version is not the one the client edited. */
export const staleVersion = () => new HttpError(409, STALE_VERSION_MESSAGE);

/** 422 naming one field, as validation answers. */
export const fieldError = (field: string, message: string) => new HttpError(422, message, { errors: { [field]: [message] } });

/** True for a unique violation of the named constraint or index: a lost race the route answers as its field's 422. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown } | null;
  return e?.code === '23505' && e.constraint === constraint;
}
