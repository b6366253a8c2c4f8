/**
 * A background task every `intervalMs` (scheduled backups, the daily integrity check): the
 * first run at `firstAt`, the next one interval after each run ends. The timer never keeps
 * the process alive; `stop()` cancels the timer and aborts a run under way. A run that
 * throws is logged and the schedule carries on.
 */
import type { Clock } from "./context";
import { messageOf } from "./errors";
import { log } from "./logger";

export function startRecurring(options: {
  clock: Clock;
  firstAt: number;
  intervalMs: number;
  /** For the log line when a run fails ("backup failed"). */
  failure: string;
  run: (signal: AbortSignal) => Promise<unknown>;
}): { stop(): void } {
  const { clock, intervalMs } = options;
  const aborter = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (at: number) => {
    if (aborter.signal.aborted) return;
    timer = setTimeout(run, Math.max(0, at - clock()));
    timer.unref();
  };
  const run = async () => {
    try {
      await options.run(aborter.signal);
    } catch (err) {
      if (aborter.signal.aborted) return;
      log.error(options.failure, { detail: messageOf(err) });
    }
    schedule(clock() + intervalMs);
  };
  schedule(options.firstAt);
  return {
    stop() {
      aborter.abort(new Error("the server is stopping"));
      clearTimeout(timer);
    },
  };
}
