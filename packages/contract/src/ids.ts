/**
 * Ids as they travel: 64-bit integers written as decimal strings (never JSON numbers, which
 * lose precision past 2^53). One check for every id the server accepts and the web sends; its
 * own module, without zod, so the web's first screens can use it (decision 035).
 */

/** The largest id the database can hold (PostgreSQL bigint). */
export const INT64_MAX = 9223372036854775807n;

/** A positive decimal without a leading zero, at most 19 digits: the shape of every id. */
export const ID_PATTERN = /^[1-9]\d{0,18}$/;

/** True for an id the database can hold: a positive decimal within int64, no leading zero. */
export function isInt64Id(value: string): boolean {
  return ID_PATTERN.test(value) && BigInt(value) <= INT64_MAX;
}
