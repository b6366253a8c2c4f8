/**
 * A small seeded pseudo-random generator (mulberry32) for the crash test and the simulation:
 * the same seed gives the same sequence of choices, so a failure can be replayed.
 */
export interface Prng {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
}

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    seed,
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
  };
}

/** A seed from an environment variable (to replay a failure), else the given default. */
export function seedFrom(variable: string, fallback: number): number {
  const text = process.env[variable];
  if (text === undefined || text === "") return fallback;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`${variable} must be an integer, got ${text}`);
  return seed;
}
