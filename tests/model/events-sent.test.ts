import { describe, expect, it } from 'vitest';
import { MACHINE_MODELS } from './models';
import { productEvents, productSenders } from './support/senders';

// An event nothing sends is a transition no user can take, however well the model tests cover it
// (an event once counted as covered though nothing in the product sent it).
describe('every event a machine accepts is sent by the product', () => {
  it.each(MACHINE_MODELS.map((m) => [m.file, m] as const))('%s', async (_, entry) => {
    const machine = await entry.machine();
    const senders = productSenders();
    const unsent = productEvents(machine).filter((e) => !senders.has(e));
    expect(unsent, `events of ${machine.id} that nothing in src/ sends: remove them or wire them to the product`).toEqual([]);
  });
});
