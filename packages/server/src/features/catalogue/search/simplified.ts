import { Converter } from 'opencc-js/t2cn';

const HAN = /\p{Script=Han}/u;
let convert: ((text: string) => string) | undefined;

/**
 * Text in simplified characters (decision 046: search accepts either script): OpenCC's Taiwan →
 * mainland conversion, its character and phrase dictionaries (opencc-js, decision 046). Text
 * without Han characters is returned as it is, without building the converter.
 */
export function toSimplified(text: string): string {
  if (!HAN.test(text)) return text;
  convert ??= Converter({ from: 'tw', to: 'cn' });
  return convert(text);
}

/** `text`, and its simplified spelling when that differs: a name is looked up as either. */
export function spellings(text: string): string[] {
  const simplified = toSimplified(text);
  return simplified === text ? [text] : [text, simplified];
}
