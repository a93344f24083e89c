/**
 * Background work of an instance: `task` once at start and then every interval, never two rounds
 * at once (a round still running skips the tick), the timer never keeping the process alive.
 * A round that fails is reported to `onError` and the next one runs as usual.
 */
export function periodic(task: () => Promise<unknown>, onError: (error: unknown) => void, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    /** Stops the timer and waits for a round in progress. */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
