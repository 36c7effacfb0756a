import { fromPromise } from 'xstate';
import type { Restaurant } from '@contract/auth.contract';
import { ApiError } from '../services/api-error';
import { restaurantsService } from '../services/restaurants.service';
import { changeAction, entityFormMachine, type FormRecord } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';
import {
  newRestaurantBody,
  newRestaurantValues,
  restaurantBody,
  restaurantRecord as recordOf,
  withSuggestedZone,
  RESTAURANT_NOT_FOUND,
} from './support/restaurant-fields';

/** The restaurant screens' list and forms: the generic list and form machines provided with the real restaurant calls. */

/** The restaurant list with the real list call (the page provides navigation). */
export const restaurantListMachine = listMachine.provide({
  actors: { fetchItems: fromPromise<ListItem[]>((): Promise<Restaurant[]> => restaurantsService.list()) },
});
const notFound = () => new ApiError(RESTAURANT_NOT_FOUND, 404);

/** The restaurant of the address (none, or another franchise's: "Restaurant not found"); the real update call. */
export const restaurantEditMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise(async ({ input }) => {
      if (typeof input.id !== 'number') throw notFound();
      return recordOf(await restaurantsService.read(input.id));
    }),
    save: fromPromise(async ({ input }) => {
      if (typeof input.id !== 'number' || input.version === null) throw notFound();
      return recordOf(await restaurantsService.update(input.id, restaurantBody(input.values, input.version)));
    }),
  },
});

/** Add Restaurant: the blank form (no read), a state's zone suggested, and the real create call (its toast is the server's: it names other restaurants with the same ABN). */
export const restaurantCreateMachine = entityFormMachine.provide({
  actions: {
    change: changeAction(withSuggestedZone),
  },
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: newRestaurantValues(), version: null })),
    save: fromPromise(async ({ input }) => {
      const { restaurant, message } = await restaurantsService.create(newRestaurantBody(input.values));
      return { ...recordOf(restaurant), notice: message };
    }),
  },
});
