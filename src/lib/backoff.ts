/**
 * Background retries back off (issue 22, decision 054): after the n-th failure in a row the
 * next try waits `baseMs * 2^(n-1)`, up to `capMs`; a success starts again from `baseMs`.
 * 25 ms doubling reaches a 30 s cap after 11 failures, so a lasting fault costs a log line
 * per step and then two a minute, not dozens a second.
 */
export interface Backoff {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 25, capMs: 30_000 };

/** The wait before the next try after `failures` (1 or more) failures in a row. */
export function backoffDelayMs(failures: number, { baseMs, capMs }: Backoff = DEFAULT_BACKOFF) {
  if (failures <= 0) return baseMs;
  // 2^30 is far beyond any cap; the exponent is bounded so the product stays finite.
  return Math.min(capMs, baseMs * 2 ** Math.min(failures - 1, 30));
}
