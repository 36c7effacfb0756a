import type { EventObject } from 'xstate';

type Call<TOutput, TArgs> = { args: TArgs; resolve: (value: TOutput) => void; reject: (error: unknown) => void; live: boolean };

/**
 * A client service function (`peopleService.remove`, …) the test answers by hand, for a real page whose
 * machine invokes the real service: mock the service module and let the function be `call.fn`. The model's
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` event settles the newest call; an older one still
 * waiting belonged to an invocation XState has stopped (its state was left) and never gets an answer.
 * Records each call's arguments.
 */
export function controllableCall<TOutput, TArgs extends unknown[] = []>() {
  const calls: Call<TOutput, TArgs>[] = [];
  const newest = (): Call<TOutput, TArgs> => {
    const call = calls.findLast((c) => c.live);
    if (!call) throw new Error('No call waiting for an answer: nothing to settle');
    calls.forEach((c) => (c.live = false));
    return call;
  };
  return {
    fn: (...args: TArgs) => new Promise<TOutput>((resolve, reject) => calls.push({ args, resolve, reject, live: true })),
    /** The arguments of every call so far. */
    calls: () => calls.map((c) => c.args),
    pending: () => calls.filter((c) => c.live).length,
    resolve: (value: TOutput) => newest().resolve(value),
    reject: (error: unknown) => newest().reject(error),
    /** Settles the newest call as the model event says: `xstate.done.actor.*` resolves with its output, `xstate.error.actor.*` rejects. */
    settle(event: EventObject & { output?: unknown; error?: unknown }) {
      const [, outcome] = /^xstate\.(done|error)\.actor\./.exec(event.type) ?? [];
      if (!outcome) throw new Error(`${event.type} does not settle a call`);
      if (outcome === 'done') newest().resolve(event.output as TOutput);
      else newest().reject(event.error);
    },
  };
}
