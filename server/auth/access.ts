import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-deps.js';
import { HttpError } from '../http/errors.js';
import type { AuthUser } from './franchise-users.repository.js';

/**
 * What a member may reach: an owner every branch of the franchise, a manager the branches the
 * owners gave them. Enforced in every query that reads or writes a branch's data, never by hiding
 * links; what a member may not reach answers like something that does not exist (404).
 */

/** The member's branches, or null for every branch of the franchise (an owner). */
export const branchesOf = (user: Pick<AuthUser, 'restaurant_ids'>): readonly number[] | null => user.restaurant_ids;

/** Whether the member may reach the franchise's restaurant `id` (that it is the franchise's is checked by the query). */
export const mayReach = (user: Pick<AuthUser, 'restaurant_ids'>, id: number): boolean =>
  user.restaurant_ids === null || user.restaurant_ids.includes(id);

export const isOwner = (user: Pick<AuthUser, 'role'>): boolean => user.role === 'owner';

/** After `authenticated`: owners pass; to a manager the call does not exist. */
export const ownersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isOwner(c.get('auth').user)) throw new HttpError(404, 'Not found');
  await next();
};
