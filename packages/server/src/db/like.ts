/**
 * LIKE patterns from what a user typed: the wildcards (`%`, `_`) and the escape character are
 * escaped, so a keyword matches literally (PostgreSQL's default escape is the backslash).
 */

/** `text` literally inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching texts that start with `prefix` literally. */
export function likePrefix(prefix: string): string {
  return `${escapeLike(prefix)}%`;
}

/** A LIKE pattern matching texts that end with `suffix` literally. */
export function likeSuffix(suffix: string): string {
  return `%${escapeLike(suffix)}`;
}

/** A LIKE pattern matching texts that contain `part` literally. */
export function likeContains(part: string): string {
  return `%${escapeLike(part)}%`;
}

/** The last code point there is; a prefix ending in it has no next one at its length. */
const MAX_CODE_POINT = 0x10ffff;

/**
 * The range of texts that start with `prefix`, in byte order (the order of `text_pattern_ops`
 * and of `~>=~` / `~<~`; UTF-8's byte order is code point order): from the prefix itself to,
 * not including, the prefix with its last code point the next one. `to` is null when no text
 * follows every text that starts with it (a prefix of U+10FFFF only).
 *
 * A LIKE pattern becomes such a range only when the planner sees its value; a statement planned
 * once for any value (a generic plan) reads an index by prefix only through these bounds.
 */
export function prefixRange(prefix: string): { from: string; to: string | null } {
  const points = [...prefix].map((c) => c.codePointAt(0)!);
  while (points.length > 0 && points[points.length - 1] === MAX_CODE_POINT) points.pop();
  if (points.length === 0) return { from: prefix, to: null };
  const last = points.pop()! + 1;
  // UTF-16's surrogates are no code points of text: the next one after U+D7FF is U+E000.
  points.push(last === 0xd800 ? 0xe000 : last);
  return { from: prefix, to: String.fromCodePoint(...points) };
}
