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
