import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { restaurantCreateMachine } from '../../src/machines/restaurants.provided';
import { newRestaurantBody, newRestaurantValues, withSuggestedZone } from '../../src/machines/support/restaurant-fields';

// Add Restaurant's clock fields (docs/product.md#time): a state suggests its zone until one is picked by hand.

describe('Add Restaurant suggests the state’s time zone', () => {
  it('starts with no zone (the franchise’s) and the day starting at midnight', () => {
    const values = newRestaurantValues();
    expect(values.time_zone).toBe('');
    expect(values.day_starts_at).toBe('00:00');
    expect(newRestaurantBody(values)).not.toHaveProperty('time_zone');
    expect(newRestaurantBody(values).day_starts_at).toBe('00:00');
  });

  it('a state fills its zone, and another state replaces the suggestion', () => {
    const wa = withSuggestedZone(newRestaurantValues(), 'state', 'WA');
    expect(wa.time_zone).toBe('Australia/Perth');
    expect(withSuggestedZone(wa, 'state', 'QLD').time_zone).toBe('Australia/Brisbane');
    expect(withSuggestedZone(wa, 'state', 'NT').time_zone).toBe('Australia/Darwin');
    expect(newRestaurantBody(wa).time_zone).toBe('Australia/Perth');
  });

  it('a zone picked by hand stays when the state changes', () => {
    const picked = withSuggestedZone(withSuggestedZone(newRestaurantValues(), 'state', 'WA'), 'time_zone', 'Australia/Eucla');
    expect(withSuggestedZone(picked, 'state', 'SA').time_zone).toBe('Australia/Eucla');
  });

  it('other fields change alone', () => {
    const values = withSuggestedZone(newRestaurantValues(), 'name', 'Fremantle');
    expect(values).toEqual({ ...newRestaurantValues(), name: 'Fremantle' });
  });

  it('the create form machine applies the suggestion on its change event', async () => {
    const actor = createActor(restaurantCreateMachine.provide({ actions: { notify: () => undefined, navigate: () => undefined } }), {
      input: { id: null, messages: { reset: '', saved: '' } },
    }).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'form.change', field: 'state', value: 'QLD' });
    expect(actor.getSnapshot().context.values.time_zone).toBe('Australia/Brisbane');
    actor.stop();
  });
});
