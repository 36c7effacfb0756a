/** The response envelope of every API call (docs/api.md#envelope-and-errors). The client imports these as types only. */
export type ApiSuccess<T> = { status: 'success'; message: string; data: T };
export type ApiFailure = { status: 'error'; message: string; errors?: Record<string, string[]> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
