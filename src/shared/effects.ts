/** Types of the side effects machines name and ui/views carry out; every layer may import them. */
export type NoticeType = 'success' | 'info' | 'warning' | 'error';
/** `replaces`: a toast that is still showing under this key is turned into this one (e.g. "Saving changes..." into the result). */
export type Notice = { message: string; type: NoticeType; replaces?: string };
export type Navigation = { to: string; replace: boolean };
