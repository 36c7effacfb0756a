import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { deletePersonMachine, type DeletePersonInput } from '../../src/machines/delete-person.machine';
import { alertRuleActionsMachine } from '../../src/machines/alert-rule-actions.machine';
import { memberActionsMachine } from '../../src/machines/member-actions.machine';
import type { Navigation } from '../../src/shared/effects';

const yes = fromPromise(async () => ({ result: 'confirmed' as const, reason: null }));

/** A list that records what it is told. */
function recordingList() {
  const heard: string[] = [];
  const list = createActor(createMachine({ on: { 'list.reload': { actions: () => heard.push('list.reload') } } }));
  list.start();
  return { list, heard };
}

async function deleteOnce(input: (list: ReturnType<typeof recordingList>['list']) => DeletePersonInput, fails = false) {
  const { list, heard } = recordingList();
  const navigations: Navigation[] = [];
  const actor = createActor(
    deletePersonMachine.provide({
      actors: {
        confirmDialog: yes as never,
        remove: fromPromise(async () => {
          if (fails) throw new Error('down');
        }),
      },
      actions: { notify: () => {}, navigate: (_, navigation) => navigations.push(navigation) },
    }),
    { input: input(list) },
  );
  actor.start();
  actor.send({ type: 'delete.ask', id: 2, name: 'Liam Brown' });
  await waitFor(actor, (s) => s.matches('deleting'));
  await waitFor(actor, (s) => s.matches('idle'));
  return { heard, navigations };
}

describe('a delete tells its list or leaves the form', () => {
  it("the list's trash tells the list to read itself again", async () => {
    expect(await deleteOnce((list) => ({ list }))).toEqual({ heard: ['list.reload'], navigations: [] });
  });

  it("the form's Delete User goes to the list", async () => {
    expect(await deleteOnce(() => ({ leaveTo: '/user' }))).toEqual({ heard: [], navigations: [{ to: '/user', replace: false }] });
  });

  it('a failed delete does neither', async () => {
    expect(await deleteOnce((list) => ({ list, leaveTo: '/user' }), true)).toEqual({ heard: [], navigations: [] });
  });

  it("a member's removal tells the Team list; a resend does not", async () => {
    const { list, heard } = recordingList();
    const actor = createActor(
      memberActionsMachine.provide({
        actors: {
          confirmDialog: yes as never,
          remove: fromPromise(async () => 'Removed'),
          resend: fromPromise(async () => 'Sent'),
        },
        actions: { notify: () => {} },
      }),
      { input: { list } },
    );
    actor.start();
    actor.send({ type: 'member.resend', id: 3, name: 'Mia' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(heard).toEqual([]);
    actor.send({ type: 'member.remove', id: 3, name: 'Mia' });
    await waitFor(actor, (s) => s.matches('removing'));
    await waitFor(actor, (s) => s.matches('idle'));
    expect(heard).toEqual(['list.reload']);
  });

  it("an alert rule's removal tells the rules list", async () => {
    const { list, heard } = recordingList();
    const actor = createActor(
      alertRuleActionsMachine.provide({
        actors: { confirmDialog: yes as never, removeRule: fromPromise(async () => {}) },
        actions: { notify: () => {} },
      }),
      { input: { list } },
    );
    actor.start();
    actor.send({ type: 'rule.remove', id: 4, sentence: 'Attendance at or below 80%' });
    await waitFor(actor, (s) => s.matches('removing'));
    await waitFor(actor, (s) => s.matches('idle'));
    expect(heard).toEqual(['list.reload']);
  });
});
