import type { Dice } from '../../src/db/seed/demo-random';

/**
 * Picks an index in [0, n) with probability ∝ 1 / (index + offset)^exponent: a Zipf-like law
 * with a few very popular entries and a long tail. `offset` flattens the head, so the most
 * popular of 60k performers has a few thousand works rather than a tenth of the catalogue.
 */
export function skewedPicker(n: number, offset: number, exponent = 1): (dice: Dice) => number {
  if (n <= 0) throw new RangeError('skewedPicker needs at least one entry');
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + offset) ** exponent;
    cdf[i] = sum;
  }
  return (dice) => {
    const target = dice.float() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cdf[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

/**
 * Up to `count` distinct indexes from a picker, in the order drawn. Gives up on a draw after a
 * few repeats, so a short list asked for many entries cannot loop for long.
 */
export function distinctPicks(pick: (dice: Dice) => number, count: number, dice: Dice): number[] {
  const chosen: number[] = [];
  // A linear scan beats a Set for the handful of tags or performers of a work.
  const seen = count > 32 ? new Set<number>() : null;
  let misses = 0;
  while (chosen.length < count && misses < count * 4 + 8) {
    const i = pick(dice);
    if (seen ? seen.has(i) : chosen.includes(i)) {
      misses += 1;
    } else {
      chosen.push(i);
      seen?.add(i);
    }
  }
  return chosen;
}
