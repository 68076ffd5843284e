import { isNumberLike, isNumberPrefix, numberKey } from '@yingku/contract';
import { toSimplified } from './simplified';

/**
 * How titles are indexed and keywords matched (DESIGN.md, "Measured at a million works"):
 * - 3+ characters: trigram GIN over `search_text` (lower-cased number and title), with LIKE;
 * - 1–2 characters: GIN over `title_grams`, the title's lower-cased unigrams and bigrams,
 *   since trigrams cannot serve short Chinese or Japanese words;
 * - numbers in any spelling: the normalised `number_key`.
 */
export function foldText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * Text as the title indexes hold it and keywords are matched against them: folded, in simplified
 * characters, so that a keyword typed in 繁體 finds the works its 简体 spelling finds (decision 046).
 */
export function foldWords(text: string): string {
  return toSimplified(foldText(text));
}

/** A number as the prefix index holds it: upper-cased letters and digits only (`YKJ263`). */
export function compactNumber(text: string): string {
  return text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** `search_text` of a work. */
export function searchText(number: string, title: string): string {
  return foldWords(`${number} ${title}`);
}

/** `title_grams` of a work: unigrams and bigrams within each whitespace-separated run. */
export function titleGrams(title: string): string[] {
  const grams = new Set<string>();
  for (const run of foldWords(title).split(/\s+/)) {
    const chars = [...run];
    for (let i = 0; i < chars.length; i++) {
      grams.add(chars[i]!);
      if (i + 1 < chars.length) grams.add(chars[i]! + chars[i + 1]!);
    }
  }
  grams.delete('');
  return [...grams];
}

/** One whitespace-separated part of a search keyword, and how it may match. */
export interface SearchTerm {
  /** Folded text of the term. */
  text: string;
  /** Matches the title through `title_grams` (1–2 characters) or trigrams (3+). */
  titleMatch: 'grams' | 'trigram';
  /** Number key to match exactly, when the term may be a work number. */
  numberKey?: string;
  /** Match the number key only, not the title: a number's own works, found first. */
  numberOnly?: boolean;
  /** Letter prefix of numbers (e.g. `SSIS`), matched as a prefix of the number key. */
  numberPrefix?: string;
}

/** Splits a keyword into terms; every term must match (AND). */
export function searchTerms(keyword: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const part of keyword.trim().split(/\s+/)) {
    const text = foldWords(part);
    if (!text) continue;
    const term: SearchTerm = { text, titleMatch: [...text].length <= 2 ? 'grams' : 'trigram' };
    if (isNumberLike(part)) term.numberKey = numberKey(part);
    else if (isNumberPrefix(part)) term.numberPrefix = numberKey(part);
    terms.push(term);
  }
  // A whole keyword like "SSIS 001" is one number, too.
  if (terms.length > 1 && isNumberLike(keyword)) {
    return [{ text: foldText(keyword.trim()), titleMatch: 'trigram', numberKey: numberKey(keyword) }];
  }
  return terms;
}
