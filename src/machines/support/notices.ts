import { toErrorInfo } from '../../services/api-error';
import type { Notice } from '../../shared/effects';

/** A failed call's toast: the server's sentence, or the default for a failure without one. */
export const errorNotice = (error: unknown): Notice => ({ message: toErrorInfo(error).message, type: 'error' });
