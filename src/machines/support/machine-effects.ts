/** Default body of an implementation the app must provide; failing loudly beats a silent no-op. */
export function notProvided(name: string): never {
  throw new Error(`"${name}" must be supplied with machine.provide()`);
}

export const UNEXPECTED_RETRY_MESSAGE = 'An unexpected error occurred. Please try again.';
