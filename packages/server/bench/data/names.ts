/**
 * Unique names by index: the i-th name is the i-th combination of some word lists, visited in a
 * scrambled order (so neighbouring indexes, which have similar popularity, do not share their
 * first word); past the last combination a number is appended, so any count stays unique.
 */

/** A step coprime with `n`, so `i * step mod n` visits every index once. */
function coprimeStep(n: number): number {
  for (const step of [7919, 104729, 1299709, 15485863]) if (n % step !== 0) return step % n || 1;
  return 1;
}

/** The `i`-th combination of `lists` (one word from each, joined); unique for distinct `i`. */
export function combination(lists: ReadonlyArray<readonly string[]>, i: number, join = ''): string {
  const capacity = lists.reduce((n, list) => n * list.length, 1);
  const round = Math.floor(i / capacity);
  let rest = Number((BigInt(i % capacity) * BigInt(coprimeStep(capacity))) % BigInt(capacity));
  const words: string[] = [];
  for (const list of lists) {
    words.push(list[rest % list.length]!);
    rest = Math.floor(rest / list.length);
  }
  const name = words.filter((w) => w !== '').join(join);
  return round === 0 ? name : `${name}${join}${round + 1}`;
}

/** Two-letter-or-longer upper-case code of `i`: AA, AB, … ZZ, AAA … (number prefixes). */
export function letterCode(i: number, minLength = 2): string {
  let code = '';
  let n = i;
  let length = minLength;
  let span = 26 ** length;
  while (n >= span) {
    n -= span;
    length += 1;
    span = 26 ** length;
  }
  for (let k = 0; k < length; k++) {
    code = String.fromCharCode(65 + (n % 26)) + code;
    n = Math.floor(n / 26);
  }
  return code;
}

/**
 * `count` distinct names from `make(0)`, `make(1)`, …: word lists can concatenate to the same
 * text in two ways, and a repeat would break a unique key when the constraints come back.
 */
export function uniqueNames(count: number, make: (i: number) => string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (let i = 0; names.length < count; i++) {
    const name = make(i);
    if (!seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}
