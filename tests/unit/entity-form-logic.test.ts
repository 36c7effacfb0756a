import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { entityFormMachine, fillMessage, isDirty, type FormRecord } from '../../src/machines/entity-form.machine';
import { ApiError, fieldErrorsOf } from '../../src/services/api-error';
import type { Notice } from '../../src/shared/effects';

describe('entity form logic', () => {
  it('fills the toast texts from the record', () => {
    expect(fillMessage("{name}'s info reset.", { name: 'Ava Chen' })).toBe("Ava Chen's info reset.");
    expect(fillMessage('Profile updated successfully!', { name: 'Ava Chen' })).toBe('Profile updated successfully!');
    // A field the record lacks stays visible rather than printing "undefined".
    expect(fillMessage("{name}'s profile created successfully!", {})).toBe("{name}'s profile created successfully!");
  });

  it('is dirty when any field differs from the stored record, including a field only one side has', () => {
    expect(isDirty({ initial: { name: 'Ava', capacity: 40 }, values: { name: 'Ava', capacity: 40 } })).toBe(false);
    expect(isDirty({ initial: { name: 'Ava', capacity: 40 }, values: { name: 'Ava', capacity: 41 } })).toBe(true);
    expect(isDirty({ initial: { name: 'Ava' }, values: { name: 'Ava', phone: '' } })).toBe(true);
  });

  it("reads the first message of each field of a 422's errors, and nothing from other failures", () => {
    const body = {
      status: 'error',
      message: 'Invalid URL',
      errors: { picture: ['Invalid URL', 'Too long'], post_code: ['Must be 4 digits'] },
    };
    expect(fieldErrorsOf(new ApiError('Invalid URL', 422, body))).toEqual({ picture: 'Invalid URL', post_code: 'Must be 4 digits' });
    expect(fieldErrorsOf(new ApiError('Conflict', 409, { ...body }))).toEqual({});
    expect(fieldErrorsOf(new ApiError('Invalid input', 422, { status: 'error', message: 'Invalid input' }))).toEqual({});
    expect(fieldErrorsOf(new Error('offline'))).toEqual({});
  });
});

describe('entity form machine without its view', () => {
  const record: FormRecord = { values: { name: 'Ava Chen' }, version: 1 };
  function start() {
    const notices: Notice[] = [];
    const actor = createActor(
      entityFormMachine.provide({
        actors: { load: fromPromise(async () => record) },
        actions: { notify: (_, notice) => notices.push(notice) },
      }),
      { input: { id: 1, messages: { reset: "{name}'s info reset.", saved: 'Saved.' } } },
    ).start();
    return { actor, notices };
  }

  it('Reset and Save on an unchanged form do nothing (another sender than the frame, whose buttons are disabled then)', async () => {
    const { actor, notices } = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'form.reset' });
    actor.send({ type: 'form.submit' });
    expect(notices).toEqual([]);
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.change', field: 'name', value: 'Ava Smith' });
    actor.send({ type: 'form.reset' });
    expect(notices).toEqual([{ message: "Ava Chen's info reset.", type: 'info' }]);
    expect(actor.getSnapshot().context.values).toEqual({ name: 'Ava Chen' });
  });
});
