import { describe, expect, it } from 'vitest';
import { createActor, setup, waitFor } from 'xstate';
import { inventory } from './support/inventory';
import { controllableActor } from './support/deferred';

const loader = controllableActor<string>();
const machine = setup({ actors: { load: loader.logic } }).createMachine({
  id: 'probe',
  initial: 'idle',
  context: { result: '' },
  on: { reset: '.idle' },
  states: {
    idle: { on: { load: 'loading' } },
    loading: {
      invoke: { id: 'load', src: 'load', onDone: { target: 'done', actions: ({ context, event }) => (context.result = event.output) } },
      on: { cancel: 'idle' },
    },
    done: {},
  },
});

describe('the model-test harness itself', () => {
  it('settles the live invocation, never one whose state was left (a cancelled load gets no answer)', async () => {
    const actor = createActor(machine).start();
    actor.send({ type: 'load' });
    actor.send({ type: 'cancel' });
    actor.send({ type: 'load' });
    expect(loader.pending()).toBe(1);
    loader.resolve('second');
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(done.context.result).toBe('second');
    expect(() => loader.resolve('again')).toThrow('No live invocation');
  });

  it('counts a transition defined on a parent once per leaf state it can be taken from', () => {
    const rows = inventory(machine).transitions.filter((r) => r.event === 'reset[0]');
    expect(rows.map((r) => r.source)).toEqual(['probe.idle', 'probe.loading', 'probe.done']);
  });
});

describe('controllable actors settle by invoke id', () => {
  it('one logic invoked twice at once (different ids): the model event settles the invocation it names', async () => {
    const fetcher = controllableActor<string>();
    const both = setup({ actors: { fetch: fetcher.logic } }).createMachine({
      type: 'parallel',
      context: { a: '', b: '' },
      states: {
        a: { invoke: { id: 'first', src: 'fetch', onDone: { actions: ({ context, event }) => (context.a = event.output) } } },
        b: { invoke: { id: 'second', src: 'fetch', onDone: { actions: ({ context, event }) => (context.b = event.output) } } },
      },
    });
    const actor = createActor(both).start();
    fetcher.settle({ type: 'xstate.done.actor.first', output: 'for first' });
    const s = await waitFor(actor, (snapshot) => snapshot.context.a !== '');
    expect(s.context).toEqual({ a: 'for first', b: '' });
    expect(() => fetcher.settle({ type: 'xstate.done.actor.first', output: 'again' })).toThrow('No live invocation "first"');
    expect(fetcher.pending()).toBe(1);
  });
});
