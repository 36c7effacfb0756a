/**
 * Runs `round` every `everyMs` in this process (and once after `firstAfterMs`, if given), one round
 * at a time: a round due while another runs waits for it. The timers are unref'd, so they never keep
 * the process alive. A failed round goes to `onError`, and the next round runs as usual.
 */
export function startRounds(options: {
  round: () => Promise<unknown>;
  everyMs: number;
  firstAfterMs?: number;
  onError: (error: unknown) => void;
}) {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = running.then(options.round).then(() => {}, options.onError);
    return running;
  };
  const timer = setInterval(run, options.everyMs);
  timer.unref();
  const first = options.firstAfterMs === undefined ? undefined : setTimeout(run, options.firstAfterMs);
  first?.unref();
  return {
    /** Runs a round now (after the one under way); once stopped, only waits for the last. */
    wake(): Promise<void> {
      return stopped ? running : run();
    },
    /** Stops the timers and waits for a round in progress, so the database can be closed after. */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
