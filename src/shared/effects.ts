/** Types of the side effects machines name and ui/views carry out; every layer may import them. */
export type NoticeType = 'success' | 'info' | 'warning' | 'error';
export type Notice = { message: string; type: NoticeType };
export type Navigation = { to: string; replace: boolean };
