import type { STALE_VERSION_MESSAGE } from '@contract/people.contract';
import { ApiError, toApiError } from '../../services/api-error';

/** What the team and alert rule forms' calls share: how a refused save is shown on the form's fields. */

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
