import { Hono, type MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app.js';
import { success } from '../http/envelope.js';
import { listRestaurants } from './restaurants.repository.js';

export function restaurantsRoutes(deps: AppDeps, authenticated: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>().get('/', authenticated, async (c) =>
    success(c, await listRestaurants(deps.db, c.get('auth').user.franchise.id), 'Restaurants retrieved'),
  );
}
