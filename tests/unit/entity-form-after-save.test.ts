import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { entityFormMachine, type EntityFormInput, type FormRecord } from '../../src/machines/entity-form.machine';
import type { Navigation } from '../../src/shared/effects';

const RECORD: FormRecord = { values: { name: 'Ava Chen' }, version: 3 };
const MESSAGES = { reset: 'reset', saved: 'saved' };

/** A form whose read, question and save answer at once; what it navigates to and what the session hears. */
async function saveOnce(extra: Partial<EntityFormInput>, saveFails = false) {
  const navigations: Navigation[] = [];
  const heard: string[] = [];
  const session = createActor(createMachine({ on: { 'session.storageChanged': { actions: () => heard.push('session.storageChanged') } } }));
  session.start();
  const form = createActor(
    entityFormMachine.provide({
      actors: {
        load: fromPromise(async () => RECORD),
        save: fromPromise(async ({ input }) => {
          if (saveFails) throw new Error('down');
          return { values: input.values, version: 4 };
        }),
        confirmDialog: fromPromise(async () => ({ result: 'confirmed', reason: null })) as never,
      },
      actions: { notify: () => {}, navigate: (_, navigation) => navigations.push(navigation) },
    }),
    { input: { id: 12, messages: MESSAGES, ...(extra.session === undefined ? {} : { session }), leaveTo: extra.leaveTo } },
  );
  form.start();
  await waitFor(form, (s) => s.matches('editing'));
  form.send({ type: 'form.change', field: 'name', value: 'Ava Smith' });
  form.send({ type: 'form.submit' });
  await waitFor(form, (s) => s.matches('saved') || s.matches('failed'));
  return { navigations, heard };
}

describe('entity form after a save', () => {
  it('a create form goes back to its list; the session re-reads when it is given', async () => {
    expect(await saveOnce({ leaveTo: '/user', session: {} as never })).toEqual({
      navigations: [{ to: '/user', replace: false }],
      heard: ['session.storageChanged'],
    });
  });

  it('a form without them stays and tells nobody', async () => {
    expect(await saveOnce({})).toEqual({ navigations: [], heard: [] });
  });

  it('a failed save neither leaves nor tells the session', async () => {
    expect(await saveOnce({ leaveTo: '/user', session: {} as never }, true)).toEqual({ navigations: [], heard: [] });
  });
});
