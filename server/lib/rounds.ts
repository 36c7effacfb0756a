/**
 * Runs `round` when woken, one at a time, folding wake-ups: one while idle starts a round at once;
 * all those that come while a round runs share one round queued after it. So a burst costs at most
 * the round under way and one more, and every wake-up is answered by a round that started after it
 * (it sees whatever was written before the wake-up). A wake-up's promise settles as that round does.
 */
export function coalescedRounds(round: () => Promise<unknown>) {
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    // Started on a later tick: never on the waker's stack (a request's handler).
    const current: Promise<void> = Promise.resolve()
      .then(round)
      .then(() => {})
      .finally(() => {
        if (running === current) running = undefined;
      });
    running = current;
    return current;
  };
  return {
    wake(): Promise<void> {
      if (queued) return queued;
      if (!running) return start();
      queued = running
        .catch(() => {})
        .then(() => {
          queued = undefined;
          return start();
        });
      return queued;
    },
    /** Settles once no round runs or waits (at once when idle); never rejects. */
    async idle(): Promise<void> {
      while (queued ?? running) await (queued ?? running)!.catch(() => {});
    },
  };
}

/**
 * Runs `round` every `everyMs` in this process (and once after `firstAfterMs`, if given), and at once
 * on `wake()`, as `coalescedRounds` does: a tick or wake-up while a round runs waits for it, folded
 * with the others into one round. The timers are unref'd, so they never keep the process alive. A
 * failed round goes to `onError`, and the next round runs as usual.
 */
export function startRounds(options: {
  round: () => Promise<unknown>;
  everyMs: number;
  firstAfterMs?: number;
  onError: (error: unknown) => void;
}) {
  const rounds = coalescedRounds(() => options.round().catch(options.onError));
  let stopped = false;
  const run = () => void rounds.wake();
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(run, options.firstAfterMs);
  first?.unref();
  return {
    /** Runs a round now, or folds into the one queued; once stopped, only waits for the last. */
    wake(): Promise<void> {
      return stopped ? rounds.idle() : rounds.wake();
    },
    /** Stops the timers and waits for the rounds under way and asked for, so the database can be closed after. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await rounds.idle();
    },
  };
}
