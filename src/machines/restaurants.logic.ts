import { fromPromise } from 'xstate';
import type { Restaurant } from '@contract/auth.contract';
import type { CreateRestaurantInput, RestaurantDetail, UpdateRestaurantInput } from '@contract/restaurants.contract';
import { ApiError } from '../services/api-error';
import { restaurantsService } from '../services/restaurants.service';
import { text } from './contact-fields';
import { entityFormMachine, type FormRecord, type FormValues } from './entity-form.machine';
import { listMachine, type ListItem } from './list.machine';

/** The restaurant list with the real list call (the page provides navigation). */
export const restaurantListMachine = listMachine.provide({
  actors: { fetchItems: fromPromise<ListItem[]>((): Promise<Restaurant[]> => restaurantsService.list()) },
});

export const RESTAURANT_NOT_FOUND = 'Restaurant not found';
const TEXT_FIELDS = [
  'logo',
  'name',
  'abn_no',
  'address',
  'suburb',
  'post_code',
  'city',
  'state',
  'phone_no',
  'email',
  'business_type',
] as const;

/** The address's `?id=`: a positive whole number, else null (the not-found state). */
export function restaurantIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  const id = raw !== null && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A restaurant as the form edits it: text everywhere (blank for no logo), capacity as typed, status as '1' or '0'. */
export function restaurantValues(r: RestaurantDetail): FormValues {
  const values: FormValues = Object.fromEntries(TEXT_FIELDS.map((field) => [field, r[field] ?? '']));
  values.capacity = String(r.capacity);
  values.status = String(r.status);
  return values;
}

/** Add Restaurant's blank form: every field empty but the status, Active as on the user forms. */
export function newRestaurantValues(): FormValues {
  const values: FormValues = Object.fromEntries(TEXT_FIELDS.map((field) => [field, '']));
  values.capacity = '';
  values.status = '1';
  return values;
}

const recordOf = (r: RestaurantDetail): FormRecord => ({ values: restaurantValues(r), version: r.version });

/** The create call's body; a blank capacity goes as null (not 0) so the server names the field. */
export function newRestaurantBody(values: FormValues): CreateRestaurantInput {
  const capacity = text(values.capacity).trim();
  return {
    logo: text(values.logo).trim() === '' ? null : text(values.logo),
    name: text(values.name),
    abn_no: text(values.abn_no),
    address: text(values.address),
    suburb: text(values.suburb),
    post_code: text(values.post_code),
    city: text(values.city),
    state: text(values.state) as CreateRestaurantInput['state'],
    phone_no: text(values.phone_no),
    email: text(values.email),
    business_type: text(values.business_type),
    capacity: capacity === '' ? (null as unknown as number) : Number(capacity),
    status: values.status === '1' ? 1 : 0,
  };
}

/** The update call's body: the same fields (abn_no sent back as read) with the version read. */
export const restaurantBody = (values: FormValues, version: number): UpdateRestaurantInput => ({ ...newRestaurantBody(values), version });

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

/** Add Restaurant: the blank form (no read), and the real create call. */
export const restaurantCreateMachine = entityFormMachine.provide({
  actors: {
    load: fromPromise<FormRecord, { id: string | number | null }>(async () => ({ values: newRestaurantValues(), version: null })),
    save: fromPromise(async ({ input }) => recordOf(await restaurantsService.create(newRestaurantBody(input.values)))),
  },
});
