/**
 * Worker threads (reads, jobs, integrity checks) run at a lower CPU priority than the request
 * thread: on Linux the nice value is per thread, so with every core busy on searches and an
 * export, the request thread still gets the CPU first and /healthz, sign-ins and writes keep
 * answering at once (issue 11). Elsewhere, or without permission, it changes nothing.
 */
import { setPriority } from "node:os";

/** Nice 10: about a tenth of the CPU share of a nice-0 thread when both want it. */
const BACKGROUND_NICE = 10;

export function lowerThisThreadsPriority(): void {
  try {
    setPriority(0, BACKGROUND_NICE);
  } catch {
    // Not permitted or not supported: the worker runs at normal priority.
  }
}
