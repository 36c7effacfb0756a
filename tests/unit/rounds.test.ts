import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRounds } from '../../server/lib/rounds';

// Background rounds: a wake-up runs a round, one at a time, and wake-ups that come while one runs
// fold into a single round after it, however many they are.

const HOUR = 3_600_000;

/** A round the test finishes when it says; counts rounds started and the most ever running at once. */
function controlledRound() {
  const finishers: (() => void)[] = [];
  let running = 0;
  const state = { started: 0, finished: 0, mostAtOnce: 0 };
  const round = () => {
    state.started++;
    running++;
    state.mostAtOnce = Math.max(state.mostAtOnce, running);
    return new Promise<void>((resolve) =>
      finishers.push(() => {
        running--;
        state.finished++;
        resolve();
      }),
    );
  };
  /** Finishes the round under way, then lets the next one (if any) start. */
  const finish = async () => {
    finishers.shift()!();
    await flush();
  };
  return { state, round, finish };
}

// setImmediate: after every promise hop of the round's chain, and not faked where the timers are.
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

function rounds(round: () => Promise<unknown>, onError: (error: unknown) => void = () => {}) {
  const r = startRounds({ round, everyMs: HOUR, onError });
  stops.push(() => r.stop());
  return r;
}

describe('startRounds', () => {
  it('runs one round for a wake-up while idle, and the wake-up resolves when it is done', async () => {
    const c = controlledRound();
    const r = rounds(c.round);
    let done = false;
    void r.wake().then(() => (done = true));
    await flush();
    expect(c.state.started).toBe(1);
    expect(done).toBe(false);
    await c.finish();
    expect(done).toBe(true);
    await flush();
    expect(c.state).toEqual({ started: 1, finished: 1, mostAtOnce: 1 });
  });

  it('folds 20 wake-ups during a running round into exactly one round after it, which they all wait for', async () => {
    const c = controlledRound();
    const r = rounds(c.round);
    void r.wake();
    await flush();
    let answered = 0;
    for (let i = 0; i < 20; i++) void r.wake().then(() => answered++);
    await flush();
    expect(c.state.started).toBe(1);
    await c.finish();
    expect(c.state.started).toBe(2);
    // The round after it started after every one of them: none is answered by the round under way at their wake.
    expect(answered).toBe(0);
    await c.finish();
    expect(answered).toBe(20);
    await flush();
    expect(c.state).toEqual({ started: 2, finished: 2, mostAtOnce: 1 });
  });

  it('never runs two rounds at once, and answers each wake-up with a round started after it', async () => {
    const c = controlledRound();
    const r = rounds(c.round);
    const startedAtWake: number[] = [];
    const finishedWhenAnswered: Promise<number>[] = [];
    const wake = () => {
      startedAtWake.push(c.state.started);
      finishedWhenAnswered.push(r.wake().then(() => c.state.finished));
    };
    // Bursts of wake-ups, each followed by the end of the round under way.
    for (const burst of [1, 3, 1, 0, 5, 2]) {
      for (let i = 0; i < burst; i++) wake();
      await flush();
      if (c.state.started > c.state.finished) await c.finish();
    }
    while (c.state.started > c.state.finished) await c.finish();
    const answered = await Promise.all(finishedWhenAnswered);
    // A wake-up is answered once a round that started after it has finished.
    answered.forEach((finished, i) => expect(finished).toBeGreaterThan(startedAtWake[i]!));
    expect(c.state.mostAtOnce).toBe(1);
    // Each of the 5 bursts costs at most the round it starts and one after it, against 12 wake-ups.
    expect(c.state.started).toBeLessThanOrEqual(2 * 5);
  });

  it('folds timer ticks due while a round runs the same way', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const c = controlledRound();
    rounds(c.round);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(c.state.started).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    expect(c.state.started).toBe(1);
    await c.finish();
    expect(c.state.started).toBe(2);
    await c.finish();
    expect(c.state).toEqual({ started: 2, finished: 2, mostAtOnce: 1 });
  });

  it('runs the next round as usual after a failed one, the failure given to onError', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const r = rounds(
      async () => {
        if (++calls === 1) throw new Error('database gone');
      },
      (error) => errors.push(error),
    );
    await r.wake();
    await r.wake();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('database gone')]);
  });

  it('stop() waits for the round under way and the one asked for after it, and later wake-ups run nothing', async () => {
    const c = controlledRound();
    const r = rounds(c.round);
    void r.wake();
    await flush();
    void r.wake();
    let stopped = false;
    void r.stop().then(() => (stopped = true));
    await c.finish();
    expect(stopped).toBe(false);
    await c.finish();
    expect(stopped).toBe(true);
    await r.wake();
    expect(c.state.started).toBe(2);
  });
});
