import type { ApiSuccess } from '@contract/envelope';
import { FetchError } from 'ofetch';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** Every failed call becomes one of these (docs/product.md#errors); status 0 means no HTTP answer (network, time-out). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly data: unknown = undefined,
  ) {
    super(message);
  }

  /** The envelope's message, when the server sent one. */
  get serverMessage(): string | undefined {
    const message = (this.data as { message?: unknown } | null | undefined)?.message;
    return typeof message === 'string' && message.trim() !== '' ? message : undefined;
  }
}

/** The plain `{ message, status }` machines keep in context (docs/architecture.md). */
export type ErrorInfo = { message: string; status: number };

function clientMessage(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  const name = cause instanceof Error || cause instanceof DOMException ? cause.name : undefined;
  if (name === 'TimeoutError') return 'The request timed out';
  if (error instanceof FetchError && error.response === undefined) return 'Network error: the server could not be reached';
  return error instanceof Error && error.message ? error.message : undefined;
}

/** Server message, else client message, else `fallback` (the caller's, or the generic one). */
export function toApiError(error: unknown, fallback = UNEXPECTED_ERROR): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const apiError = new ApiError(fallback, status, error.data);
    const message = apiError.serverMessage ?? (status === 0 ? clientMessage(error) : undefined) ?? fallback;
    return new ApiError(message, status, error.data);
  }
  return new ApiError(clientMessage(error) ?? fallback, 0);
}

/** Keeps the server's message; otherwise replaces the message with the call's default. */
export function withDefaultMessage(error: unknown, fallback: string): ApiError {
  const apiError = toApiError(error);
  return new ApiError(apiError.serverMessage ?? fallback, apiError.status, apiError.data);
}

/**
 * A call's success envelope, for a caller that shows the server's own message. A failed call, or an answer that is
 * no success (or has no data unless `nullable`), rejects with an ApiError carrying the server's message or `fallback`.
 */
export async function callApiEnvelope<T>(
  fallback: string,
  send: () => Promise<ApiSuccess<T>>,
  { nullable = false } = {},
): Promise<ApiSuccess<T>> {
  let response: ApiSuccess<T>;
  try {
    response = await send();
  } catch (error) {
    throw withDefaultMessage(error, fallback);
  }
  if (response?.status !== 'success' || (!nullable && response.data == null)) {
    throw withDefaultMessage(new ApiError(fallback, 200, response), fallback);
  }
  return response;
}

/** The data of a call's success envelope; rejects as `callApiEnvelope` does. */
export async function callApi<T>(fallback: string, send: () => Promise<ApiSuccess<T>>, options: { nullable?: boolean } = {}): Promise<T> {
  return (await callApiEnvelope(fallback, send, options)).data;
}

export function toErrorInfo(error: unknown, fallback?: string): ErrorInfo {
  const { message, status } = toApiError(error, fallback);
  return { message, status };
}

/** The server's messages by field of a 422 (`errors: { field: [messages] }`); empty for any other failure. */
export function fieldMessagesOf(error: unknown): Record<string, string[]> {
  const apiError = toApiError(error);
  const errors = (apiError.data as { errors?: unknown } | null | undefined)?.errors;
  if (apiError.status !== 422 || typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).flatMap(([field, messages]) =>
      Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string') ? [[field, messages as string[]]] : [],
    ),
  );
}

/** The first of the server's messages for each field a 422 names: what a form shows under the field. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries(fieldMessagesOf(error)).map(([field, [first]]) => [field, first!]));
