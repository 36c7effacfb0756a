import { assign, type ErrorActorEvent, type EventObject } from 'xstate';
import { ApiError, toErrorInfo, type ErrorInfo } from '../../services/api-error';
import type { Notice } from '../../shared/effects';
import { UNEXPECTED_RETRY_MESSAGE } from './machine-effects';

/** A failed call's toast: the server's sentence, or the default for a failure without one. */
export const errorNotice = (error: unknown): Notice => ({ message: toErrorInfo(error).message, type: 'error' });

/** A failed sign-in or new password: an ApiError carries the server's message or the call's default; anything else is a bug. */
const retryErrorOf = (error: unknown): ErrorInfo =>
  error instanceof ApiError ? toErrorInfo(error) : { message: UNEXPECTED_RETRY_MESSAGE, status: 0 };

/** The actions of such a failure in a machine of `TContext` and `TEvent`: the error kept in the context, and toasted. */
export const keepAndToastError = <TContext extends { error: ErrorInfo | null }, TEvent extends EventObject>() =>
  [
    assign<TContext, ErrorActorEvent, undefined, TEvent, never>(({ event }) => ({ error: retryErrorOf(event.error) }) as Partial<TContext>),
    {
      type: 'notify',
      params: ({ event }: { event: ErrorActorEvent }): Notice => ({ message: retryErrorOf(event.error).message, type: 'error' }),
    },
  ] as const;
