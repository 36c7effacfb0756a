import type { Context } from 'hono';
import { recordIdOf } from '@contract/record-id.js';

/** The record id the path's `:id` names; a path naming none throws `notFound()`, as a record that is not there does. */
export function recordParam(c: Context, notFound: () => Error): number {
  const id = recordIdOf(c.req.param('id'));
  if (id === undefined) throw notFound();
  return id;
}
