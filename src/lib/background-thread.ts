/**
 * Background threads (the books check and export jobs, integrity checks) run at a lower CPU
 * priority: on Linux the nice value is per thread, so while a long job keeps a core busy the
 * request thread and the read workers still get the CPU first, and /healthz, searches and
 * writes keep answering at once (issue 11). The read workers stay at normal priority: they
 * answer people at the counter, and must not starve behind other programs on the machine.
 * Elsewhere, or without permission, it changes nothing.
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
