import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../app-deps.js';
import { success } from '../http/envelope.js';
import { listRestaurants } from './restaurants.repository.js';

export function restaurantsRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>().get('/', deps.authenticated, async (c) =>
    success(c, await listRestaurants(deps.db, c.get('auth').user.franchise.id), 'Restaurants retrieved'),
  );
}
