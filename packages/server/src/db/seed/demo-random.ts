/** mulberry32: a tiny seeded PRNG; the same seed gives the same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The random choices the demo generator makes, over one seeded stream. */
export interface Dice {
  /** A float in [0, 1). */
  float(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** An index in [0, n) that favours the start: a few prolific performers, many occasional. */
  skewed(n: number): number;
  /** `count` distinct items, in list order. */
  some<T>(list: readonly T[], count: number): T[];
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[];
  /** Lower-case hexadecimal digits. */
  hex(length: number): string;
}

/** A {@link Dice} over a mulberry32 stream seeded with `seed`. */
export function createDice(seed: number): Dice {
  const float = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(float() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new RangeError('pick from an empty list');
    return list[int(0, list.length - 1)] as T;
  };
  return {
    float,
    int,
    chance: (probability) => float() < probability,
    pick,
    skewed: (n) => Math.min(n - 1, Math.floor(float() ** 1.5 * n)),
    some<T>(list: readonly T[], count: number): T[] {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(count, list.length)) chosen.add(int(0, list.length - 1));
      return [...chosen].sort((a, b) => a - b).map((i) => list[i] as T);
    },
    shuffle<T>(list: readonly T[]): T[] {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
    hex(length) {
      let out = '';
      while (out.length < length)
        out += Math.floor(float() * 2 ** 32)
          .toString(16)
          .padStart(8, '0');
      return out.slice(0, length);
    },
  };
}
