/**
 * PostgreSQL's COPY text format: one row per line, tab-separated, `\N` for NULL, and backslash
 * escapes for the four characters that would break a line or a field. The same text feeds
 * `COPY … FROM STDIN` on PostgreSQL and `COPY … FROM '/dev/blob'` on PGlite.
 */

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text field; generated values rarely need escaping, so the common case is one regex test. */
export function copyText(value: string): string {
  return NEEDS_ESCAPE.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : value;
}

/** A nullable field. */
export function copyNullable(value: string | null): string {
  return value === null ? '\\N' : copyText(value);
}

/**
 * A `text[]` field: every element double-quoted (so commas, braces and spaces need no thought),
 * quotes and backslashes escaped for the array parser, then the whole escaped for COPY.
 */
export function copyTextArray(values: readonly string[]): string {
  if (values.length === 0) return '{}';
  const joined = values.join('","');
  // Paths and title grams almost never hold a quote or backslash: one test instead of one per element.
  if (!/["\\]/.test(joined)) return copyText(`{"${joined}"}`);
  const elements = values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`);
  return copyText(`{${elements.join(',')}}`);
}

/** A boolean field. */
export function copyBool(value: boolean): string {
  return value ? 't' : 'f';
}
