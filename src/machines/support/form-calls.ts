import type { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import { ApiError, toApiError } from '../../services/api-error';

/** What the team and alert rule forms' calls share: the record read from the list, and a refused save on the form's fields. */

const STALE: typeof STALE_VERSION_MESSAGE = 'This record was changed by someone else. Reload to see the latest version.';

/**
 * A refused save as the form shows it: a 409 that is not a stale version (a rule of the franchise, such as its limit of
 * alert rules or its last owner) goes on `field`, so it is shown rather than offering to reload; the server's message
 * about one entry of a list (`recipient_ids[2]`) goes on the list's field.
 */
export function formErrorOn(field: string): (error: unknown) => unknown {
  return (error) => {
    const apiError = toApiError(error);
    if (apiError.status === 409 && apiError.message !== STALE) {
      return new ApiError(apiError.message, 422, { status: 'error', message: apiError.message, errors: { [field]: [apiError.message] } });
    }
    const errors = (apiError.data as { errors?: Record<string, unknown> } | undefined)?.errors;
    if (apiError.status !== 422 || !errors) return error;
    const byField: Record<string, unknown> = {};
    for (const [key, messages] of Object.entries(errors)) byField[key.replace(/\[.*$/, '')] ??= messages;
    return new ApiError(apiError.message, 422, { ...(apiError.data as object), errors: byField });
  };
}

/** An edit address's record, read from the whole list (there is no call for one): none with that id is a 404 with `notFound`. */
export async function recordFromList<T extends { id: number }>(
  id: string | number | null,
  list: () => Promise<readonly T[]>,
  notFound: string,
): Promise<T> {
  const record = id === null ? undefined : (await list()).find((r) => r.id === Number(id));
  if (!record) throw new ApiError(notFound, 404);
  return record;
}

/** A save call whose refusal is thrown as `formError` makes it, for the form to show on its fields. */
export async function savedOrFormError<T>(formError: (error: unknown) => unknown, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    throw formError(error);
  }
}
