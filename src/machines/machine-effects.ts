/** Side effects that machines name and the app (or a test) implements with `machine.provide()`. */
export type NoticeType = 'success' | 'info' | 'warning' | 'error';
export type Notice = { message: string; type: NoticeType };
export type Navigation = { to: string; replace: boolean };

/** Default body of an implementation the app must provide; failing loudly beats a silent no-op. */
export function notProvided(name: string): never {
  throw new Error(`"${name}" must be supplied with machine.provide()`);
}

export const UNEXPECTED_RETRY_MESSAGE = 'An unexpected error occurred. Please try again.';
