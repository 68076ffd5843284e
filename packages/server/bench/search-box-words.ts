import type { Dice } from '../src/db/seed/demo-random';

// What a visitor types into the search box while suggestions and name matches come back
// (decision 043), cut from real numbers, titles and names of the catalogue under test.

const CJK = /[\u3040-\u30ff\u3400-\u9fff]/u;
/** Latin words of a romanised name: spaced (`Avery Q. Sampleton`) or run together (`SunnyReel`). */
const LATIN_WORD = /[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g;

/** A number half typed: its first `length` characters (at least 2, short of the whole), maybe lower-cased. */
export function numberPrefix(number: string, length: number, lower: boolean): string {
  const typed = number.slice(0, Math.max(2, Math.min(length, number.length - 1)));
  return lower ? typed.toLowerCase() : typed;
}

/** The first `length` characters of a title (code points, so a CJK character is one). */
export function titleStart(title: string, length: number): string {
  return [...title.trim()].slice(0, length).join('').trim() || title;
}

/**
 * Part of a name a visitor remembers: 1–4 characters of a CJK name (of the part after a shared
 * `演示片商·`-style prefix, which no one types), or one word of a romanised name, whole or its
 * first 3+ letters, as shown or lower-cased.
 */
export function namePiece(name: string, dice: Dice): string {
  const own = name.slice(name.lastIndexOf('·') + 1) || name;
  if (CJK.test(own)) {
    const chars = [...own];
    const length = Math.min(dice.int(1, 4), chars.length);
    const start = dice.int(0, chars.length - length);
    return chars.slice(start, start + length).join('');
  }
  const words = own.match(LATIN_WORD)?.filter((w) => w.length >= 3) ?? [];
  if (words.length === 0) return own.slice(0, 32);
  const word = dice.pick(words);
  const typed = word.slice(0, dice.int(Math.min(3, word.length), word.length));
  return dice.chance(0.5) ? typed.toLowerCase() : typed;
}
