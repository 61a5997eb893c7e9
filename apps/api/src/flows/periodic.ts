/**
 * A background task run now and then every `intervalMs` in the server process (pending-order
 * sweeper, recurring-order scheduler, notify-me sweep): never two runs at once, a failed run is
 * logged and the next tick tries again, and the timer does not keep the process alive.
 */

/** Where a failed run is reported. */
export interface PeriodicLog {
  error(obj: object, msg: string): void;
}

/**
 * Starts `run` at once, then every `intervalMs` (ms) while the previous run is not still going.
 * @param label the log message of a failed run, e.g. 'pending order sweep failed'
 * @returns stop: clears the timer and waits for a run in progress to end
 */
export function startPeriodic(run: () => Promise<unknown>, intervalMs: number, log: PeriodicLog, label: string): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error instanceof Error ? error.message : String(error) }, label))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
