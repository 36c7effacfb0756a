import type { Context } from 'hono';

/** Whether the request's Accept-Encoding lists `encoding` without refusing it with q=0. */
export function acceptsEncoding(c: Context, encoding: string): boolean {
  const header = c.req.header('accept-encoding') ?? '';
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim().toLowerCase() === encoding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/i.test(p));
  });
}
