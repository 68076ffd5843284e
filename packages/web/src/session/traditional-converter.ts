import { ConverterFactory } from 'opencc-js/core';
import STCharacters from 'opencc-js/dict/STCharacters';
import TWVariants from 'opencc-js/dict/TWVariants';
import TWVariantsPhrases from 'opencc-js/dict/TWVariantsPhrases';

/** A converter from simplified to traditional characters (Taiwan's standard forms). */
export type ToTraditional = (text: string) => string;

/**
 * OpenCC's simplified → Taiwan conversion (s2tw) without most of its phrase dictionary: of
 * STPhrases' 49,000 entries (1 MB, 410 KiB gzip) only the ≈ 9,800 that the character dictionary
 * alone would get wrong (复制 → 複製, not 復制) change a result. `phrases` is that part, as
 * {@link phrasesCharactersMiss} picks it at build time (decision 046).
 */
export function makeToTraditional(phrases: string): ToTraditional {
  return ConverterFactory([SITE_PHRASES, phrases, STCharacters], [TWVariantsPhrases, TWVariants]);
}

/**
 * Phrases the dictionary's part reads otherwise than the whole: a phrase left out, whose
 * characters need no phrase, no longer shields them from a phrase kept (限制为: 制为 → 製為).
 * traditional-converter.test.ts finds these among the interface's texts.
 */
const SITE_PHRASES = '限制 限制|最新发布 最新發布';

/** The entries (`simplified traditional`, `|`-separated) of a phrase dictionary the characters alone convert otherwise. */
export function phrasesCharactersMiss(stPhrases: string): string {
  const byCharacter = ConverterFactory([STCharacters]);
  return stPhrases
    .split('|')
    .filter((entry) => {
      const [simplified = '', traditional] = entry.split(' ');
      return byCharacter(simplified) !== traditional;
    })
    .join('|');
}
