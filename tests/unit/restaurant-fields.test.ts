import { describe, expect, it } from 'vitest';
import type { RestaurantDetail } from '@contract/restaurants.contract';
import { newRestaurantBody, newRestaurantValues, restaurantBody, restaurantValues } from '../../src/machines/support/restaurant-fields';

// The restaurant forms' optional details (docs/product.md#management): a blank one is sent as none, and none reads as blank.

const bare: RestaurantDetail = {
  id: 4,
  name: 'Harbour Eats Pop-up',
  logo: null,
  abn_no: null,
  address: '2 Wharf Rd',
  suburb: null,
  post_code: null,
  city: null,
  state: 'NSW',
  phone_no: null,
  email: null,
  business_type: null,
  capacity: null,
  status: 1,
  location: 'NSW',
  time_zone: 'Australia/Sydney',
  day_starts_at: '00:00',
  subscriptions: [],
  restaurant_user: null,
  version: 3,
};

describe('the restaurant forms’ optional details', () => {
  it('send a blank detail (the ABN among them) as null, and the name, address and state as typed', () => {
    const values = { ...newRestaurantValues(), name: 'Pop-up', address: '2 Wharf Rd', state: 'NSW', suburb: '  ', abn_no: ' ' };
    expect(newRestaurantBody(values)).toEqual({
      logo: null,
      name: 'Pop-up',
      abn_no: null,
      address: '2 Wharf Rd',
      suburb: null,
      post_code: null,
      city: null,
      state: 'NSW',
      phone_no: null,
      email: null,
      business_type: null,
      capacity: null,
      status: 1,
      day_starts_at: '00:00',
    });
  });

  it('send a capacity as a number, or as typed when it is not one (the server names the field)', () => {
    expect(newRestaurantBody({ ...newRestaurantValues(), capacity: ' 40 ' }).capacity).toBe(40);
    expect(newRestaurantBody({ ...newRestaurantValues(), capacity: 'forty' }).capacity).toBe('forty');
  });

  it('read a restaurant without them as blanks, and save it back as it was', () => {
    const values = restaurantValues(bare);
    expect(values).toMatchObject({ abn_no: '', suburb: '', email: '', capacity: '', logo: '' });
    expect(restaurantBody(values, bare.version)).toMatchObject({ abn_no: null, suburb: null, capacity: null, version: 3 });
  });
});
